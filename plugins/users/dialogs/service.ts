// The row dialogs' gateway calls (admin-and-sign-in §7 Agents and users) and the refusal each shows (§8):
// 404 'Could not find data location.', 403 'You are not authorized to do that.', 422 the first message error,
// anything else the answer's errors or message.
import type { AxiosInstance } from "axios";
import { isAxiosError } from "axios";
import {
  AgentAttributesResponse,
  AttributeList,
  HealthLicensesResponse,
  RedistributeFollowUpsResponse,
  type Attribute,
} from "../../../src/contract/agentSettings";
import { AgentListResponse, type AgentListItem } from "../../../src/contract/agents";
import { CallableStatesBody } from "../../../src/contract/dialer";
import { UserStatistics } from "./contract";

type T = (key: string, values?: Record<string, unknown>) => string;

/** The text a failed call shows in its dialog. */
export function refusalText(e: unknown, t: T): string {
  if (!isAxiosError(e) || !e.response) return t("dialogs.errors.network");
  const { status, data } = e.response;
  const body = (data ?? {}) as { message?: unknown; errors?: Record<string, unknown> };
  const messages = Object.values(body.errors ?? {}).flatMap((v) => (Array.isArray(v) ? v.map(String) : [String(v)]));
  if (status === 404) return t("dialogs.errors.not_found");
  if (status === 403) return t("dialogs.errors.forbidden");
  if (status === 422) return messages[0] ?? (typeof body.message === "string" ? body.message : t("dialogs.errors.failed"));
  if (messages.length) return messages.join("\n");
  return typeof body.message === "string" ? body.message : t("dialogs.errors.failed");
}

export function dialogCalls(http: AxiosInstance) {
  return {
    async statistics(id: number): Promise<UserStatistics> {
      return UserStatistics.parse((await http.get(`/agents/${id}/statistics`)).data);
    },
    /** null: every state. */
    async provinces(id: number): Promise<string[] | null> {
      return CallableStatesBody.parse((await http.get(`/settings/agents/${id}/provinces`)).data).provinces;
    },
    async saveProvinces(id: number, provinces: string[] | null): Promise<void> {
      await http.put(`/settings/agents/${id}/provinces`, { provinces });
    },
    async healthLicenses(id: number): Promise<string[]> {
      return HealthLicensesResponse.parse((await http.get(`/settings/agents/${id}/health-licenses`)).data).health_licenses;
    },
    async saveHealthLicenses(id: number, codes: string[]): Promise<void> {
      await http.put(`/settings/agents/${id}/health-licenses`, { health_licenses: codes });
    },
    /** The attributes an agent of `role` may hold (permission attributes filtered by the gateway). */
    async attributes(role: string): Promise<Attribute[]> {
      return AttributeList.parse((await http.get("/settings/attributes", { params: { role } })).data).data;
    },
    async agentAttributes(id: number): Promise<number[]> {
      return AgentAttributesResponse.parse((await http.get(`/settings/agents/${id}/attributes`)).data).attributes;
    },
    async saveAgentAttributes(id: number, ids: number[]): Promise<void> {
      await http.put(`/settings/agents/${id}/attributes`, { attributes: ids });
    },
    /** The call centre's agents of a role matching the search (the first ten). */
    async findAgents(query: string, role: AgentListItem["role"]): Promise<AgentListItem[]> {
      const params = query ? { query, role, per_page: "10" } : { role, per_page: "10" };
      return AgentListResponse.parse((await http.get("/agents", { params })).data).data;
    },
    /** `to` null: general callbacks. How many follow-ups moved. */
    async redistribute(id: number, to: number | null): Promise<number> {
      return RedistributeFollowUpsResponse.parse((await http.post(`/agents/${id}/redistribute-follow-ups`, { to })).data).data.moved;
    },
    async toggleCalling(id: number): Promise<void> {
      await http.patch(`/agents/${id}/calling-statuses`, {});
    },
    async repairFrontend(id: number): Promise<void> {
      await http.post(`/agents/${id}/frontend-repairs`);
    },
    async resetSockets(id: number): Promise<void> {
      await http.post(`/agents/${id}/reset-sockets`);
    },
  };
}
export type DialogCalls = ReturnType<typeof dialogCalls>;
