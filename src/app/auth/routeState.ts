import type { LoginChallenge } from "../../contract/auth";

// What the sign-in pages hand each other through the router's location state.

/** Back to login with the username filled in. */
export interface LoginState {
  email?: string;
}
/** Answers a new_password_required challenge. */
export interface CreatePasswordState {
  user: LoginChallenge["user"];
  session: string;
}
/** Reset with the username filled in; `reason` when the sign-in demanded it. */
export interface ResetPasswordState {
  email?: string;
  reason?: LoginChallenge["challenge"];
}
