// The lead in the dashboard, in a new tab; a dash when no dashboard is configured, or when the address is not
// one a link may follow (the SDK's safeHref: http(s) or a path on this origin, never a script).
import { Icon } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { safeHref } from "../../src/sdk";

export function DashboardLink({ url, name }: { url: string | null; name: string }) {
  const { t } = useTranslation("user-summary");
  const href = safeHref(url);
  if (!href) return <span title={t("dashboard.none")}>—</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={t("dashboard.open_for", { name })}>
      <Icon icon="share" size={12} /> {t("dashboard.open")}
    </a>
  );
}
