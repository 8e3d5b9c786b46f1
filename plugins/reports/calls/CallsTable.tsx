// A page of the search as a table, newest first: each call's time opens it beside the table.
import { Button, H2, HTMLTable } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { CallRow } from "./contract";
import { useCallWords } from "./words";

export default function CallsTable({
  rows,
  zone,
  selected,
  onOpen,
  page,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
}: {
  rows: CallRow[];
  zone: string;
  selected: number | null;
  onOpen: (id: number) => void;
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation("reports");
  const w = useCallWords(zone);
  const columns = [
    "time",
    "agent",
    "lead",
    "number",
    "campaign",
    "direction",
    "duration",
    "disposition",
    "amd",
    "transfer",
    "recordings",
  ] as const;
  return (
    <section className="reports__part calls__results" aria-labelledby="calls-table-title">
      <div className="calls__results-head">
        <H2 id="calls-table-title">{t("calls.table_title")}</H2>
        <span className="reports__muted">{t("calls.page", { page, count: rows.length })}</span>
        <div className="calls__pager">
          <Button
            size="small"
            icon="chevron-left"
            text={t("calls.previous")}
            disabled={!hasPrevious}
            onClick={onPrevious}
          />
          <Button
            size="small"
            endIcon="chevron-right"
            text={t("calls.next")}
            disabled={!hasNext}
            onClick={onNext}
          />
        </div>
      </div>
      {rows.length === 0 ? (
        <p className="reports__muted">{t("calls.none")}</p>
      ) : (
        <div className="reports__scroll">
          <HTMLTable
            compact
            striped
            interactive
            className="reports__table calls__table"
            aria-labelledby="calls-table-title"
          >
            <thead>
              <tr>
                {columns.map((c) => (
                  <th
                    key={c}
                    scope="col"
                    className={c === "duration" || c === "recordings" ? "reports__number" : undefined}
                  >
                    {t(`calls.columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr
                  key={r.id}
                  aria-selected={r.id === selected}
                  className={r.id === selected ? "calls__row--selected" : undefined}
                  onClick={() => onOpen(r.id)}
                >
                  <th scope="row">
                    <button
                      type="button"
                      className="calls__open"
                      aria-label={t("calls.open", { id: r.id, time: w.time(r.started_at) })}
                      onClick={(e) => {
                        e.stopPropagation();
                        onOpen(r.id);
                      }}
                    >
                      {w.time(r.started_at)}
                    </button>
                  </th>
                  <td>{r.agent.name}</td>
                  <td>{r.lead?.name ?? "–"}</td>
                  <td className="calls__nowrap">{w.number(r.number)}</td>
                  <td>{r.campaign?.name ?? "–"}</td>
                  <td>{w.direction(r)}</td>
                  <td className="reports__number">{w.duration(r.duration)}</td>
                  <td>{w.disposition(r.disposition)}</td>
                  <td>{w.amd(r.amd)}</td>
                  <td>{r.live_transfer ? t("calls.yes_no.yes") : "–"}</td>
                  <td className="reports__number">{r.recordings || "–"}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </section>
  );
}
