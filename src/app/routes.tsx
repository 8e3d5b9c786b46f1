import { Spinner } from "@blueprintjs/core";
import { lazy, Suspense, type ReactNode } from "react";
import { Navigate, Outlet, type RouteObject } from "react-router-dom";
import { authRoutes } from "./auth/authRoutes";
import { WorkspaceSignIn } from "./auth/WorkspaceSignIn";
import type { RouteAccess } from "./guard/canEnter";
import { Guarded } from "./guard/Guarded";

// The workspace's routes. The sign-in page's first download has routes of its own (src/main.tsx) and loads these
// with the rest of the workspace; the pages behind sign-in still load on demand, each in its own chunk.
const Shell = lazy(() => import("./SignedInShell"));
const HomePage = lazy(() => import("./shell/HomePage"));
const AdminPage = lazy(() => import("./shell/AdminPage"));
const PluginPage = lazy(() => import("./shell/PluginPage"));

const SIGNED_IN: RouteAccess = { kind: "private" };
const MANAGERS: RouteAccess = { kind: "private", roles: ["manager"] };

const guard = (access: RouteAccess, page: ReactNode) => <Guarded access={access}>{page}</Guarded>;
const loading = (page: ReactNode) => (
  <Suspense fallback={<Spinner className="isi-loading" />}>{page}</Suspense>
);

export function appRoutes(): RouteObject[] {
  return [
    authRoutes({
      frame: (layout) => <WorkspaceSignIn>{layout}</WorkspaceSignIn>,
      guard: (kind, page) => guard({ kind }, page),
    }),
    {
      path: "/",
      element: guard(SIGNED_IN, loading(<Shell />)),
      children: [
        { index: true, element: loading(<HomePage />) },
        {
          path: "admin",
          element: guard(MANAGERS, <Outlet />),
          children: [
            { index: true, element: <Navigate to="/admin/users" replace /> },
            // The page finds its drawer link itself (and sends an unknown path home), so the list of admin pages
            // loads after sign-in, not with the sign-in page.
            { path: "*", element: loading(<AdminPage />) },
          ],
        },
        // Pages that plugins mount at /<plugin-id>/…; unknown ones redirect home.
        { path: ":pluginId/*", element: loading(<PluginPage />) },
        { path: "*", element: <Navigate to="/" replace /> },
      ],
    },
  ];
}
