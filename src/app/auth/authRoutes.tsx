import type { ReactNode } from "react";
import { Navigate, type RouteObject } from "react-router-dom";
import { AuthLayout } from "./AuthLayout";
import { CreatePasswordScreen } from "./CreatePasswordScreen";
import { LoginScreen } from "./LoginScreen";
import { ResetPasswordScreen } from "./ResetPasswordScreen";

/**
 * The three sign-in pages under /auth, for the sign-in page's own router (src/main.tsx) and the workspace's
 * (src/app/routes.tsx). `frame` wraps the layout (the workspace gives its sign-in port there); `guard` wraps each
 * page with its access (the workspace sends a signed-in agent on from the login page).
 */
export function authRoutes({
  frame = (layout) => layout,
  guard = (_access, page) => page,
}: {
  frame?: (layout: ReactNode) => ReactNode;
  guard?: (access: "login" | "public", page: ReactNode) => ReactNode;
} = {}): RouteObject {
  return {
    path: "/auth",
    element: frame(<AuthLayout />),
    children: [
      { path: "login", element: guard("login", <LoginScreen />) },
      { path: "create-password", element: guard("public", <CreatePasswordScreen />) },
      { path: "reset-password", element: guard("public", <ResetPasswordScreen />) },
      { path: "*", element: <Navigate to="/auth/login" replace /> },
    ],
  };
}
