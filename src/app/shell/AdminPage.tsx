import { H1, NonIdealState } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { AdminLink } from "./adminLinks";

/** Stands in for each admin page until its screen is built, so every drawer link lands somewhere honest. */
export default function AdminPage({ link }: { link: AdminLink }) {
  const { t } = useTranslation();
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
