// The call centre's accounts (issue 17; the specification shows no such screen or path): an admin creates,
// edits, deactivates and reactivates the agents and managers who sign in, and sends a password reset. The
// paths follow §7's style: GET/POST /accounts, PUT /accounts/{id}, POST/DELETE /accounts/{id}/deactivation,
// POST /accounts/{id}/password-reset. One rule for the page (checked before sending) and the gateway.
import { z } from "zod";
import { LOGIN_MAX } from "./auth";
import { HIERARCHY_ROLES, Language, type HierarchyRole } from "./common";
import { EXTENSION_MESSAGES, isValidExtension } from "./allowedExtensions";
import { decimalInteger, MAX_RECORD_ID } from "./ids";
import { lineText } from "./text";

/** admin-and-sign-in §9: names at most 64 characters; the login (the e-mail) at most 100. */
export const ACCOUNT_NAME_MAX = 64;
export const ACCOUNT_EMAIL_MAX = LOGIN_MAX;
/** Levels an agent can be on (the dials-per-level settings number them from 1). */
export const ACCOUNT_LEVEL_MIN = 1;
export const ACCOUNT_LEVEL_MAX = 20;

/** An account's role (users.role): the two agent roles, then the role order from manager up. */
export const ACCOUNT_ROLES = ["qualifier", "advisor", "manager", "admin", "super", "operations-manager"] as const;
export const AccountRole = z.enum(ACCOUNT_ROLES);
export type AccountRole = z.infer<typeof AccountRole>;
/** The roles that are in a manager's team and need an extension to call. */
export const AGENT_ACCOUNT_ROLES = ["qualifier", "advisor"] as const satisfies readonly AccountRole[];
export const isAgentRole = (role: string) => (AGENT_ACCOUNT_ROLES as readonly string[]).includes(role);

/** The rung of the role order an account's role stands on: agents on the first (setter). */
export function rungOf(role: AccountRole): HierarchyRole {
  return isAgentRole(role) ? "setter" : (role as HierarchyRole);
}

/** The highest rung among roles held (a session's roles); undefined for none. */
function highestRung(held: readonly string[]): number {
  return Math.max(-1, ...held.map((r) => HIERARCHY_ROLES.indexOf(r as HierarchyRole)));
}

/**
 * Whether roles `held` may create or edit an account of `role`: a manager the agents only (qualifiers and
 * advisors); managers only an admin or higher; above that, nobody a role above their own.
 */
export function mayManageRole(held: readonly string[], role: AccountRole): boolean {
  const own = highestRung(held);
  if (own < HIERARCHY_ROLES.indexOf("manager")) return false;
  if (isAgentRole(role)) return true;
  if (role === "manager") return own >= HIERARCHY_ROLES.indexOf("admin");
  return own >= HIERARCHY_ROLES.indexOf(rungOf(role));
}

/** The roles `held` may give an account, in the order of the form's choices. */
export const grantableRoles = (held: readonly string[]): AccountRole[] => ACCOUNT_ROLES.filter((r) => mayManageRole(held, r));

/** The gateway's refusals: 422 on a field, 403 for a role the caller may not give or touch, 409 on oneself. */
export const ACCOUNT_MESSAGES = {
  required: "This field is required.",
  nameTooLong: `At most ${ACCOUNT_NAME_MAX} characters.`,
  emailInvalid: "This is not a valid e-mail address.",
  emailTooLong: `At most ${ACCOUNT_EMAIL_MAX} characters.`,
  emailTaken: "E-mail already in use.",
  extensionInvalid: EXTENSION_MESSAGES.invalid,
  extensionRequired: "A qualifier or an advisor needs an extension.",
  extensionNotAllowed: "This extension is not one of the call centre's allowed extensions.",
  extensionTaken: "Extension already in use by another account.",
  levelInvalid: `The level is a whole number from ${ACCOUNT_LEVEL_MIN} to ${ACCOUNT_LEVEL_MAX}.`,
  teamInvalid: "Choose one of the call centre's managers.",
  teamOnlyAgents: "Only qualifiers and advisors are in a manager's team.",
  managersByAdmins: "Only an admin or higher creates or edits managers.",
  roleAboveOwn: "You cannot give a role above your own.",
  accountAboveOwn: "You cannot change an account whose role is above yours.",
  ownRole: "You cannot change your own role.",
  ownDeactivation: "You cannot deactivate your own account.",
  ownReset: "Reset your own password from the sign-in screen (Forgot password?).",
} as const;

