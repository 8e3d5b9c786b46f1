// The lead in the dashboard, in a new tab; a dash when no dashboard is configured.
import { Icon } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";

export function DashboardLink({ url, name }: { url: string | null; name: string }) {
  const { t } = useTranslation("user-summary");
  if (!url) return <span title={t("dashboard.none")}>—</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" aria-label={t("dashboard.open_for", { name })}>
      <Icon icon="share" size={12} /> {t("dashboard.open")}
    </a>
  );
}
