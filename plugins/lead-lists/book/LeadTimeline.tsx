// The lead's history, newest first: its calls (when, how, who, how long, a live transfer, and what plugins kept with
// each: the SDK's <CallFacets>, as the lead card draws them) and its dispositions (what, who, why, the notes, the
// time it set). A manager's page does not get every plugin an agent gets (the recordings plugin is the agents'):
// where no plugin drew a call's facets, a recording kept with the call is still said, from the facet's data.
import { Button, Callout, H3, Spinner, Tag } from "@blueprintjs/core";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { LeadHistory, LeadHistoryCall, LeadHistoryDisposition } from "../../../src/contract/leadHistory";
import { CallFacets, formatUtc } from "../../../src/sdk";
import type { Loaded } from "./LeadPane";
import { formatDuration, statusText } from "./words";

type Entry =
  | { kind: "call"; at: string; item: LeadHistoryCall }
  | { kind: "disposition"; at: string; item: LeadHistoryDisposition };

/** Calls and dispositions in one list, newest first. */
export function timeline(h: LeadHistory): Entry[] {
  const entries: Entry[] = [
    ...h.calls.map((item) => ({ kind: "call" as const, at: item.started_at, item })),
    ...h.dispositions.map((item) => ({ kind: "disposition" as const, at: item.created_at, item })),
  ];
  return entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

export default function LeadTimeline({
  history,
  onRetry,
}: {
  history: Loaded<LeadHistory>;
  onRetry(): void;
}) {
  const { t } = useTranslation("lead-lists");
  const id = useId();
  let body;
  if (history.state === "loading") body = <Spinner size={16} aria-label={t("book.history.loading")} />;
  else if (history.state === "failed")
    body = (
      <Callout intent="warning" compact>
        {t("book.history.failed")}{" "}
        <Button size="small" variant="minimal" intent="warning" text={t("book.retry")} onClick={onRetry} />
      </Callout>
    );
  else {
    const entries = timeline(history.value);
    body = entries.length ? (
      <ol className="lead-book__history" aria-labelledby={id}>
        {entries.map((e) => (
          <li key={`${e.kind}-${e.item.id}`} className="lead-book__entry">
            {e.kind === "call" ? <CallEntry c={e.item} /> : <DispositionEntry d={e.item} />}
          </li>
        ))}
      </ol>
    ) : (
      <p className="lead-book__muted">{t("book.history.empty")}</p>
    );
  }
  return (
    <section className="lead-book__section" aria-labelledby={id}>
      <H3 id={id} className="lead-book__section-title">
        {t("book.history.title")}
      </H3>
      {body}
    </section>
  );
}

function CallEntry({ c }: { c: LeadHistoryCall }) {
  const { t, i18n } = useTranslation("lead-lists");
  return (
    <>
      <div className="lead-book__entry-head">
        <Tag minimal>{t("book.history.call")}</Tag>
        <strong>
          {t(`book.history.call_types.${c.type}`)} ·{" "}
          {t(c.direction === 1 ? "book.history.inbound" : "book.history.outbound")}
        </strong>
        <time className="lead-book__when" dateTime={c.started_at}>
          {formatUtc(c.started_at, i18n.language, "short")}
        </time>
      </div>
      <div className="lead-book__entry-line">
        {c.duration === null
          ? t("book.history.no_talk")
          : t("book.history.duration", { duration: formatDuration(c.duration) })}
        {" · "}
        {t("book.history.by", { name: c.agent_name ?? t("book.history.unknown_agent") })}
        {c.live_transfer === 1 && <> · {t("book.history.live_transfer")}</>}
      </div>
      {c.facets && <Facets call={c} />}
    </>
  );
}

function DispositionEntry({ d }: { d: LeadHistoryDisposition }) {
  const { t, i18n } = useTranslation("lead-lists");
  const why = [d.reason, d.reason_other].filter(Boolean).join(": ");
  return (
    <>
      <div className="lead-book__entry-head">
        <Tag minimal intent="primary">
          {t("book.history.disposition")}
        </Tag>
        <strong>{statusText(t, d.disposition)}</strong>
        <time className="lead-book__when" dateTime={d.created_at}>
          {formatUtc(d.created_at, i18n.language, "short")}
        </time>
      </div>
      <div className="lead-book__entry-line">
        {t("book.history.by", { name: d.agent_name ?? t("book.history.unknown_agent") })}
        {why && <> · {t("book.history.reason", { reason: why })}</>}
        {d.date_time && (
          <> · {t("book.history.for", { date: formatUtc(d.date_time, i18n.language, "short") })}</>
        )}
      </div>
      {d.notes && (
        <div className="lead-book__entry-line lead-book__notes">
          {t("book.history.notes", { notes: d.notes })}
        </div>
      )}
    </>
  );
}

/** What the recordings plugin keeps with a call (its contract's RecordingsFacet), read loosely for the fallback. */
const RecordingsSeen = z.object({
  recordings: z.array(z.object({ index: z.number(), seconds: z.number().nullable(), state: z.string() })),
});

/**
 * The call's facets as the enabled plugins draw them (<CallFacets>). Where none drew anything (the plugin is not
 * enabled for a manager), a recording kept with the call is said from the facet's data, without its player.
 */
function Facets({ call }: { call: LeadHistoryCall }) {
  const { t, i18n } = useTranslation("lead-lists");
  const drawn = useRef<HTMLDivElement>(null);
  const [empty, setEmpty] = useState(true);
  useEffect(() => {
    const el = drawn.current;
    if (!el) return;
    const check = () => setEmpty(el.childNodes.length === 0);
    check();
    // The plugins' components are lazy: they appear once loaded.
    const watch = new MutationObserver(check);
    watch.observe(el, { childList: true });
    return () => watch.disconnect();
  }, []);
  const recordings = RecordingsSeen.safeParse(call.facets?.recordings);
  const seconds = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  return (
    <div className="lead-book__facets">
      <div ref={drawn}>
        <CallFacets call={call} />
      </div>
      {empty && recordings.success && recordings.data.recordings.length > 0 && (
        <ul className="lead-book__recordings">
          {recordings.data.recordings.map((r) => (
            <li key={r.index}>
              {r.seconds === null
                ? t("book.history.recording", { index: r.index })
                : t("book.history.recording_length", {
                    index: r.index,
                    duration: formatDuration(r.seconds),
                    seconds: seconds.format(r.seconds),
                  })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
