// What supervision shows above the workspace. A manager supervising a call sees a bar with the agent, the mode
// and the time on the line, the three modes to switch between (the same phone leg) and Leave. An agent whose call
// is supervised sees who supervises it and how, where its call centre shows it.
import { Button, ButtonGroup, Card, Icon, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { holdsRoleAtLeast } from "../../src/contract/common";
import { useNow, usePlugin } from "../../src/sdk";
import type { SupervisionApi } from "./api";
import { SUPERVISION_MODES, type SupervisionMode } from "./contract";
import type { SupervisionStore } from "./model";
import "./supervision.css";

const ICONS = { monitor: "headset", whisper: "learning", barge: "people" } as const;

/** m:ss, or h:mm:ss past the hour. */
function elapsed(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const [h, m, r] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(r)}` : `${m}:${two(r)}`;
}

const ManagerBar = observer(function ManagerBar() {
  const { store, api, ctx } = usePlugin<SupervisionStore, SupervisionApi>();
  const { t } = useTranslation("supervision");
  const [switching, setSwitching] = useState<SupervisionMode | null>(null);
  const mine = api.mine;
  const now = useNow(ctx.clock, mine?.state === "live");
  const pending = store.pending;
  if (!mine && !pending) return null;
  if (!mine)
    return (
      <Card className="supervision-bar" role="status" aria-live="polite">
        <Spinner size={16} />
        <span>{t("bar.starting")}</span>
      </Card>
    );
  const choose = async (mode: SupervisionMode) => {
    if (mode === mine.mode) return;
    setSwitching(mode);
    const refusal = await api.supervise(mine.agent_id, mode);
    setSwitching(null);
    if (refusal) ctx.notify.error(refusal);
  };
  const since = mine.answered_at ? (now - Date.parse(mine.answered_at)) / 1000 : 0;
  return (
    <Card className="supervision-bar" role="region" aria-label={t("bar.label")}>
      <Icon icon={ICONS[mine.mode]} />
      <span className="supervision-bar__what" role="status" aria-live="polite">
        {t(`bar.${mine.mode}`, { name: mine.agent_name })}
        <span className="supervision-bar__time">
          {mine.state === "ringing" ? t("bar.ringing") : elapsed(since)}
        </span>
      </span>
      <ButtonGroup aria-label={t("bar.modes")}>
        {SUPERVISION_MODES.map((mode) => (
          <Button
            key={mode}
            size="small"
            icon={ICONS[mode]}
            active={mine.mode === mode}
            aria-pressed={mine.mode === mode}
            loading={switching === mode}
            disabled={switching !== null}
            text={t(`modes.${mode}`)}
            onClick={() => void choose(mode)}
          />
        ))}
      </ButtonGroup>
      <Button size="small" intent="danger" icon="log-out" text={t("bar.leave")} onClick={() => void api.leave()} />
    </Card>
  );
});

const AgentNotice = observer(function AgentNotice() {
  const { store } = usePlugin<SupervisionStore, SupervisionApi>();
  const { t } = useTranslation("supervision");
  const n = store.notice;
  if (!n?.mode) return null;
  return (
    <Card className="supervision-bar supervision-bar--agent" role="status" aria-live="polite">
      <Icon icon={ICONS[n.mode]} />
      <span>{t(`notice.${n.mode}`, { name: n.manager_name ?? "" })}</span>
    </Card>
  );
});

const SupervisionBar = observer(function SupervisionBar() {
  const { ctx } = usePlugin();
  return holdsRoleAtLeast(ctx.agent.roles, "manager") ? <ManagerBar /> : <AgentNotice />;
});
export default SupervisionBar;
