import { Spinner } from "@blueprintjs/core";
import { Suspense } from "react";
import { Navigate, useParams } from "react-router-dom";
import { AlertToasts } from "../../alerts/AlertStack";
import { PluginScope, pluginScopes } from "../../core/PluginScope";
import { useWorkspaceState } from "../../workspace/WorkspaceProvider";
import { useServices } from "../services";
import { adminLinks } from "./adminLinks";

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
  const Page = page.component;
  // In its plugin's scope, as a panel is: the page reaches its store and service with usePlugin().
  return (
    <Suspense fallback={<Spinner className="isi-loading" />}>
      {/* A plugin page's messages (saved, refused) float over it as over the workspace. */}
      <AlertToasts alerts={agent.store.alerts} service={agent.alerts} />
      <PluginScope value={scope}>
        <Page />
      </PluginScope>
    </Suspense>
  );
}
