// The call centre's accounts (issue 17; the specification shows no such screen or path): an admin creates,
// edits, deactivates and reactivates the agents and managers who sign in, and sends a password reset. The
// paths follow §7's style: GET/POST /accounts, PUT /accounts/{id}, POST/DELETE /accounts/{id}/deactivation,
// POST /accounts/{id}/password-reset. One rule for the page (checked before sending) and the gateway.
import { z } from "zod";
import { LOGIN_MAX } from "./auth";
import { ErrorBody, HIERARCHY_ROLES, Language, type HierarchyRole } from "./common";
import { EXTENSION_MESSAGES, isValidExtension } from "./allowedExtensions";
import { defineEndpoint } from "./endpoint";
import { decimalInteger, idParam, MAX_RECORD_ID } from "./ids";
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

// ---------------------------------------------------------------- endpoints (agents module)

/** The Accounts page: one page of the call centre's accounts, searched; ?role=manager, the form's teams. */
export const listAccounts = defineEndpoint({
  method: "GET",
  path: "/accounts",
  summary:
    "Not in the specification (the accounts screen of the users area; §7's style): every account of the caller's call centre, managers and above included, one page at a time: {data: [{id, first_name, last_name, full_name, email, role, level, extension, is_bilingual, language, has_webrtc, manager_id, disabled, deactivated, password_state}], meta: {total, page, per_page}}. query (at most 100 characters, trimmed) matches without case the first name, the last name, \"first last\", the e-mail and the extension; per_page 10, 25, 50 or 100 (default 25); role narrows to one role. disabled: the account cannot sign in; deactivated: calling disabled.",
  tags: ["accounts"],
  query: AccountListQuery,
  responses: { 200: AccountListResponse, 422: ErrorBody },
});
/** The form's create: the temporary password is answered once (a replay of its key answers {id}). */
export const createAccount = defineEndpoint({
  method: "POST",
  path: "/accounts",
  summary:
    `Not in the specification (§7's style): creates an account of the caller's call centre. 201 {id, temporary_password}: the account must create its own password at its first sign-in with that temporary password (new_password_required); the temporary password is answered this once and never stored in clear (a replay of the Idempotency-Key answers {id} alone). Names 1 to 64 characters, e-mail at most 100 and unique ('${ACCOUNT_MESSAGES.emailTaken}'), extension 3 to 6 digits (qualifiers and advisors need one), one of the call centre's allowed extensions and held by no other active account; manager_id (qualifiers and advisors only) one of the call centre's managers; every refusal 422 on its field. 403 when the caller may not give the role: a manager creates qualifiers and advisors only, managers need an admin or higher, nobody gives a role above their own. Takes an Idempotency-Key.`,
  tags: ["accounts"],
  body: AccountBody,
  responses: { 201: CreatedAccount, 403: ErrorBody, 409: ErrorBody, 422: ErrorBody },
  idempotent: true,
});
/** The form's edit. */
export const saveAccount = defineEndpoint({
  method: "PUT",
  path: "/accounts/:id",
  summary:
    "Not in the specification (§7's style): replaces an account's details with the same body and rules as POST /accounts. 204. An extension or team the account already has is kept even if no longer allowed. A role change ends the account's sessions at once. 403 for an account or a role the caller may not manage; 422 'You cannot change your own role.' on role for the caller's own account; 403 too for an account of another call centre (the object-level check of every route naming an agent).",
  tags: ["accounts"],
  params: idParam,
  body: AccountBody,
  responses: { 204: z.null(), 403: ErrorBody, 404: ErrorBody, 422: ErrorBody },
});
/** The row actions: deactivate, reactivate, send a password reset. */
export const deactivateAccount = defineEndpoint({
  method: "POST",
  path: "/accounts/:id/deactivation",
  summary:
    "Not in the specification (§7's style): deactivates an account (users.disabled): it can no longer sign in and its sessions end at once. Calling disabled (PATCH /agents/{id}/calling-statuses) is another thing. 201 {id, disabled: true}, again for one already deactivated. 409 for the caller's own account; 403 for an account the caller may not manage; 403 too for an account of another call centre (the object-level check of every route naming an agent).",
  tags: ["accounts"],
  params: idParam,
  responses: { 201: z.object({ id: z.number().int(), disabled: z.boolean() }), 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
});
export const reactivateAccount = defineEndpoint({
  method: "DELETE",
  path: "/accounts/:id/deactivation",
  summary:
    "Not in the specification (§7's style): reactivates a deactivated account: it signs in again. 204, also for one that is active. 409 'Extension already in use by another account.' when another active account took its extension meanwhile; 403 for an account the caller may not manage; 403 too for an account of another call centre (the object-level check of every route naming an agent).",
  tags: ["accounts"],
  params: idParam,
  responses: { 204: z.null(), 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
});
export const resetAccountPassword = defineEndpoint({
  method: "POST",
  path: "/accounts/:id/password-reset",
  summary:
    "Not in the specification (§7's style): makes the account reset its password: password_reset_required, and its sessions end at once. Its next sign-in leads to the reset screen, which sends the code by e-mail (POST /login/reset-password); the caller never learns a password. 201 {id, password_state}. 409 for the caller's own account (the sign-in screen's Forgot password? is for that); 403 for an account the caller may not manage; 403 too for an account of another call centre (the object-level check of every route naming an agent).",
  tags: ["accounts"],
  params: idParam,
  responses: {
    201: z.object({ id: z.number().int(), password_state: z.literal("password_reset_required") }),
    403: ErrorBody,
    404: ErrorBody,
    409: ErrorBody,
  },
});
