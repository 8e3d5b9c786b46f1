// The row dialogs' gateway calls (admin-and-sign-in §7 Agents and users), by their endpoints, and the refusal each
// shows (§8): 404 'Could not find data location.', 403 'You are not authorized to do that.', 422 the first message
// error, anything else the answer's errors or message. A call throws its refusal (the dialogs' load and save
// expect a failure to throw); `refusalText` words it.
import {
  listAttributes,
  readAgentAttributes,
  readHealthLicenses,
  redistributeFollowUps,
  repairFrontend,
  resetSockets,
  saveAgentAttributes,
  saveHealthLicenses,
  type Attribute,
} from "../../../src/contract/agentSettings";
import { listAgents, type AgentListItem } from "../../../src/contract/agents";
import { readCallableStates, saveCallableStates } from "../../../src/contract/dialer";
import { setCallingStatus } from "../../../src/contract/status";
import { callEndpoint, refusalOf, unwrap, type EndpointCaller } from "../../../src/sdk";
import { readGoalStatistics, type GoalStatistics } from "../../goals/api";

type T = (key: string, values?: Record<string, unknown>) => string;

/** The text a failed call shows in its dialog. */
export function refusalText(e: unknown, t: T): string {
  const r = refusalOf(e);
  if (r.status === null) return t("dialogs.errors.network");
  const messages = Object.values(r.errors).flat();
  if (r.status === 404) return t("dialogs.errors.not_found");
  if (r.status === 403) return t("dialogs.errors.forbidden");
  if (r.status === 422) return messages[0] ?? r.message ?? t("dialogs.errors.failed");
  if (messages.length) return messages.join("\n");
  return r.message ?? t("dialogs.errors.failed");
}

export function dialogCalls(caller: EndpointCaller) {
  return {
    /** The goals plugin's statistics of the agent (its route; 404 when the call centre does not have it). */
    async statistics(id: number): Promise<GoalStatistics> {
      return unwrap(await callEndpoint(caller, readGoalStatistics, { params: { id } }));
    },
    /** null: every state. */
    async provinces(id: number): Promise<string[] | null> {
      return unwrap(await callEndpoint(caller, readCallableStates, { params: { id } })).provinces;
    },
    async saveProvinces(id: number, provinces: string[] | null): Promise<void> {
      unwrap(await callEndpoint(caller, saveCallableStates, { params: { id }, body: { provinces } }));
    },
    async healthLicenses(id: number): Promise<string[]> {
      return unwrap(await callEndpoint(caller, readHealthLicenses, { params: { id } })).health_licenses;
    },
    async saveHealthLicenses(id: number, codes: string[]): Promise<void> {
      unwrap(await callEndpoint(caller, saveHealthLicenses, { params: { id }, body: { health_licenses: codes } }));
    },
    /** The attributes an agent of `role` may hold (permission attributes filtered by the gateway). */
    async attributes(role: AgentListItem["role"]): Promise<Attribute[]> {
      return unwrap(await callEndpoint(caller, listAttributes, { query: { role } })).data;
    },
    async agentAttributes(id: number): Promise<number[]> {
      return unwrap(await callEndpoint(caller, readAgentAttributes, { params: { id } })).attributes;
    },
    async saveAgentAttributes(id: number, ids: number[]): Promise<void> {
      unwrap(await callEndpoint(caller, saveAgentAttributes, { params: { id }, body: { attributes: ids } }));
    },
    /** The call centre's agents of a role matching the search (the first ten). */
    async findAgents(query: string, role: AgentListItem["role"]): Promise<AgentListItem[]> {
      const q = query ? { query, role, per_page: "10" as const } : { role, per_page: "10" as const };
      return unwrap(await callEndpoint(caller, listAgents, { query: q })).data;
    },
    /** `to` null: general callbacks. How many follow-ups moved. */
    async redistribute(id: number, to: number | null): Promise<number> {
      return unwrap(await callEndpoint(caller, redistributeFollowUps, { params: { id }, body: { to } })).data.moved;
    },
    async toggleCalling(id: number): Promise<void> {
      unwrap(await callEndpoint(caller, setCallingStatus, { params: { id }, body: {} }));
    },
    async repairFrontend(id: number): Promise<void> {
      unwrap(await callEndpoint(caller, repairFrontend, { params: { id } }));
    },
    async resetSockets(id: number): Promise<void> {
      unwrap(await callEndpoint(caller, resetSockets, { params: { id } }));
    },
  };
}
export type DialogCalls = ReturnType<typeof dialogCalls>;
