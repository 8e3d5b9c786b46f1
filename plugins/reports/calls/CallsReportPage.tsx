// The call-detail search (issue 37, part 3; managers and above): the calls of a range of the call centre's days,
// filtered by agent, lead, number, campaign, direction, disposition, duration, the machine's verdict, live transfer
// and recording, newest first, a page at a time (next and previous); a call opens beside the table with its lead,
// recordings to play, disclosure proofs and the agent's status trail. The whole search exports as CSV (the gateway
// streams it) and prints. One screen at 1366×768: the table and the call scroll each in their own area.
import { Callout } from "@blueprintjs/core";
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { endpointUrl } from "../../../src/contract/endpoint";
import { callEndpoint, refusalOf, usePlugin } from "../../../src/sdk";
import type { RangePreset } from "../range";
import {
  ReportFrame,
  useReportRange,
  type RangeChoice,
  type ReportRange,
  ReportActions,
} from "../useReportRange";
import "../reports.css";
import "./calls.css";
import CallDetailPane from "./CallDetailPane";
import { CallFilters, chosenFilters, NO_FILTERS, type FilterDraft, type FilterKey } from "./CallFilters";
import CallsTable from "./CallsTable";
import {
  callDetail,
  CALLS_MESSAGES,
  CallsFilterQuery,
  callsReport,
  CallsReportQuery,
  exportCallsReport,
  type CallDetail,
  type CallsFilterInput,
} from "./contract";

/** The contract's sentences in the manager's language (the gateway says them in English). */
const MESSAGE_KEYS = new Map<string, string>(
  Object.entries(CALLS_MESSAGES).map(([k, m]) => [m, `calls.errors.${k}`]),
);

/** The file name a content-disposition header gives, if any. */
function fileNameOf(disposition: unknown): string | null {
  const match = typeof disposition === "string" ? /filename="([^"]+)"/.exec(disposition) : null;
  return match ? match[1]! : null;
}

export default function CallsReportPage() {
  const { ctx } = usePlugin();
  const { t } = useTranslation("reports");
  const [draft, setDraft] = useState<FilterDraft>(NO_FILTERS);
  const [errors, setErrors] = useState<Partial<Record<FilterKey, string>>>({});
  // What the query carries: the filters last applied and the page's cursor, read when the range's hook asks
  // (refs, so the hook's loader stays the same function and does not start over).
  const applied = useRef<FilterDraft>(NO_FILTERS);
  const cursor = useRef<string | null>(null);
  /** The cursors of the pages read so far, the first page's null: Previous goes back one. */
  const [pages, setPages] = useState<(string | null)[]>([null]);

  const fetch = useCallback((query: CallsReportQuery) => callEndpoint(ctx, callsReport, { query }), [ctx]);
  const queryOf = useCallback(
    (c: RangeChoice): CallsReportQuery => ({
      ...(c.range && { from: c.range.from, to: c.range.to }),
      // Checked by apply() before they became the search's (the contract checks them again before sending).
      ...(chosenFilters(applied.current) as CallsFilterInput),
      ...(cursor.current && { cursor: cursor.current }),
    }),
    [],
  );
  const range = useReportRange(fetch, CallsReportQuery, queryOf);
  const { report } = range;

  /** Checks the filters typed; when they can be used, they become the search's, from its first page. */
  const apply = (): boolean => {
    const checked = CallsFilterQuery.safeParse(chosenFilters(draft));
    const found: Partial<Record<FilterKey, string>> = {};
    if (!checked.success)
      for (const i of checked.error.issues) {
        const key = String(i.path[0]) as FilterKey;
        if (key in NO_FILTERS) found[key] ??= t(MESSAGE_KEYS.get(i.message) ?? i.message);
      }
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    applied.current = draft;
    cursor.current = null;
    setPages([null]);
    return true;
  };

  // The range's own controls, each applying the filters typed with it.
  const searched: ReportRange = {
    ...range,
    submit(e: FormEvent) {
      e.preventDefault();
      if (!apply()) return;
      if (range.choice.preset === "custom" || !report) range.submit(e);
      else range.pick(range.choice.preset);
    },
    pick(preset: RangePreset | "custom") {
      if (preset !== "custom" && !apply()) return;
      range.pick(preset);
    },
  };

  /** The page at `index` of those read (its cursor), asked again with the same range and filters. */
  const turn = (next: (string | null)[]) => {
    cursor.current = next.at(-1) ?? null;
    setPages(next);
    range.regroup(range.choice.by);
  };

  const [selected, setSelected] = useState<number | null>(null);
  const [detail, setDetail] = useState<{ data: CallDetail | null; state: "loading" | "ready" | "failed" }>({
    data: null,
    state: "loading",
  });
  const centre = range.choice.centre ?? null;
  useEffect(() => {
    if (selected === null) return;
    let current = true;
    setDetail({ data: null, state: "loading" });
    const query = centre ? { centre: String(centre) } : {};
    void callEndpoint(ctx, callDetail, { params: { id: String(selected) }, query }).then((r) => {
      if (current) setDetail(r.ok ? { data: r.data.data, state: "ready" } : { data: null, state: "failed" });
    });
    return () => {
      current = false;
    };
  }, [ctx, selected, centre]);

  const [exportFailed, setExportFailed] = useState(false);
  const exportCsv = async () => {
    if (!report) return;
    setExportFailed(false);
    const query = {
      from: report.from,
      to: report.to,
      ...chosenFilters(applied.current),
      ...(centre && { centre: String(centre) }),
    };
    try {
      const res = await ctx.http.get<Blob | string>(endpointUrl(exportCallsReport, { query }), {
        responseType: "blob",
      });
      const blob = res.data instanceof Blob ? res.data : new Blob([res.data], { type: "text/csv" });
      const link = document.createElement("a");
      const url = URL.createObjectURL(blob);
      link.href = url;
      link.download =
        fileNameOf(res.headers["content-disposition"]) ?? `calls-${report.from}-${report.to}.csv`;
      link.style.display = "none";
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has taken the file once the click is handled; the address is let go a little later.
      ctx.clock.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (e) {
      ctx.log("the calls' CSV could not be read", refusalOf(e, ctx.clock.now()).status);
      setExportFailed(true);
    }
  };

  const rows = useMemo(() => report?.rows ?? [], [report]);
  return (
    <ReportFrame
      title={t("calls.title")}
      range={searched}
      fields={
        <CallFilters
          draft={draft}
          onChange={(p) => setDraft((d) => ({ ...d, ...p }))}
          errors={errors}
          report={report}
        />
      }
      actions={<ReportActions ready={!!report} onExport={() => void exportCsv()} />}
    >
      {(Object.keys(errors).length > 0 || exportFailed) && (
        <Callout intent="danger" compact className="reports__refusal">
          {exportFailed ? t("calls.export_failed") : t("calls.errors.filters")}
        </Callout>
      )}
      {report && (
        <div className="calls__body">
          <CallsTable
            rows={rows}
            zone={report.time_zone}
            selected={selected}
            onOpen={setSelected}
            page={pages.length}
            hasPrevious={pages.length > 1}
            hasNext={report.next_cursor !== null}
            onPrevious={() => turn(pages.slice(0, -1))}
            onNext={() => turn([...pages, report.next_cursor])}
          />
          {selected !== null && (
            <CallDetailPane detail={detail.data} state={detail.state} onClose={() => setSelected(null)} />
          )}
        </div>
      )}
    </ReportFrame>
  );
}
