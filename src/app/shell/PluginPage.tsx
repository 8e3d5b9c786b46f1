import { Spinner } from "@blueprintjs/core";
import { Suspense } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { useWorkspaceState } from "../../workspace/WorkspaceProvider";

/** A page a plugin mounts at /<plugin-id>/<path>; unknown paths go home. */
export default function PluginPage() {
  const { pathname } = useLocation();
  const workspace = useWorkspaceState();
  if (workspace.kind === "opening") return <Spinner className="isi-loading" />;
  const route = workspace.kind === "open" ? workspace.session.registry.routes.find((r) => r.fullPath === pathname) : undefined;
  if (!route) return <Navigate to="/" replace />;
  const Page = route.component;
  return (
    <Suspense fallback={<Spinner className="isi-loading" />}>
      <Page />
    </Suspense>
  );
}
