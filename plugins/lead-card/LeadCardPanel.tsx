import { Button, Callout, Spinner, Tag, Tooltip } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import type { LeadHistoryCall, LeadHistoryDisposition } from "../../src/contract/leadHistory";
import { parseCreNotes } from "../../src/contract/lead";
import { CallFacets, formatUtc, usePlugin, type LeadView } from "../../src/sdk";
import type { LeadCardApi } from "./api";
import { formatDuration, formatPhone, localTime, reasonKey, statusKey, timeline, transferOf } from "./facts";
import type { LeadCardStore } from "./model";
import "./lead-card.css";

type T = ReturnType<typeof useTranslation>["t"];

/** One line of text cut to the cell, whole in a tooltip on hover and on keyboard focus. */
function Truncated({ text }: { text: string }) {
  return (
    <Tooltip
      content={<span className="lead-card__tip">{text}</span>}
      compact
      placement="bottom-start"
      className="lead-card__truncate-target"
    >
      {/* Focusable so a keyboard user reaches the whole text too. */}
      <span className="lead-card__truncate" tabIndex={0}>
        {text}
      </span>
    </Tooltip>
  );
}

const statusText = (t: T, status: string) => t(`status.${statusKey(status)}`, { defaultValue: status });

function DispositionEntry({ d, language, t }: { d: LeadHistoryDisposition; language: string; t: T }) {
  const key = d.reason ? reasonKey(d.disposition, d.reason) : null;
  const reason = d.reason ? (key ? t(key, { defaultValue: d.reason }) : d.reason) : null;
  const why = [reason, d.reason_other].filter(Boolean).join(": ");
  return (
    <>
      <div className="lead-card__entry-head">
        <Tag minimal intent="primary" className="lead-card__entry-kind">
          {t("history.disposition")}
        </Tag>
        <strong>{statusText(t, d.disposition)}</strong>
        <time className="lead-card__when" dateTime={d.created_at}>
          {formatUtc(d.created_at, language, "short")}
        </time>
      </div>
      <div className="lead-card__entry-line">
        {t("history.by", { name: d.agent_name ?? t("history.unknownAgent") })}
        {why && <> · {t("history.reason", { reason: why })}</>}
      </div>
      {d.notes && (
        <div className="lead-card__entry-line">
          <Truncated text={d.notes} />
        </div>
      )}
    </>
  );
}

function CallEntry({ c, language, t, now }: { c: LeadHistoryCall; language: string; t: T; now: boolean }) {
  return (
    <>
      <div className="lead-card__entry-head">
        <Tag minimal className="lead-card__entry-kind">
          {t("history.call")}
        </Tag>
        <strong>
          {t(`callType.${c.type}`)} · {t(c.direction === 1 ? "direction.inbound" : "direction.outbound")}
        </strong>
        <time className="lead-card__when" dateTime={c.started_at}>
          {formatUtc(c.started_at, language, "short")}
        </time>
      </div>
      <div className="lead-card__entry-line">
        {/* The call under way has no duration yet: it is not a call that never connected. */}
        {now
          ? t("history.onCallNow")
          : c.duration === null
            ? t("history.noTalk")
            : t("history.duration", { duration: formatDuration(c.duration) })}
        {c.agent_name && <> · {t("history.by", { name: c.agent_name })}</>}
        {c.live_transfer === 1 && <> · {t("history.liveTransfer")}</>}
      </div>
      {/* What plugins kept with the call (a disclosure given, a recording…), each drawn by its own plugin. */}
      {c.facets && (
        <div className="lead-card__facets">
          <CallFacets call={c} />
        </div>
      )}
    </>
  );
}

const History = observer(function History({ lead, language }: { lead: LeadView; language: string }) {
  const { store, api, ctx } = usePlugin<LeadCardStore, LeadCardApi>();
  const { t } = useTranslation("lead-card");
  const headingId = useId();
  const callNow = ctx.call.current.active ? ctx.call.current.callId : null;
  const mine = store.leadId === lead.id;
  const history = mine ? store.history : null;

  let body;
  if (history) {
    const entries = timeline(history);
    body = entries.length ? (
      <ol className="lead-card__history-list" aria-labelledby={headingId}>
        {entries.map((e) => (
          <li key={`${e.kind}-${e.item.id}`} className="lead-card__entry">
            {e.kind === "disposition" ? (
              <DispositionEntry d={e.item} language={language} t={t} />
            ) : (
              <CallEntry c={e.item} language={language} t={t} now={e.item.id === callNow} />
            )}
          </li>
        ))}
      </ol>
    ) : (
      <p className="lead-card__muted">{t("history.empty")}</p>
    );
  } else if (mine && store.state === "failed") {
    body = (
      <Callout intent="warning" role="alert" compact>
        {t("history.failed")}{" "}
        <Button size="small" variant="minimal" intent="warning" onClick={() => void api.refresh()}>
          {t("history.retry")}
        </Button>
      </Callout>
    );
  } else {
    body = <Spinner size={16} aria-label={t("history.loading")} />;
  }
  return (
    <section className="lead-card__history" aria-labelledby={headingId}>
      <h3 id={headingId} className="lead-card__section-title">
        {t("history.title")}
      </h3>
      <div className="lead-card__history-scroll">{body}</div>
    </section>
  );
});

