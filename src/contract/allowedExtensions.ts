// Allowed extensions (admin-and-sign-in §2 Allowed-extensions screen, §3, §5, §7): the extensions a call
// centre's accounts may have. One rule for the manager's page (checked before sending) and the gateway:
// 3 to 6 digits, else 'Invalid extension format'; an extension already allowed is 'Extension already exists'.
import { z } from "zod";

export const EXTENSION_MIN_DIGITS = 3;
export const EXTENSION_MAX_DIGITS = 6;

export const EXTENSION_MESSAGES = {
  invalid: "Invalid extension format",
  duplicate: "Extension already exists",
} as const;

const EXTENSION_FORMAT = /^[0-9]{3,6}$/;

/** The one validator: ASCII digits only, 3 to 6 of them (blanks around are the caller's to trim). */
export function isValidExtension(value: string): boolean {
  return EXTENSION_FORMAT.test(value);
}

/** An extension as a body carries it: trimmed, then 3 to 6 digits. */
export const Extension = z
  .string({ error: EXTENSION_MESSAGES.invalid })
  .trim()
  .refine(isValidExtension, EXTENSION_MESSAGES.invalid);

/** POST /allowed-extensions {extension} (201). */
export const AllowedExtensionBody = z.strictObject({ extension: Extension });
export type AllowedExtensionBody = z.infer<typeof AllowedExtensionBody>;

/** DELETE /allowed-extensions/{extension} (204; 404 when it is not allowed). */
export const AllowedExtensionParams = z.strictObject({ extension: Extension });

export const AllowedExtension = z.object({ extension: z.string() });
export type AllowedExtension = z.infer<typeof AllowedExtension>;

/** GET /allowed-extensions?free=true: only those no account of the call centre holds (an account form's choices). */
export const AllowedExtensionQuery = z.strictObject({ free: z.literal("true").optional() });

/** GET /allowed-extensions: the call centre's allowed extensions, in order. */
export const AllowedExtensionList = z.object({ data: z.array(AllowedExtension) });
