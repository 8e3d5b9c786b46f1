// The follow-ups of one tab (overdue, or the others): one row each, or a line saying there are none. When the
// panel is narrow, the type, then the notes, then the state give way; when (with the reschedule picker), who
// (wrapped, never cut), Dial and the dashboard link always stay; the type is read whole too (it wraps). The
// widths are measured in the browser: at 1366×768 the default layouts give the panel 413 px, room for the
// essential columns and the state.
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import type { FollowUpItem } from "../../src/contract/dialer";
import { useCallTimes } from "./Clip";
import { textWeight, wordsWidth, type ColumnFit } from "./columns";
import { FitTable } from "./FitTable";
import { FollowUpRow, typeText } from "./FollowUpRow";
import type { UserSummaryStore } from "./model";
import type { UserSummaryService } from "./service";

export const FOLLOW_UP_COLUMNS = [
  // The compact picker is 8rem wide in this table (user-summary.css).
  { id: "call_time", priority: 0, minWidth: 138 },
  // A name wraps at its spaces: room for its longest word.
  { id: "call_name", priority: 0, minWidth: 72, grow: true },
  { id: "notes", priority: 2, minWidth: 80, grow: true },
  { id: "state", priority: 1, minWidth: 48 },
  // Read whole, wrapping at its spaces ("Opportunité engagée"): as wide as its longest word at least (wordsWidth).
  { id: "type", priority: 3, minWidth: 80, words: true },
  // The phone icon, named "Dial <name>".
  { id: "dial", priority: 0, minWidth: 44 },
  { id: "dashboard", priority: 0, minWidth: 84 },
] as const satisfies readonly ColumnFit[];
export type FollowUpColumn = (typeof FOLLOW_UP_COLUMNS)[number]["id"];

interface Props {
  label: string;
  empty: string;
  items: readonly FollowUpItem[];
  today: string;
  store: UserSummaryStore;
  api: UserSummaryService;
}

export const FollowUpsTable = observer(function FollowUpsTable({
  label,
  empty,
  items,
  today,
  store,
  api,
}: Props) {
  const { t } = useTranslation("user-summary");
  const when = useCallTimes();
  if (items.length === 0) return <p className="user-summary__empty">{empty}</p>;
  const types = items.map((f) => typeText(t, f));
  const weights: Partial<Record<FollowUpColumn, number>> = {
    call_name: textWeight(items.map((f) => f.name)),
    notes: textWeight(items.map((f) => f.notes)),
    type: textWeight(types),
  };
  const columns = FOLLOW_UP_COLUMNS.map((c) => ({
    ...c,
    header: t(`columns.${c.id}`),
    weight: weights[c.id],
    minWidth: c.id === "type" ? wordsWidth(types, c.minWidth) : c.minWidth,
  }));
  return (
    <FitTable<FollowUpColumn> label={label} columns={columns}>
      {(shown) =>
        items.map((item) => (
          <FollowUpRow
            key={item.id}
            item={item}
            when={when(item.startsAt)}
            shown={shown}
            today={today}
            store={store}
            api={api}
          />
        ))
      }
    </FitTable>
  );
});
