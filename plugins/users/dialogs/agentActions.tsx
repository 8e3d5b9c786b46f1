// Two of the row dialogs offered as agent actions wherever agents are listed (the floor's rows): the agent's
// statistics, and its callable states. They open in this plugin's scope, with its texts and its calls.
import { lazy } from "react";
import type { AgentActionDef, AgentActionProps } from "../../../src/sdk";

const StatisticsDialog = lazy(() => import("./StatisticsDialog").then((m) => ({ default: m.StatisticsDialog })));
const RegionsDialog = lazy(() => import("./RegionsDialog").then((m) => ({ default: m.RegionsDialog })));

function Statistics({ agent, onClose }: AgentActionProps) {
  return <StatisticsDialog agent={{ id: agent.id, full_name: agent.name }} onClose={onClose} />;
}

function CallableStates({ agent, onClose }: AgentActionProps) {
  return <RegionsDialog agent={{ id: agent.id, full_name: agent.name }} kind="provinces" onClose={onClose} onChanged={() => {}} />;
}

export const usersAgentActions: AgentActionDef[] = [
  { id: "statistics", title: "dialogs.statistics.open", icon: "timeline-bar-chart", component: Statistics },
  { id: "callable-states", title: "dialogs.provinces.open", icon: "map", component: CallableStates },
];
