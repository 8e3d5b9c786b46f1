// The agent's last dials: call time, client name, call name, notes, state, the lead's status now, dashboard.
// When the panel is narrow, state, then the call name, the notes and the status give way; when, who and the
// dashboard link always stay.
import { useTranslation } from "react-i18next";
import type { LastDialItem } from "../../src/contract/dialer";
import { CallTime, Clip, useCallTimes } from "./Clip";
import { textWeight, type ColumnFit } from "./columns";
import { DashboardLink } from "./DashboardLink";
import { Cells, FitTable } from "./FitTable";
import { statusText } from "./statuses";

export const LAST_DIAL_COLUMNS = [
  { id: "call_time", priority: 0, minWidth: 115 },
  { id: "name", priority: 0, minWidth: 76, grow: true },
  { id: "call_name", priority: 3, minWidth: 76, grow: true },
  { id: "notes", priority: 2, minWidth: 80, grow: true },
  { id: "state", priority: 4, minWidth: 56 },
  { id: "status", priority: 1, minWidth: 88, grow: true },
  { id: "dashboard", priority: 0, minWidth: 82 },
] as const satisfies readonly ColumnFit[];
type LastDialColumn = (typeof LAST_DIAL_COLUMNS)[number]["id"];

export function LastDialsTable({ items }: { items: readonly LastDialItem[] }) {
  const { t } = useTranslation("user-summary");
  const when = useCallTimes();
  if (items.length === 0) return <p className="user-summary__empty">{t("lastDials.empty")}</p>;
  const weights: Partial<Record<LastDialColumn, number>> = {
    name: textWeight(items.map((d) => d.clientName)),
    call_name: textWeight(items.map((d) => d.name)),
    notes: textWeight(items.map((d) => d.notes)),
    status: textWeight(items.map((d) => statusText(t, d.status))),
  };
  const columns = LAST_DIAL_COLUMNS.map((c) => ({ ...c, header: t(`columns.${c.id}`), weight: weights[c.id] }));
  return (
    <FitTable<LastDialColumn> label={t("tabs.last_dials")} columns={columns}>
      {(shown) =>
        items.map((d) => (
          <tr key={d.id}>
            <Cells
              shown={shown}
              cells={{
                call_time: <CallTime iso={d.startedAt} text={when(d.startedAt)} />,
                name: <Clip text={d.clientName} />,
                call_name: <Clip text={d.name} />,
                notes: <Clip text={d.notes} />,
                state: d.state?.toUpperCase(),
                status: <Clip text={statusText(t, d.status)} />,
                dashboard: <DashboardLink url={d.url} name={d.name} />,
              }}
            />
          </tr>
        ))
      }
    </FitTable>
  );
}
