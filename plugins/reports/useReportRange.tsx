// The range a report page reads, shared by its pages: a preset counted from the call centre's today (the gateway
// says it with each report) or chosen days, checked by the contract before anything is sent (a refusal is said at
// its field, in the manager's language), the answers to an older request dropped; and the fields that pick it.
import { Button, Callout, FormGroup, H1, InputGroup, Spinner } from "@blueprintjs/core";
import type { TFunction } from "i18next";
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Select, type Refusal } from "../../src/sdk";
import { REPORT_MESSAGES, REPORT_PERIODS, type ReportPeriod } from "./contract";
import { periodFor, RANGE_PRESETS, rangeOf, type DayRange, type RangePreset } from "./range";
import { useFigures } from "./words";
import { CentreField } from "./centres/CentreField";

export interface RangeChoice {
  preset: RangePreset | "custom";
  /** null: the gateway's default (today). */
  range: DayRange | null;
  by: ReportPeriod;
  /** The call centre asked for (an operations manager's choice, ./centres); null or left out: the caller's own. */
  centre?: number | null;
}

interface Dated {
  time_zone: string;
  from: string;
  to: string;
  today: string;
}

type Answer<R> = { ok: true; data: { data: R } } | ({ ok: false } & Refusal);

/** The contract's sentences in the manager's language (the gateway says them in English). */
function messageOf(t: TFunction, message: string): string {
  const key = Object.entries(REPORT_MESSAGES).find(([, text]) => text === message)?.[0];
  return key ? t(`agents.errors.${key}`) : message;
}

export function useReportRange<R extends Dated, Q>(
  fetch: (query: Q) => Promise<Answer<R>>,
  schema: z.ZodType<unknown, Q>,
  queryOf: (choice: RangeChoice) => Q,
) {
  const { t } = useTranslation("reports");
  const [choice, setChoice] = useState<RangeChoice>({ preset: "today", range: null, by: "day" });
  const [draft, setDraft] = useState<DayRange>({ from: "", to: "" });
  const [report, setReport] = useState<R | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [refusal, setRefusal] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const turn = useRef(0);

  const load = useCallback(
    async (c: RangeChoice) => {
      setChoice(c);
      const query = (c.centre ? { ...queryOf(c), centre: String(c.centre) } : queryOf(c)) as Q;
      const refused = (errors: Record<string, string[]>) => {
        const fields = Object.fromEntries(
          Object.entries(errors).map(([k, v]) => [k, messageOf(t, v[0] ?? "")]),
        );
        setRefusal({ message: t("agents.errors.range"), fields });
        setState("failed");
      };
      // The contract's own check first: a range the gateway would refuse is said at its field, nothing is sent.
      const checked = schema.safeParse(query);
      if (!checked.success) {
        const errors: Record<string, string[]> = {};
        for (const i of checked.error.issues) (errors[String(i.path[0] ?? "from")] ??= []).push(i.message);
        refused(errors);
        return;
      }
      const mine = ++turn.current;
      setState("loading");
      const r = await fetch(query);
      if (mine !== turn.current) return;
      if (r.ok) {
        setReport(r.data.data);
        setDraft({ from: r.data.data.from, to: r.data.data.to });
        setRefusal(null);
        setState("ready");
      } else if (r.status === 422) refused(r.errors);
      else {
        setRefusal({ message: t("agents.errors.load"), fields: {} });
        setState("failed");
      }
    },
    [fetch, schema, queryOf, t],
  );

  useEffect(() => void load({ preset: "today", range: null, by: "day" }), [load]);

  return {
    choice,
    draft,
    report,
    state,
    refusal,
    /** A preset, asked at once (grouped to read well); "custom" only marks the days as chosen. */
    pick(preset: RangePreset | "custom") {
      if (preset === "custom" || !report) return setChoice((c) => ({ ...c, preset: "custom" }));
      const range = rangeOf(preset, report.today);
      void load({ ...choice, preset, range, by: periodFor(range) });
    },
    edit(patch: Partial<DayRange>) {
      setDraft((d) => ({ ...d, ...patch }));
      setChoice((c) => ({ ...c, preset: "custom" }));
    },
    submit(e: FormEvent) {
      e.preventDefault();
      void load({ ...choice, preset: "custom", range: draft });
    },
    /** Another call centre's report, for the same days (its own today when the preset is today). */
    switchCentre(centre: number | null) {
      void load({ ...choice, centre });
    },
    regroup(by: ReportPeriod) {
      void load({ ...choice, by, range: choice.range ?? (report && { from: report.from, to: report.to }) });
    },
  };
}
/** The hook's answer, whatever its report. */
export type ReportRange = Omit<ReturnType<typeof useReportRange>, "report"> & {
  report: (Dated & { time_zone: string }) | null;
};