const name = lineText(ACCOUNT_NAME_MAX, { tooLong: ACCOUNT_MESSAGES.nameTooLong, invalid: { error: ACCOUNT_MESSAGES.required } }).pipe(
  z.string().min(1, ACCOUNT_MESSAGES.required),
);

/** A plain address: something@domain.tld, no blanks; stored in lower case as sign-in compares it. */
const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isValidEmail = (value: string) => EMAIL_FORMAT.test(value);

/**
 * POST /accounts and PUT /accounts/{id}: the whole account. Blank extension is null; manager_id is the team's
 * manager (qualifiers and advisors only, else null).
 */
export const AccountBody = z.strictObject({
  first_name: name,
  last_name: name,
  email: z
    .string({ error: ACCOUNT_MESSAGES.required })
    .trim()
    .min(1, ACCOUNT_MESSAGES.required)
    .max(ACCOUNT_EMAIL_MAX, ACCOUNT_MESSAGES.emailTooLong)
    .refine(isValidEmail, ACCOUNT_MESSAGES.emailInvalid)
    .transform((e) => e.toLowerCase()),
  role: AccountRole,
  level: z
    .number({ error: ACCOUNT_MESSAGES.levelInvalid })
    .int(ACCOUNT_MESSAGES.levelInvalid)
    .min(ACCOUNT_LEVEL_MIN, ACCOUNT_MESSAGES.levelInvalid)
    .max(ACCOUNT_LEVEL_MAX, ACCOUNT_MESSAGES.levelInvalid),
  extension: z
    .string({ error: ACCOUNT_MESSAGES.extensionInvalid })
    .trim()
    .transform((e) => e || null)
    .refine((e) => e === null || isValidExtension(e), ACCOUNT_MESSAGES.extensionInvalid)
    .nullable(),
  is_bilingual: z.boolean(),
  language: Language,
  has_webrtc: z.boolean(),
  manager_id: z.number().int().min(1).max(MAX_RECORD_ID).nullable(),
});
export type AccountBody = z.input<typeof AccountBody>;
export type AccountValues = z.output<typeof AccountBody>;

/** 201 of POST /accounts: the temporary password is shown once, and never again (a replay answers the id only). */
export const CreatedAccount = z.object({ id: z.number().int(), temporary_password: z.string().optional() });
export type CreatedAccount = z.infer<typeof CreatedAccount>;

export const ACCOUNT_PAGE_SIZES = [10, 25, 50, 100] as const;
export const ACCOUNT_QUERY_MAX = 100;

/** GET /accounts: every role, searched by name, e-mail and extension, paged like GET /agents. */
export const AccountListQuery = z.strictObject({
  query: z.string().trim().max(ACCOUNT_QUERY_MAX).optional(),
  page: decimalInteger(1, 1_000_000).default(1),
  per_page: z
    .enum(ACCOUNT_PAGE_SIZES.map(String) as ["10", "25", "50", "100"], {
      error: `per_page must be one of ${ACCOUNT_PAGE_SIZES.join(", ")}`,
    })
    .transform(Number)
    .default(25),
  role: AccountRole.optional(),
});
export type AccountListQuery = z.input<typeof AccountListQuery>;

export const PasswordState = z.enum(["active", "new_password_required", "password_reset_required"]);

export const AccountListItem = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  role: AccountRole,
  level: z.number().int(),
  extension: z.string().nullable(),
  is_bilingual: z.boolean(),
  language: Language,
  has_webrtc: z.boolean(),
  manager_id: z.number().int().nullable(),
  /** The account cannot sign in (users.disabled). */
  disabled: z.boolean(),
  /** Calling disabled by a manager (users.deactivated), apart from the account. */
  deactivated: z.boolean(),
  password_state: PasswordState,
});
export type AccountListItem = z.infer<typeof AccountListItem>;

export const AccountListResponse = z.object({
  data: z.array(AccountListItem),
  meta: z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
});
export type AccountListResponse = z.infer<typeof AccountListResponse>;
