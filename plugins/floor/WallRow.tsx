// One agent on the wall: who, the status with its colour and time in it (red past its overstay limit), the call
// in progress with its lead and the lead's local time, the day's figures against quotas, the last disposition,
// and what stops the agent taking calls.
import { Icon, Tag, type Intent } from "@blueprintjs/core";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { isActiveStatus, type AgentStatus } from "../../src/contract/status";
import type { HealthSample } from "../client-health/api";
import type { Supervision } from "../supervision/api";
import type { FloorAgent, FloorCall } from "./contract";
import { AgentActions } from "./AgentActions";
import { HealthBadge } from "./HealthBadge";
import { clockText, isOverstaying, secondsInStatus } from "./wall";
import { dispositionText } from "./texts";

/** Fixed, so the wall can draw only the rows in view. */
export const ROW_HEIGHT = 56;

/** Ready green, on a call blue, idle and wrap-up orange, pauses grey, faults red. */
export function statusIntent(status: AgentStatus): Intent {
  switch (status) {
    case "ready":
      return "success";
    case "on_a_call":
      return "primary";
    case "idle":
    case "after_call_work":
    case "follow_up":
      return "warning";
    case "not_synced":
    case "system_error":
      return "danger";
    default:
      return "none";
  }
}

function localTime(call: FloorCall, now: number, language: string): string | null {
  if (!call.lead_timezone) return null;
  try {
    return new Intl.DateTimeFormat(language, { timeZone: call.lead_timezone, hour: "numeric", minute: "2-digit" }).format(now);
  } catch {
    return null;
  }
}

function CallCell({ call, now }: { call: FloorCall | null; now: number }) {
  const { t, i18n } = useTranslation("floor");
  if (!call) return <span className="floor__muted">—</span>;
  const since = Date.parse(call.answered_at ?? call.started_at);
  const local = localTime(call, now, i18n.language);
  const state = call.lead_state?.toUpperCase();
  return (
    <>
      <span className="floor__line">
        <Icon icon={call.direction === 1 ? "arrow-bottom-left" : "arrow-top-right"} size={12} title={t(call.direction === 1 ? "call.inbound" : "call.outbound")} />{" "}
        <strong>{call.lead_name ?? t("call.unknown_lead")}</strong>
        {call.in_transfer && (
          <Tag minimal intent="primary" className="floor__tag">
            {t("call.in_transfer")}
          </Tag>
        )}
        {call.phone_dropped_at && (
          <Tag minimal intent="warning" className="floor__tag" title={t("call.phone_dropped_hint")}>
            {t("call.phone_dropped")}
          </Tag>
        )}
      </span>
      <span className="floor__line floor__muted">
        {t(`calls.type.${call.type}`, { ns: "core", defaultValue: call.type })} ·{" "}
        {call.answered_at ? t("call.talking", { time: clockText((now - since) / 1000) }) : t("call.ringing", { time: clockText((now - since) / 1000) })}
        {state || local ? ` · ${[state, local].filter(Boolean).join(" ")}` : ""}
      </span>
    </>
  );
}

function Quota({ label, value, quota }: { label: string; value: number; quota: number }) {
  return (
    <span className="floor__figure">
      {label} <strong>{value}</strong>
      {quota > 0 ? `/${quota}` : ""}
    </span>
  );
}

export const WallRow = memo(function WallRow({
  agent: a,
  health,
  supervised,
  now,
  index,
}: {
  agent: FloorAgent;
  health: HealthSample | undefined;
  /** The supervision of the agent's call under way, if any. */
  supervised: Supervision | null;
  now: number;
  index: number;
}) {
  const { t, i18n } = useTranslation("floor");
  const over = isOverstaying(a, now);
  const dnd = a.status !== "offline" && a.status !== "on_a_call" && !isActiveStatus(a.status);
  const last = a.last_disposition;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={`floor__row${over ? " floor__row--over" : ""}`}
      style={{ top: index * ROW_HEIGHT, height: ROW_HEIGHT }}
    >
      <div role="cell" className="floor__agent">
        <span className="floor__line">
          <AgentActions agent={a} />
          <strong>{a.name}</strong>
        </span>
        <span className="floor__line floor__muted">
          {t(`role.${a.role}`, { defaultValue: a.role })}
          {a.extension ? ` · ${t("extension", { extension: a.extension })}` : ""}
        </span>
      </div>
      <div role="cell">
        <Tag intent={over ? "danger" : statusIntent(a.status)} minimal={!over && statusIntent(a.status) === "none"} className="floor__status">
          {t(`status.names.${a.status}`, { ns: "core" })} {a.status !== "offline" && clockText(secondsInStatus(a, now))}
        </Tag>
        {over && (
          <span className="floor__line floor__over">
            <Icon icon="warning-sign" size={12} /> {t("overstay", { limit: clockText(a.overstay_limit ?? 0) })}
          </span>
        )}
      </div>
      <div role="cell">
        <CallCell call={a.call} now={now} />
      </div>
      <div role="cell" className="floor__today">
        <Quota label={t("today.calls")} value={a.today.calls} quota={a.today.dials_quota} />
        <span className="floor__figure">
          {t("today.talk")} <strong>{clockText(a.today.talk_seconds)}</strong>
        </span>
        <span className="floor__figure">
          {t("today.dispositions")} <strong>{a.today.dispositions}</strong>
        </span>
        <Quota label={t("today.bookings")} value={a.today.bookings} quota={a.today.meetings_quota} />
        {a.role === "qualifier" && (
          <span className="floor__figure">
            {t("today.live_transfers")} <strong>{a.today.live_transfers}</strong>
          </span>
        )}
      </div>
      <div role="cell">
        {last ? (
          <>
            <span className="floor__line">{dispositionText(t, last.disposition)}</span>
            <span className="floor__line floor__muted">
              {new Date(last.at).toLocaleTimeString(i18n.language, { hour: "numeric", minute: "2-digit" })}
            </span>
          </>
        ) : (
          <span className="floor__muted">—</span>
        )}
      </div>
      <div role="cell" className="floor__flags">
        <HealthBadge agent={a} sample={health} now={now} />
        {supervised && (
          // The column is narrow: a word on the wall, who and how in full on hover and for screen readers.
          <Tag
            minimal
            intent="warning"
            icon="headset"
            className="floor__tag"
            htmlTitle={t(`call.supervised.${supervised.mode}`, { name: supervised.manager_name })}
            aria-label={t(`call.supervised.${supervised.mode}`, { name: supervised.manager_name })}
          >
            {t(`call.supervised_short.${supervised.mode}`)}
          </Tag>
        )}
        {a.calling_disabled && (
          <Tag minimal intent="danger" className="floor__tag">
            {t("flags.calling_disabled")}
          </Tag>
        )}
        {dnd && (
          <Tag minimal className="floor__tag">
            {t("flags.dnd")}
          </Tag>
        )}
      </div>
    </div>
  );
});