/** The range's fields: the preset, the first and the last day (each with its refusal). */
export function RangeFields({
  range,
}: {
  range: Pick<ReportRange, "choice" | "draft" | "refusal" | "pick" | "edit" | "switchCentre">;
}) {
  const { t } = useTranslation("reports");
  const { choice, draft, refusal } = range;
  return (
    <>
      <CentreField centre={choice.centre ?? null} onChange={range.switchCentre} />
      <FormGroup label={t("agents.preset")} labelFor="reports-preset" className="reports__control">
        <Select
          id="reports-preset"
          value={choice.preset}
          onChange={(e) => range.pick(e.currentTarget.value as RangePreset | "custom")}
        >
          {RANGE_PRESETS.map((p) => (
            <option key={p} value={p}>
              {t(`agents.presets.${p}`)}
            </option>
          ))}
          <option value="custom">{t("agents.presets.custom")}</option>
        </Select>
      </FormGroup>
      {(["from", "to"] as const).map((end) => (
        <FormGroup
          key={end}
          label={t(`agents.${end}`)}
          labelFor={`reports-${end}`}
          className="reports__control"
          intent={refusal?.fields[end] ? "danger" : "none"}
          helperText={refusal?.fields[end]}
        >
          <InputGroup
            id={`reports-${end}`}
            type="date"
            value={draft[end]}
            required
            onChange={(e) => range.edit({ [end]: e.currentTarget.value })}
          />
        </FormGroup>
      ))}
    </>
  );
}

/**
 * A report page's frame: its title with the range it shows (in the call centre's zone), the range's form (the
 * page's own fields and actions after the range's), the refusal if any, then the report.
 */
export function ReportFrame({
  title,
  range,
  fields,
  actions,
  children,
}: {
  title: string;
  range: ReportRange;
  /** The page's own fields, after the range's. */
  fields?: ReactNode;
  /** Buttons after Show. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation("reports");
  const f = useFigures();
  const { report, state, refusal } = range;
  return (
    <main className="isi-page reports" aria-busy={state === "loading"} aria-labelledby="reports-title">
      <header className="reports__head">
        <H1 id="reports-title">{title}</H1>
        {report && (
          <p className="reports__muted" role="status">
            {report.from === report.to
              ? t("agents.range_one", { day: f.day(report.from), zone: report.time_zone })
              : t("agents.range", { from: f.day(report.from), to: f.day(report.to), zone: report.time_zone })}
          </p>
        )}
        {state === "loading" && <Spinner size={16} />}
      </header>
      <form className="reports__controls" onSubmit={range.submit} aria-label={t("agents.controls")}>
        <RangeFields range={range} />
        {fields}
        <div className="reports__actions">
          <Button type="submit" intent="primary" text={t("agents.show")} />
          {actions}
        </div>
      </form>
      {refusal && (
        <Callout intent="danger" compact className="reports__refusal">
          {refusal.message}
        </Callout>
      )}
      {report && children}
    </main>
  );
}

/** The "By" field of a report read by day, week or month. */
export function PeriodField({ range }: { range: ReportRange }) {
  const { t } = useTranslation("reports");
  return (
    <FormGroup label={t("agents.by")} labelFor="reports-by" className="reports__control">
      <Select
        id="reports-by"
        value={range.choice.by}
        onChange={(e) => range.regroup(e.currentTarget.value as ReportPeriod)}
      >
        {REPORT_PERIODS.map((p) => (
          <option key={p} value={p}>
            {t(`agents.periods.${p}`)}
          </option>
        ))}
      </Select>
    </FormGroup>
  );
}

/** A report's Export CSV (when it has one) and Print, once it has an answer. */
export function ReportActions({ ready, onExport }: { ready: boolean; onExport?: () => void }) {
  const { t } = useTranslation("reports");
  return (
    <>
      {onExport && <Button icon="download" text={t("agents.export")} disabled={!ready} onClick={onExport} />}
      <Button icon="print" text={t("agents.print")} disabled={!ready} onClick={() => window.print()} />
    </>
  );
}
