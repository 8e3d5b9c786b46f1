// The agent's last dials: call time, client name, call name, notes, state, the lead's status now, dashboard,
// and for a qualifier allowed to redial, a Redial button. When the panel is narrow, state, then the call name,
// the notes and the status give way; when, who, the redial and the dashboard link always stay. The status is
// read whole ("Messagerie vocale" wraps onto two lines rather than being cut).
import { Button } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import type { LastDialItem } from "../../src/contract/dialer";
import { CallTime, Clip, useCallTimes, Whole, Words } from "./Clip";
import { textWeight, wordsWidth, type ColumnFit } from "./columns";
import { DashboardLink } from "./DashboardLink";
import { Cells, FitTable } from "./FitTable";
import type { UserSummaryStore } from "./model";
import type { UserSummaryService } from "./service";
import { statusText } from "./statuses";

export const LAST_DIAL_COLUMNS = [
  { id: "call_time", priority: 0, minWidth: 115 },
  { id: "name", priority: 0, minWidth: 76, grow: true },
  { id: "call_name", priority: 3, minWidth: 76, grow: true },
  { id: "notes", priority: 2, minWidth: 80, grow: true },
  { id: "state", priority: 4, minWidth: 56 },
  // Read whole, wrapping at its spaces: as wide as its longest word at least (wordsWidth).
  { id: "status", priority: 1, minWidth: 88, words: true },
  { id: "redial", priority: 0, minWidth: 92 },
  { id: "dashboard", priority: 0, minWidth: 82 },
] as const satisfies readonly ColumnFit[];
type LastDialColumn = (typeof LAST_DIAL_COLUMNS)[number]["id"];

interface Props {
  items: readonly LastDialItem[];
  store: UserSummaryStore;
  api: UserSummaryService;
}

export const LastDialsTable = observer(function LastDialsTable({ items, store, api }: Props) {
  const { t } = useTranslation("user-summary");
  const when = useCallTimes();
  if (items.length === 0) return <p className="user-summary__empty">{t("lastDials.empty")}</p>;
  const statuses = items.map((d) => statusText(t, d.status));
  const weights: Partial<Record<LastDialColumn, number>> = {
    name: textWeight(items.map((d) => d.clientName)),
    call_name: textWeight(items.map((d) => d.name)),
    notes: textWeight(items.map((d) => d.notes)),
    status: textWeight(statuses),
  };
  const columns = LAST_DIAL_COLUMNS.filter((c) => c.id !== "redial" || api.redialAllowed).map((c) => ({
    ...c,
    header: t(`columns.${c.id}`),
    weight: weights[c.id],
    minWidth: c.id === "status" ? wordsWidth(statuses, c.minWidth) : c.minWidth,
  }));
  return (
    <FitTable<LastDialColumn> label={t("tabs.last_dials")} columns={columns}>
      {(shown) =>
        items.map((d) => (
          <tr key={d.id}>
            <Cells
              shown={shown}
              cells={{
                call_time: <CallTime iso={d.startedAt} text={when(d.startedAt)} />,
                name: <Whole text={d.clientName} />,
                call_name: <Clip text={d.name} />,
                notes: <Clip text={d.notes} />,
                state: d.state?.toUpperCase(),
                status: <Words text={statusText(t, d.status)} />,
                redial:
                  d.leadId === null ? null : (
                    <Button
                      intent="success"
                      size="small"
                      icon="phone"
                      loading={store.busyLeadId === d.leadId}
                      disabled={!api.canDial()}
                      aria-label={t("lastDials.redial_for", { name: d.clientName || d.name })}
                      onClick={() => void api.redial(d)}
                    >
                      {t("lastDials.redial")}
                    </Button>
                  ),
                dashboard: <DashboardLink url={d.url} name={d.name} />,
              }}
            />
          </tr>
        ))
      }
    </FitTable>
  );
});
