// What an import shows once its mapping is confirmed: the dry run under way (rows read so far) and its result
// (what each row would become, the most frequent reasons, "Import N leads"), the job's progress bar (rows written of
// all, rows per second and time left from its successive updates) and, at its end, the report with the refused
// rows to download and the list the leads went into.
import { Button, Callout, HTMLTable, Intent, ProgressBar } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/sdk";
import type { LeadListsApi } from "./api";
import { IMPORT_OUTCOMES, type ImportCounts, type ImportOutcome } from "./contract";
import type { LeadListsStore } from "./model";
import { useWords } from "./useWords";

const REFUSED: ImportOutcome[] = ["duplicate_file", "duplicate_book", "dnc", "invalid", "country"];
export const writtenOf = (c: ImportCounts) => (c.created ?? 0) + (c.updated ?? 0);
export const refusedOf = (c: ImportCounts) => REFUSED.reduce((n, o) => n + (c[o] ?? 0), 0);

/** Rows by outcome; "Updates to existing leads" only where the call centre updates duplicates (some rows did). */
export function OutcomeTable({ counts, title }: { counts: ImportCounts; title: string }) {
  const { t } = useTranslation("lead-lists");
  const words = useWords();
  return (
    <HTMLTable compact className="lead-lists__outcomes" aria-label={title}>
      <thead>
        <tr>
          <th scope="col">{t("outcomes.outcome")}</th>
          <th scope="col" className="lead-lists__number">
            {t("outcomes.rows")}
          </th>
        </tr>
      </thead>
      <tbody>
        {IMPORT_OUTCOMES.filter((o) => o !== "updated" || (counts.updated ?? 0) > 0).map((o) => (
          <tr key={o} data-outcome={o}>
            <th scope="row">{t(`outcomes.${o}`)}</th>
            <td className="lead-lists__number">{words.number(counts[o] ?? 0)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

export const DryRunProgress = observer(function DryRunProgress({ onCancel }: { onCancel(): void }) {
  const { store } = usePlugin<LeadListsStore, LeadListsApi>();
  const { t } = useTranslation("lead-lists");
  const words = useWords();
  const current = store.current!;
  return (
    <div className="lead-lists__running">
      <p className="lead-lists__step">{t("dry_run.checking", { name: current.file_name })}</p>
      <ProgressBar intent={Intent.PRIMARY} aria-label={t("dry_run.progress")} />
      <p className="lead-lists__figures">{t("dry_run.rows_read", { rows: words.number(current.rows_done) })}</p>
      <div className="lead-lists__actions">
        <Button intent={Intent.DANGER} variant="outlined" text={t("dry_run.stop")} loading={store.busy === "cancelling"} onClick={onCancel} />
      </div>
    </div>
  );
});

export const DryRunResult = observer(function DryRunResult() {
  const { store, api } = usePlugin<LeadListsStore, LeadListsApi>();
  const { t } = useTranslation("lead-lists");
  const words = useWords();
  const current = store.current!;
  const dry = current.dry_run;
  if (!dry) return null;
  const leads = writtenOf(dry.counts);
  return (
    <div className="lead-lists__checked">
      <p className="lead-lists__step">
        <strong>{t("dry_run.title", { name: current.file_name, rows: words.number(dry.rows) })}</strong>{" "}
        <span className="lead-lists__muted">{t("dry_run.nothing_written")}</span>
      </p>
      <div className="lead-lists__results">
        <OutcomeTable counts={dry.counts} title={t("dry_run.outcomes")} />
        {dry.reasons.length > 0 && (
          <HTMLTable compact className="lead-lists__reasons" aria-label={t("dry_run.reasons")}>
            <thead>
              <tr>
                <th scope="col">{t("dry_run.reasons")}</th>
                <th scope="col" className="lead-lists__number">
                  {t("outcomes.rows")}
                </th>
              </tr>
            </thead>
            <tbody>
              {dry.reasons.map((r, i) => (
                <tr key={i}>
                  <td>{words.reason(r.reason)}</td>
                  <td className="lead-lists__number">{words.number(r.rows)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </div>
      <div className="lead-lists__actions">
        <Button
          intent={Intent.PRIMARY}
          icon="import"
          disabled={leads === 0}
          loading={store.busy === "starting"}
          text={t("dry_run.import", { count: leads, leads: words.number(leads) })}
          onClick={() => void api.start()}
        />
        <Button icon="edit" text={t("dry_run.remap")} onClick={() => api.remap(true)} />
        <Button variant="minimal" icon="document-open" text={t("mapping.another")} onClick={() => api.close()} />
      </div>
      {leads === 0 && <p className="lead-lists__missing">{t("dry_run.nothing")}</p>}
    </div>
  );
});

export const ImportProgress = observer(function ImportProgress({ onCancel }: { onCancel(): void }) {
  const { store, api } = usePlugin<LeadListsStore, LeadListsApi>();
  const { t } = useTranslation("lead-lists");
  const words = useWords();
  const current = store.current!;
  const total = current.rows_total;
  const queued = current.state === "queued";
  const pace = api.pace();
  const figures = [
    queued || total === null
      ? t("progress.queued")
      : t("progress.rows", {
          done: words.number(current.rows_done),
          total: words.number(total),
          percent: words.percent(total > 0 ? current.rows_done / total : 0),
        }),
  ];
  if (!queued)
    if (pace) {
      figures.push(t("progress.rate", { rate: words.number(Math.round(pace.rowsPerSecond)) }));
      if (pace.secondsLeft !== null) figures.push(t("progress.left", { time: words.duration(pace.secondsLeft) }));
    } else figures.push(t("progress.measuring"));
  return (
    <div className="lead-lists__running">
      <p className="lead-lists__step">{t("progress.title", { name: current.file_name })}</p>
      <ProgressBar
        intent={Intent.PRIMARY}
        stripes={queued}
        value={queued || !total ? undefined : current.rows_done / total}
        aria-label={t("progress.label")}
      />
      <p className="lead-lists__figures">{figures.join(" · ")}</p>
      <div className="lead-lists__actions">
        <Button intent={Intent.DANGER} variant="outlined" icon="stop" text={t("progress.cancel")} loading={store.busy === "cancelling"} onClick={onCancel} />
      </div>
    </div>
  );
});

export const ImportReport = observer(function ImportReport() {
  const { store, api } = usePlugin<LeadListsStore, LeadListsApi>();
  const { t } = useTranslation("lead-lists");
  const words = useWords();
  const current = store.current!;
  const list = store.listOf(current.list_id)?.name ?? current.file_name.replace(/\.(csv|txt|tsv)$/i, "");
  const written = writtenOf(current.counts);
  const refused = refusedOf(current.counts);
  const [intent, title] =
    current.state === "done"
      ? [Intent.SUCCESS, t("report.done", { count: written, leads: words.number(written), list })]
      : current.state === "cancelled"
        ? [Intent.WARNING, t("report.cancelled", { count: written, leads: words.number(written), list })]
        : [Intent.DANGER, t("report.failed", { list })];
  return (
    <div className="lead-lists__report">
      <Callout intent={intent} title={title} compact>
        {current.state === "failed" && current.error && <p>{current.error}</p>}
        <p>{t("report.list", { list })}</p>
      </Callout>
      <div className="lead-lists__results">
        <OutcomeTable counts={current.counts} title={t("report.outcomes")} />
      </div>
      <div className="lead-lists__actions">
        {refused > 0 && (
          <Button
            icon="download"
            text={t("report.download")}
            loading={store.busy === "downloading"}
            onClick={() => void api.downloadRefused()}
          />
        )}
        <Button intent={Intent.PRIMARY} icon="document-open" text={t("report.another")} onClick={() => api.close()} />
      </div>
    </div>
  );
});
