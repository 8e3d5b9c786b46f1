// What the sign-in pages need from whoever shows them: the gateway client, the toasts, and what to do once an
// account has signed in. The sign-in page's first download gives one that loads the workspace
// (src/main.tsx); the workspace gives one that signs its account store in (src/app/auth/WorkspaceSignIn.tsx).
import { createContext, useContext } from "react";
import type { LoginResponse } from "../../contract/auth";
import type { Notifier } from "../notifier";
import type { SignInClient } from "./signInClient";

export interface SignInPort {
  client: SignInClient;
  notifier: Notifier;
  /** Takes the agent into the workspace, signed in with this account and token. */
  signedIn(account: LoginResponse, token: string): Promise<void> | void;
  /** Told while a sign-in is on its way (the workspace's account state has `loggingIn`, agent-workspace §3). */
  loggingIn?(on: boolean): void;
}

const SignInContext = createContext<SignInPort | null>(null);
export const SignInProvider = SignInContext.Provider;

export function useSignIn(): SignInPort {
  const port = useContext(SignInContext);
  if (!port) throw new Error("useSignIn() needs a <SignInProvider> above it");
  return port;
}
