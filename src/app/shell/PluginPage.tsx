import { Spinner } from "@blueprintjs/core";
import { Navigate, useLocation } from "react-router-dom";
import { pluginScopes } from "../../core/PluginScope";
import { useWorkspaceState } from "../../workspace/WorkspaceProvider";
import { ScopedPluginPage } from "./ScopedPluginPage";

/** A page a plugin mounts at /<plugin-id>/<path>; unknown paths go home. */
export default function PluginPage() {
  const { pathname } = useLocation();
  const workspace = useWorkspaceState();
  if (workspace.kind === "opening") return <Spinner className="isi-loading" />;
  const route = workspace.kind === "open" ? workspace.session.registry.routes.find((r) => r.fullPath === pathname) : undefined;
  const scope = route && workspace.kind === "open" ? pluginScopes(workspace.session.registry.plugins).get(route.pluginId) : undefined;
  if (!route || !scope || workspace.kind !== "open") return <Navigate to="/" replace />;
  return <ScopedPluginPage scope={scope} page={route.component} agent={workspace.session.agent} />;
}
