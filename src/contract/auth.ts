// Sign-in contract: POST /login and /logout are the specification's; the create-password and reset-password
// calls are not shown there, so they are designed in the same style under /login/… (the browser only sends
// unauthenticated requests whose URL contains /login, admin-and-sign-in §7).
import { z } from "zod";
import { Language, Role } from "./common";
import { LOGIN_MAX, PASSWORD_MAX, PASSWORD_MIN } from "./constants";

export { LOGIN_MAX, PASSWORD_MAX, PASSWORD_MIN };

export const LoginRequest = z.strictObject({
  email: z.string().trim().min(1).max(LOGIN_MAX),
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** The login response / account of agent-workspace §3, snake case as on the wire. */
export const LoginResponse = z.object({
  access_token: z.string(),
  auto_answer: z.boolean(),
  auto_answer_time: z.number().int().nonnegative(),
  id: z.number().int(),
  tenant_id: z.number().int(),
  /** '1' means calling disabled by a manager. */
  deactivated: z.enum(["0", "1"]),
  email: z.string(),
  extension: z.string().nullable(),
  has_webrtc: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  language: Language,
  roles: z.array(Role),
  inbound_only: z.boolean(),
  can_transfer_to_sunlife: z.boolean(),
  is_iapp2_agent: z.boolean(),
  can_transfer_to_matcha: z.boolean(),
  is_external: z.boolean(),
  health_licenses: z.array(z.string()),
  permissions: z.array(z.string()),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/**
 * A login that needs one more step answers 202 with a challenge instead of the account: a newcomer must
 * create a password, or an account flagged by an admin must reset it. `session` proves the first step passed.
 */
export const LoginChallenge = z.object({
  challenge: z.enum(["new_password_required", "password_reset_required"]),
  user: z.object({ email: z.string(), first_name: z.string(), last_name: z.string() }),
  session: z.string(),
});
export type LoginChallenge = z.infer<typeof LoginChallenge>;

export const NewPassword = z
  .string()
  .min(PASSWORD_MIN, { message: "password.too_short" })
  .max(PASSWORD_MAX, { message: "password.too_long" });

/** POST /login/create-password: answers the new_password_required challenge. 204. */
export const CreatePasswordRequest = z.strictObject({
  email: z.string().trim().min(1).max(LOGIN_MAX),
  session: z.string().min(1).max(2048),
  password: NewPassword,
});

/** POST /login/reset-password: step 1, sends a code to the account's mailbox. 202, whether or not it exists. */
export const ResetPasswordRequest = z.strictObject({ email: z.string().trim().min(1).max(LOGIN_MAX) });

/** POST /login/reset-password/confirm: step 2, code from the mailbox plus the new password. 204. */
export const ResetPasswordConfirm = z.strictObject({
  email: z.string().trim().min(1).max(LOGIN_MAX),
  code: z.string().trim().regex(/^\d{6}$/, { message: "code.invalid" }),
  password: NewPassword,
});

/** One message in the development mailbox (GET /login/dev-mailbox?email=…: only with DEV_MAILBOX=true, only to loopback clients, never in production). */
export const MailboxMessage = z.object({
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  code: z.string().optional(),
  sent_at: z.string(),
});
