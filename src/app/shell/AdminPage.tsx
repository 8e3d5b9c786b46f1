import { H1, NonIdealState, Spinner } from "@blueprintjs/core";
import { Suspense } from "react";
import { Navigate, useParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { AlertToasts } from "../../alerts/AlertStack";
import { PluginScope, pluginScopes } from "../../core/PluginScope";
import { holdsRoleAtLeast } from "../../contract/common";
import { useWorkspaceState } from "../../workspace/WorkspaceProvider";
import { useServices } from "../services";
import { ADMIN_LINKS } from "./adminLinks";

/**
 * An Admin Panel page (the route /admin/*): the plugin's page when one provides it, otherwise an honest "not
 * available yet"; a path that is not one of the drawer's links goes home.
 */
export default function AdminPage() {
  const { t } = useTranslation();
  const workspace = useWorkspaceState();
  const path = (useParams()["*"] ?? "").replace(/\/+$/, "");
  const roles = useServices().root.account.acl?.roles ?? [];
  const link = ADMIN_LINKS.find((candidate) => candidate.path === path);
  // A link the drawer does not show this account (an admin's page, for a manager) goes home too.
  if (!link || (link.minRole && !holdsRoleAtLeast(roles, link.minRole))) return <Navigate to="/" replace />;
  if (workspace.kind === "opening") return <Spinner className="isi-loading" />;
  const registry = workspace.kind === "open" ? workspace.session.registry : undefined;
  const page = registry?.adminPages.get(link.path);
  const scope = page && registry ? pluginScopes(registry.plugins).get(page.pluginId) : undefined;
  if (page && scope && workspace.kind === "open") {
    const Page = page.component;
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
  return (
    <main className="isi-page" aria-labelledby="admin-page-title">
      <H1 id="admin-page-title">{t(`admin.links.${link.key}`)}</H1>
      <NonIdealState
        icon="wrench"
        title={t("admin.not_available.title")}
        description={t("admin.not_available.text")}
      />
    </main>
  );
}
