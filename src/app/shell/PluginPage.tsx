import { Spinner } from "@blueprintjs/core";
import { Suspense } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { AlertToasts } from "../../alerts/AlertStack";
import { PluginScope, pluginScopes } from "../../core/PluginScope";
import { useWorkspaceState } from "../../workspace/WorkspaceProvider";

/** A page a plugin mounts at /<plugin-id>/<path>; unknown paths go home. */
export default function PluginPage() {
  const { pathname } = useLocation();
  const workspace = useWorkspaceState();
  if (workspace.kind === "opening") return <Spinner className="isi-loading" />;
  const route = workspace.kind === "open" ? workspace.session.registry.routes.find((r) => r.fullPath === pathname) : undefined;
  const scope = route && workspace.kind === "open" ? pluginScopes(workspace.session.registry.plugins).get(route.pluginId) : undefined;
  if (!route || !scope || workspace.kind !== "open") return <Navigate to="/" replace />;
  const Page = route.component;
  const toasts = workspace.session.agent;
  // In its plugin's scope, as a panel is: the page reaches its store and service with usePlugin().
  return (
    <Suspense fallback={<Spinner className="isi-loading" />}>
      {/* A plugin page's messages (saved, refused) float over it as over the workspace. */}
      <AlertToasts alerts={toasts.store.alerts} service={toasts.alerts} />
      <PluginScope value={scope}>
        <Page />
      </PluginScope>
    </Suspense>
  );
}
