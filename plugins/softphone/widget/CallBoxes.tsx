// One box per SIP session (or the gateway's call when the softphone has no leg in it): who, in what state,
// for how long, and the buttons that act on it.
import { Button, ButtonGroup, Card, Tag } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../../src/core/PluginScope";
import { callKey, clockKey } from "../../../src/core/services";
import type { SoftphoneApi } from "../api";
import type { SessionDetail, SoftphoneStore } from "../model";
import { formatElapsed } from "../rules";
import { useNow } from "./useNow";

export const CallBoxes = observer(function CallBoxes() {
  const { store, ctx } = usePlugin<SoftphoneStore, SoftphoneApi>();
  const clock = ctx.get(clockKey);
  const current = ctx.get(callKey).current;
  const gatewayOnly = store.sessions.length === 0 && current.active;
  const now = useNow(clock, store.sessions.length > 0 || gatewayOnly);
  if (gatewayOnly) return <GatewayCallBox now={now} />;
  return (
    <>
      {store.sessions.map((s) => (
        <SessionBox key={s.id} session={s} now={now} />
      ))}
    </>
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
  const current = ctx.get(callKey).current;
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

  return (
    <Card role="group" aria-label={t("box.label", { name })} compact className="softphone__box">
      <div className="softphone__box-head">
        <strong className="softphone__box-name">{name}</strong>
        {number && number !== name && <span className="softphone__box-number">{number}</span>}
      </div>
      <div className="softphone__box-state">
        <span>{state}</span>
        {s.muted && (
          <Tag minimal intent="warning">
            {t("state.muted")}
          </Tag>
        )}
        <time className="softphone__elapsed" aria-label={t("box.elapsed")}>
          {formatElapsed(now - since)}
        </time>
      </div>
      <ButtonGroup fill className="softphone__box-actions">
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
                  onClick={() => api.toggleHold(s.id)}
                >
                  {t(s.onHold ? "actions.resume" : "actions.hold")}
                </Button>
                <Button
                  icon={s.muted ? "volume-off" : "microphone"}
                  active={s.muted}
                  onClick={() => api.toggleMute(s.id)}
                >
                  {t(s.muted ? "actions.unmute" : "actions.mute")}
                </Button>
              </>
            )}
            <Button intent="danger" icon="cross-circle" onClick={() => void api.hangup(s.id)}>
              {t("actions.hangup")}
            </Button>
          </>
        )}
      </ButtonGroup>
    </Card>
  );
});

/** The gateway has a call for the agent but the softphone holds no leg of it (lost, or not yet offered). */
const GatewayCallBox = observer(function GatewayCallBox({ now }: { now: number }) {
  const { api, ctx } = usePlugin<SoftphoneStore, SoftphoneApi>();
  const { t } = useTranslation("softphone");
  const c = ctx.get(callKey).current;
  const name = c.name || c.phone || t("box.unknown");
  const state =
    c.status === "dialing"
      ? t("state.dialing")
      : c.status === "incoming"
        ? t("state.incoming")
        : t(c.onHold ? "state.on_hold" : "state.established");
  const since = Date.parse(c.answeredAt ?? c.startedAt ?? "") || now;
  return (
    <Card role="group" aria-label={t("box.label", { name })} compact className="softphone__box">
      <div className="softphone__box-head">
        <strong className="softphone__box-name">{name}</strong>
        {c.phone && c.phone !== name && <span className="softphone__box-number">{c.phone}</span>}
      </div>
      <div className="softphone__box-state">
        <span>{state}</span>
        <time className="softphone__elapsed" aria-label={t("box.elapsed")}>
          {formatElapsed(now - since)}
        </time>
      </div>
      <Button fill intent="danger" icon="cross-circle" onClick={() => void api.hangup()}>
        {t("actions.hangup")}
      </Button>
    </Card>
  );
});
