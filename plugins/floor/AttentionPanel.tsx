// "Needs attention": the agents a manager should look at now, most reasons and longest first, each with what is
// wrong and the same actions as on the wall. Read from the wall's own state, kept live by the same pushes.
import { NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNow, usePlugin } from "../../src/sdk";
import type { FloorApi } from "./api";
import { AgentActions } from "./AgentActions";
import { needingAttention } from "./attention";
import type { FloorStore } from "./model";
import { clockText } from "./wall";
import "./floor.css";

const AttentionPanel = observer(function AttentionPanel() {
  const { store, api, ctx } = usePlugin<FloorStore, FloorApi>();
  const { t } = useTranslation("floor");
  useEffect(() => void api.ensureLoaded(), [api]);
  const now = useNow(ctx.clock, store.state === "ready") + store.skewMs;
  if (store.state !== "ready") return <Spinner size={24} aria-label={t("loading")} />;
  const items = needingAttention(store.rows, (id) => store.health.get(String(id)), now);
  if (items.length === 0) return <NonIdealState icon="tick-circle" description={t("attention.none")} />;
  return (
    <ul className="floor__attention" aria-label={t("attention.label")}>
      {items.map(({ agent, reasons, seconds }) => (
        <li key={agent.agent_id}>
          <span className="floor__line">
            <AgentActions agent={agent} />
            <strong>{agent.name}</strong>{" "}
            <span className="floor__muted">
              {t(`status.names.${agent.status}`, { ns: "core" })} {clockText(seconds)}
            </span>
          </span>
          <span className="floor__attention-reasons">
            {reasons.map((r) => (
              <Tag key={r} minimal intent={r === "health_degraded" || r === "health_silent" ? "warning" : "danger"}>
                {t(`attention.reasons.${r}`)}
              </Tag>
            ))}
          </span>
        </li>
      ))}
    </ul>
  );
});
export default AttentionPanel;
