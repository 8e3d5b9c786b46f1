// One box per SIP session (or the gateway's call when the softphone has no leg in it): who, in what state,
// for how long, and the buttons that act on it. The primary call (a ringing one, else the one in progress)
// sits in the widget's bar, so hold, mute and hang up stay in reach with the widget collapsed; any other
// session is listed inside the widget. Buttons too wide for the bar are icons named for screen readers and
// explained on hover.
import { Button, Tag } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import { useNow, usePlugin } from "../../../src/sdk";
import type { SoftphoneApi } from "../api";
import type { SessionDetail, SoftphoneStore } from "../model";
import { formatElapsed } from "../rules";

/** The call in the bar. */
export const PrimaryCall = observer(function PrimaryCall() {
  const { store, ctx } = usePlugin<SoftphoneStore, SoftphoneApi>();
  const gatewayOnly = store.sessions.length === 0 && ctx.call.current.active;
  const now = useNow(ctx.clock, store.sessions.length > 0 || gatewayOnly);
  if (gatewayOnly) return <GatewayCallBox now={now} />;
  const primary = store.primary;
  return primary ? <SessionBox session={primary} now={now} /> : null;
});

/** The sessions besides the primary one (a second call ringing, the voicemail box beside a call). */
export const OtherCalls = observer(function OtherCalls() {
  const { store, ctx } = usePlugin<SoftphoneStore, SoftphoneApi>();
  const others = store.sessions.filter((s) => s !== store.primary);
  const now = useNow(ctx.clock, others.length > 0);
  if (others.length === 0) return null;
  return (
    <div className="softphone__others">
      {others.map((s) => (
        <SessionBox key={s.id} session={s} now={now} />
      ))}
    </div>
  );
});

const SessionBox = observer(function SessionBox({
  session: s,
  now,
}: {
  session: SessionDetail;
  now: number;
}) {
  const { store, api, ctx } = usePlugin<SoftphoneStore, SoftphoneApi>();
  const { t } = useTranslation("softphone");
  const current = ctx.call.current;
  // The gateway knows the lead; SIP only knows the edge that called us.
  const fromGateway = current.active && !s.voicemail && (s.callId === null || s.callId === current.callId);
  const name = s.voicemail
    ? t("box.voicemail")
    : fromGateway
      ? current.name || current.phone
      : s.name || s.number || t("box.unknown");
  const number = fromGateway ? current.phone : s.voicemail ? "" : s.number;
  const inbound = s.direction === "incoming" && s.state === "ringing";
  // The agent's own leg is up as soon as the gateway rings it, but the lead may still be ringing: the call
  // is established only once the gateway says the lead answered (agent-workspace §2: ringing, then established).
  const leadRinging = fromGateway && current.status === "dialing";
  const state =
    s.state === "ringing" || (s.state === "established" && leadRinging)
      ? t(inbound ? "state.incoming" : "state.ringing")
      : s.state === "connecting"
        ? t("state.connecting")
        : t(s.onHold ? "state.on_hold" : "state.established");
  const since = s.state === "established" && !leadRinging ? (s.answeredAt ?? s.createdAt) : s.createdAt;
  const hold = t(s.onHold ? "actions.resume" : "actions.hold");
  const mute = t(s.muted ? "actions.unmute" : "actions.mute");

  return (
    <div
      role="group"
      aria-label={t("box.label", { name })}
      className={`softphone__call${inbound ? " softphone__call--ringing" : ""}`}
    >
      <Who name={name} number={number} state={state} elapsed={formatElapsed(now - since)} muted={s.muted} />
      <div className="softphone__call-actions">
        {inbound ? (
          <>
            <Button
              intent="success"
              icon="phone"
              disabled={store.ringerInteraction}
              onClick={() => api.answer(s.id)}
            >
              {t("actions.answer")}
            </Button>
            <Button
              intent="danger"
              icon="cross"
              disabled={store.ringerInteraction}
              onClick={() => api.reject(s.id)}
            >
              {t("actions.reject")}
            </Button>
          </>
        ) : (
          <>
            {s.state === "established" && (
              <>
                <Button
                  icon={s.onHold ? "play" : "pause"}
                  active={s.onHold}
                  aria-label={hold}
                  title={hold}
                  onClick={() => api.toggleHold(s.id)}
                />
                <Button
                  icon={s.muted ? "volume-off" : "microphone"}
                  active={s.muted}
                  aria-label={mute}
                  title={mute}
                  onClick={() => api.toggleMute(s.id)}
                />
              </>
            )}
            <HangUp onClick={() => void api.hangup(s.id)} />
          </>
        )}
      </div>
    </div>
  );
});

/** The gateway has a call for the agent but the softphone holds no leg of it (lost, or not yet offered). */
const GatewayCallBox = observer(function GatewayCallBox({ now }: { now: number }) {
  const { api, ctx } = usePlugin<SoftphoneStore, SoftphoneApi>();
  const { t } = useTranslation("softphone");
  const c = ctx.call.current;
  const name = c.name || c.phone || t("box.unknown");
  const state =
    c.status === "dialing"
      ? t("state.dialing")
      : c.status === "incoming"
        ? t("state.incoming")
        : t(c.onHold ? "state.on_hold" : "state.established");
  const since = Date.parse(c.answeredAt ?? c.startedAt ?? "") || now;
  return (
    <div role="group" aria-label={t("box.label", { name })} className="softphone__call">
      <Who name={name} number={c.phone} state={state} elapsed={formatElapsed(now - since)} muted={false} />
      <div className="softphone__call-actions">
        <HangUp onClick={() => void api.hangup()} />
      </div>
    </div>
  );
});

/** Name and number on the first line, state, mute and elapsed time on the second. */
function Who(p: { name: string; number: string; state: string; elapsed: string; muted: boolean }) {
  const { t } = useTranslation("softphone");
  const number = p.number && p.number !== p.name ? p.number : "";
  return (
    <div className="softphone__who" title={number ? `${p.name} ${number}` : p.name}>
      <div className="softphone__who-line">
        <strong className="softphone__box-name">{p.name}</strong>
        {number && <span className="softphone__box-number">{number}</span>}
      </div>
      <div className="softphone__who-line softphone__box-state">
        <span>{p.state}</span>
        {p.muted && (
          <Tag minimal intent="warning">
            {t("state.muted")}
          </Tag>
        )}
        <time className="softphone__elapsed" aria-label={t("box.elapsed")}>
          {p.elapsed}
        </time>
      </div>
    </div>
  );
}

function HangUp({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation("softphone");
  return (
    <Button intent="danger" icon="cross-circle" onClick={onClick}>
      {t("actions.hangup")}
    </Button>
  );
}
