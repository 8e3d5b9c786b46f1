import { H1, NonIdealState, Spinner } from "@blueprintjs/core";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useWorkspaceState } from "../../workspace/WorkspaceProvider";
import type { AdminLink } from "./adminLinks";

/** An Admin Panel page: the plugin's page when one provides it, otherwise an honest "not available yet". */
export default function AdminPage({ link }: { link: AdminLink }) {
  const { t } = useTranslation();
  const workspace = useWorkspaceState();
  if (workspace.kind === "opening") return <Spinner className="isi-loading" />;
  const page = workspace.kind === "open" ? workspace.session.registry.adminPages.get(link.path) : undefined;
  if (page) {
    const Page = page.component;
    return (
      <Suspense fallback={<Spinner className="isi-loading" />}>
        <Page />
      </Suspense>
    );
  }
  return (
    <main className="isi-page" aria-labelledby="admin-page-title">
      <H1 id="admin-page-title">{t(`admin.links.${link.key}`)}</H1>
      <NonIdealState icon="wrench" title={t("admin.not_available.title")} description={t("admin.not_available.text")} />
    </main>
  );
}
