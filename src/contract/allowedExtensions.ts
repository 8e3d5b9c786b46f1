// Allowed extensions (admin-and-sign-in §2 Allowed-extensions screen, §3, §5, §7): the extensions a call
// centre's accounts may have. One rule for the manager's page (checked before sending) and the gateway:
// 3 to 6 digits, else 'Invalid extension format'; an extension already allowed is 'Extension already exists'.
import { z } from "zod";
import { ErrorBody } from "./common";
import { defineEndpoint } from "./endpoint";

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

// ---------------------------------------------------------------- endpoints (extensions module)

/** The Allowed Extensions page's list; ?free=true, the accounts form's choices. */
export const listAllowedExtensions = defineEndpoint({
  method: "GET",
  path: "/allowed-extensions",
  summary:
    "The call centre's allowed extensions, in order: {data: [{extension}]}. An account's extension must be one of them. free=true keeps those no account of the call centre holds (the accounts form's choices).",
  tags: ["users"],
  query: AllowedExtensionQuery,
  responses: { 200: AllowedExtensionList },
});
export const addAllowedExtension = defineEndpoint({
  method: "POST",
  path: "/allowed-extensions",
  summary:
    "Allows an extension for the call centre's accounts: {extension}, trimmed, 3 to 6 digits (else 422 'Invalid extension format' on extension); one already allowed is 422 'Extension already exists'; one another call centre allows or gives an account is 409 'This extension belongs to another call centre.' (extensions are one numbering plan on the PBX). 201 {data: {extension}}. A retry of a lost answer is that 422, so no Idempotency-Key is needed.",
  tags: ["users"],
  body: AllowedExtensionBody,
  responses: { 201: z.object({ data: AllowedExtension }), 409: ErrorBody, 422: ErrorBody },
});
export const removeAllowedExtension = defineEndpoint({
  method: "DELETE",
  path: "/allowed-extensions/:extension",
  summary:
    "No longer allows an extension for new accounts (accounts that have it keep it). 204; 404 when the call centre does not allow it; 422 'Invalid extension format' when it is not 3 to 6 digits.",
  tags: ["users"],
  params: AllowedExtensionParams,
  responses: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
});
