// Listen, whisper and barge offered on an agent wherever agents are listed with their calls (the floor's rows):
// each starts the supervision at once (or changes its mode) and says a refusal in a toast; the manager's bar then
// shows it. Offered only for an agent whose call is answered.
import { useEffect, useRef } from "react";
import { usePlugin, type AgentActionDef, type AgentActionProps } from "../../src/sdk";
import type { SupervisionApi } from "./api";
import type { SupervisionMode } from "./contract";

function starts(mode: SupervisionMode) {
  return function Start({ agent, onClose }: AgentActionProps) {
    const { api, ctx } = usePlugin<unknown, SupervisionApi>();
    // Once per choice of the menu item, however often the list around it draws again meanwhile.
    const asked = useRef(false);
    useEffect(() => {
      if (asked.current) return;
      asked.current = true;
      void api.supervise(agent.id, mode).then((refusal) => {
        if (refusal) ctx.notify.error(refusal);
        onClose();
      });
    }, [api, ctx, agent.id, onClose]);
    return null;
  };
}

const answered = (agent: { onCall?: boolean }) => agent.onCall === true;

export const supervisionActions: AgentActionDef[] = [
  { id: "monitor", title: "actions.monitor", icon: "headset", offeredFor: answered, component: starts("monitor") },
  { id: "whisper", title: "actions.whisper", icon: "learning", offeredFor: answered, component: starts("whisper") },
  { id: "barge", title: "actions.barge", icon: "people", offeredFor: answered, component: starts("barge") },
];
