// The agents' figures for the range, one row per agent with a team total below, in a table that scrolls inside
// its area with its head in view. Every column sorts (a click on its head, again to turn the order); the head says
// the order to a screen reader (aria-sort).
import { HTMLTable } from "@blueprintjs/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AGENT_COLUMNS,
  DURATION_COLUMNS,
  type AgentColumn,
  type AgentFigures,
  type AgentGoals,
  type AgentLine,
} from "./metrics";
import { useFigures } from "./words";

type SortKey = "name" | AgentColumn;

/** A column's figure as shown. */
export function useCell() {
  const f = useFigures();
  return (column: AgentColumn, figures: AgentFigures) => {
    const v = figures[column];
    if (column === "contactRate" || column === "goals") return f.percent(v as number | null);
    if (DURATION_COLUMNS.has(column)) return f.duration(v as number | null);
    return f.count(v as number);
  };
}

/** A line's goals in words: "Dials 320 of 400 · Bookings 3 of 6 · Sales –" (the Goals cell's title). */
export function useGoalsText() {
  const { t } = useTranslation("reports");
  const f = useFigures();
  return (g: AgentGoals) =>
    (["dials", "bookings", "sales"] as const)
      .map((k) =>
        t(`agents.goal.${k}`, {
          value:
            g[k].target > 0
              ? t("agents.goal.of", { current: f.count(g[k].current), target: f.count(g[k].target) })
              : "–",
        }),
      )
      .join(" · ");
}

export default function AgentTable({ lines, team }: { lines: AgentLine[]; team: AgentLine }) {
  const { t } = useTranslation("reports");
  const cell = useCell();
  const goalsText = useGoalsText();
  const td = (c: AgentColumn, l: AgentLine) => (
    <td key={c} className="reports__number" title={c === "goals" ? goalsText(l.goals) : undefined}>
      {cell(c, l.figures)}
    </td>
  );
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: "name", descending: false });

  const sorted = useMemo(() => {
    const value = (l: AgentLine) => (sort.key === "name" ? l.agent.name : (l.figures[sort.key] ?? -1));
    return [...lines].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      const order = typeof x === "string" ? x.localeCompare(y as string) : (x as number) - (y as number);
      return (sort.descending ? -order : order) || a.agent.name.localeCompare(b.agent.name);
    });
  }, [lines, sort]);

  const head = (key: SortKey, label: string) => {
    const on = sort.key === key;
    return (
      <th
        key={key}
        scope="col"
        className={key === "name" ? undefined : "reports__number"}
        aria-sort={on ? (sort.descending ? "descending" : "ascending") : "none"}
      >
        <button
          type="button"
          className="reports__sort"
          // Figures read best largest first; names A to Z.
          onClick={() => setSort({ key, descending: on ? !sort.descending : key !== "name" })}
        >
          {label}
          <span aria-hidden="true" className="reports__sort-mark">
            {on ? (sort.descending ? "▼" : "▲") : ""}
          </span>
        </button>
      </th>
    );
  };

  return (
    <div className="reports__scroll">
      <HTMLTable compact striped className="reports__table" aria-labelledby="reports-agents-table-title">
        <thead>
          <tr>
            {head("name", t("agents.columns.name"))}
            {AGENT_COLUMNS.map((c) => head(c, t(`agents.columns.${c}`)))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((l) => (
            <tr key={l.agent.id}>
              <th scope="row">
                {l.agent.name}
                {!l.agent.active && <span className="reports__muted"> {t("agents.inactive")}</span>}
              </th>
              {AGENT_COLUMNS.map((c) => td(c, l))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t("agents.team")}</th>
            {AGENT_COLUMNS.map((c) => td(c, team))}
          </tr>
        </tfoot>
      </HTMLTable>
    </div>
  );
}
