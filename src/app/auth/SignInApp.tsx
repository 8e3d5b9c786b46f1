import { useEffect, useMemo } from "react";
import type { i18n as I18n } from "i18next";
import { I18nextProvider } from "react-i18next";
import { createBrowserRouter, Navigate, RouterProvider } from "react-router-dom";
import { authRoutes } from "./authRoutes";
import { SignInProvider, type SignInPort } from "./signInPort";

interface SignInAppProps {
  i18n: I18n;
  port: SignInPort;
  /** Loads the workspace's code; asked once the page is idle, so it is there by the time the agent signs in. */
  prefetch(): Promise<unknown>;
}

/**
 * The sign-in page as the first download brings it (no session kept here): the /auth pages only, every other
 * path sent to the login page. A sign-in hands over to the workspace (the port's `signedIn`).
 */
export function SignInApp({ i18n, port, prefetch }: SignInAppProps) {
  const router = useMemo(
    () => createBrowserRouter([authRoutes(), { path: "*", element: <Navigate to="/auth/login" replace /> }]),
    [],
  );
  useEffect(() => () => router.dispose(), [router]);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    idle(() => void prefetch().catch(() => undefined));
  }, [prefetch]);
  return (
    <I18nextProvider i18n={i18n}>
      <SignInProvider value={port}>
        <RouterProvider router={router} />
      </SignInProvider>
    </I18nextProvider>
  );
}
