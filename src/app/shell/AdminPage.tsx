import { Spinner } from "@blueprintjs/core";
import { Navigate, useParams } from "react-router-dom";
import { pluginScopes } from "../../core/PluginScope";
import { useWorkspaceState } from "../../workspace/WorkspaceProvider";
import { useServices } from "../services";
import { adminLinks } from "./adminLinks";
import { ScopedPluginPage } from "./ScopedPluginPage";

/**
 * An Admin Panel page (the route /admin/*): the page an enabled plugin declares at that path, in its plugin's
 * scope. A path the drawer does not link for this account (no enabled plugin's page, or an admin's page for a
 * manager) goes home.
 */
export default function AdminPage() {
  const workspace = useWorkspaceState();
  const path = (useParams()["*"] ?? "").replace(/\/+$/, "");
  const roles = useServices().root.account.acl?.roles ?? [];
  // The pages are the registry's, so which paths exist is known once the workspace is open.
  if (workspace.kind === "opening") return <Spinner className="isi-loading" />;
  if (workspace.kind !== "open") return <Navigate to="/" replace />;
  const { registry, agent } = workspace.session;
  const page = adminLinks(registry, roles).find((link) => link.path === path);
  const scope = page && pluginScopes(registry.plugins).get(page.pluginId);
  if (!page || !scope) return <Navigate to="/" replace />;
  return <ScopedPluginPage scope={scope} page={page.component} agent={agent} />;
}