const LeadCardPanel = observer(function LeadCardPanel() {
  const { store, api, ctx } = usePlugin<LeadCardStore, LeadCardApi>();
  const { t, i18n } = useTranslation("lead-card");
  const creId = useId();
  useEffect(() => api.watch(), [api]);

  const lead = ctx.leads.current;
  if (!lead) return <p className="lead-card__empty">{t("empty")}</p>;

  const language = i18n.language;
  const name = `${lead.firstName} ${lead.lastName}`.trim() || t("unnamed");
  // Before the first minute tick (the card just opened), the clock's time.
  const time = localTime(store.now || ctx.clock.now(), lead.timezone, language);
  const transfer = transferOf(
    store.leadId === lead.id ? store.history : null,
    ctx.call.current.type === "transfer",
  );
  const creOpen = store.creNotesOpenFor === lead.id;
  const isProvince = ctx.variant.country === "CA";

  return (
    <div className="lead-card">
      <header className="lead-card__head">
        <div className="lead-card__who">
          <h3 className="lead-card__name">{name}</h3>
          <span className="lead-card__phone">{formatPhone(lead.phone)}</span>
        </div>
        <Tag className="lead-card__status" aria-label={t("statusOf", { status: statusText(t, lead.status) })}>
          {statusText(t, lead.status)}
        </Tag>
      </header>

      {(lead.isInbound || transfer.transferred || lead.isRedistributedFollowup) && (
        <ul className="lead-card__flags" aria-label={t("flags.label")}>
          {lead.isInbound && (
            <li>
              <Tag minimal intent="success" icon="phone-call">
                {t("flags.inbound")}
              </Tag>
            </li>
          )}
          {transfer.transferred && (
            <li>
              <Tag minimal intent="primary" icon="exchange">
                {transfer.by ? t("flags.transferredBy", { name: transfer.by }) : t("flags.transferred")}
              </Tag>
            </li>
          )}
          {lead.isRedistributedFollowup && (
            <li>
              <Tag minimal intent="warning" icon="inheritance">
                {t("flags.redistributed")}
              </Tag>
            </li>
          )}
        </ul>
      )}

      <dl className="lead-card__facts">
        <dt>{t(isProvince ? "fields.province" : "fields.state")}</dt>
        <dd>{lead.state ? lead.state.toUpperCase() : t("none")}</dd>
        <dt>{t("fields.dials")}</dt>
        <dd>{lead.dials}</dd>
        <dt>{t("fields.localTime")}</dt>
        <dd className="lead-card__wide">
          {time ?? t("timeZoneUnknown")}
          {time && lead.timezone && <span className="lead-card__muted"> · {lead.timezone}</span>}
        </dd>
        <dt>{t("fields.campaign")}</dt>
        <dd className="lead-card__wide">{lead.campaign ? <Truncated text={lead.campaign} /> : t("none")}</dd>
        <dt>{t("fields.notes")}</dt>
        <dd className="lead-card__wide">{lead.notes ? <Truncated text={lead.notes} /> : t("none")}</dd>
      </dl>

      {lead.creNotes && (
        <div className="lead-card__cre">
          <Button
            size="small"
            variant="minimal"
            icon={creOpen ? "chevron-down" : "chevron-right"}
            aria-expanded={creOpen}
            aria-controls={creId}
            onClick={() => store.toggleCreNotes(lead.id)}
          >
            {t(creOpen ? "cre.hide" : "cre.show")}
          </Button>
          {creOpen && (
            <ul id={creId} className="lead-card__cre-text" aria-label={t("cre.label")}>
              {parseCreNotes(lead.creNotes).map((note, i) => (
                <li key={i}>
                  {note.stamp && <span className="lead-card__muted">{note.stamp} · </span>}
                  {note.text}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <History lead={lead} language={language} />
    </div>
  );
});
export default LeadCardPanel;
