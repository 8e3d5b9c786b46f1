// What the sign-in pages need of the zod contract, as one module they import on demand: the first download of
// the sign-in page carries no zod (docs/decisions.md "Sign-in page split"). The page asks for it at once, so it
// is there before the first field is left; a submit waits for it.
export {
  CreatePasswordRequest,
  LoginChallenge,
  LoginRequest,
  LoginResponse,
  ResetPasswordConfirm,
  ResetPasswordRequest,
} from "../../contract/auth";
export { ErrorBody } from "../../contract/common";
export { validateWith } from "../forms/validateWith";

export type SignInContract = typeof import("./signInContract");
