// The agent's last dials: call time, client name, call name, notes, state, the lead's status now, dashboard.
import { HTMLTable } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { LastDialItem } from "../../src/contract/dialer";
import { DashboardLink } from "./DashboardLink";
import { formatCallTime } from "./format";

export function LastDialsTable({ items }: { items: readonly LastDialItem[] }) {
  const { t, i18n } = useTranslation("user-summary");
  if (items.length === 0) return <p className="user-summary__empty">{t("lastDials.empty")}</p>;
  return (
    <HTMLTable compact striped className="user-summary__table" aria-label={t("tabs.last_dials")}>
      <thead>
        <tr>
          <th scope="col">{t("columns.call_time")}</th>
          <th scope="col">{t("columns.name")}</th>
          <th scope="col">{t("columns.call_name")}</th>
          <th scope="col">{t("columns.notes")}</th>
          <th scope="col">{t("columns.state")}</th>
          <th scope="col">{t("columns.status")}</th>
          <th scope="col">{t("columns.dashboard")}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((d) => (
          <tr key={d.id}>
            <td>{formatCallTime(d.startedAt, i18n.language)}</td>
            <td>{d.clientName}</td>
            <td>{d.name}</td>
            <td className="user-summary__notes">{d.notes}</td>
            <td>{d.state}</td>
            <td>{d.status}</td>
            <td>
              <DashboardLink url={d.url} name={d.name} />
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
