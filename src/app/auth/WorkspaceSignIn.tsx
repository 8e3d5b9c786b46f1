import { useMemo, type ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { useServices } from "../services";
import { SignInProvider, type SignInPort } from "./signInPort";

/** The sign-in pages inside the workspace (after a sign-out): a sign-in enters the account and opens home. */
export function WorkspaceSignIn({ children }: { children: ReactNode }) {
  const { auth, signIn, notifier, root } = useServices();
  const navigate = useNavigate();
  const port = useMemo<SignInPort>(
    () => ({
      client: signIn,
      notifier,
      signedIn(account, token) {
        auth.enter(account, token);
        navigate("/", { replace: true });
      },
      loggingIn: (on) => root.account.setLoggingIn(on),
    }),
    [auth, signIn, notifier, navigate, root],
  );
  return <SignInProvider value={port}>{children}</SignInProvider>;
}
