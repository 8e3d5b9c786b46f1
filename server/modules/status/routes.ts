// The status calls (agent-workspace §7, admin-and-sign-in §7). Refusals answer { message: <i18n key>,
// errors: { status: [English text] } } (see src/contract/status.ts): 403 when a change is refused (limits,
// role, variant, system-only statuses, deactivated, on a call), 409 when a reported overstay does not
// match the agent's current period, 422 for malformed input.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { ErrorBody } from "../../../src/contract/common";
import {
  AgentStatusList,
  AgentStatusSnapshotResponse,
  ChangeStatusRequest,
  ChangeStatusResponse,
  ExtensionParameterParams,
  ExtensionParameterRequest,
  listOverstays,
  setCallingStatus as setCallingStatusEndpoint,
  OverstayReport,
  OverstayResponse,
  STATUS_MESSAGE_KEYS,
  overstayLimit,
  type AgentStatus,
  type StatusMessageKey,
} from "../../../src/contract/status";
import { users } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { HttpError } from "../../http/errors";
import { defineRoute, type RouteDef } from "../../http/route";
import { setCallingStatus } from "./calling";
import { dueTimes, type OverstayStage } from "./overstay";
import { statusSnapshot, tenantStatuses } from "./snapshot";
import { agentOf, currentPeriodOf } from "./store";

/** A browser's timer may run a little ahead of the gateway's (it starts from whole seconds). */
export const REPORT_TOLERANCE_MS = 5_000;

const AGENTS = ["qualifier", "advisor"] as const;

export const refusal = (status: number, key: StatusMessageKey) =>
  new HttpError(status, key, { status: [STATUS_MESSAGE_KEYS[key]] });

export function statusRoutes(gw: Gateway): RouteDef[] {
  /** A browser's overstay report: recorded once per period, only when the gateway's clock agrees. */
  const report = async (userId: number, status: AgentStatus, stage: OverstayStage) => {
    const now = gw.clock.now();
    const agent = (await agentOf(gw.db, userId))!;
    const current = await currentPeriodOf(gw.db, userId, now);
    const limit = overstayLimit(agent.role, status, agent.cumulativeBreaks);
    if (!limit || current.status !== status || current.periodId === null)
      throw refusal(409, "overstay.notOverstayed");
    const period = {
      userId,
      tenantId: agent.tenantId,
      role: agent.role,
      status,
      since: current.since,
      offsetSeconds: current.offsetSeconds,
      periodId: current.periodId,
      limit,
    };
    if (now < dueTimes(period)[stage] - REPORT_TOLERANCE_MS) throw refusal(409, "overstay.notOverstayed");
    await gw.overstays.reach(period, stage, now, "browser");
    return { data: (await gw.overstays.ofPeriod(current.periodId))! };
  };

  /** The browser's two overstay reports differ only in the stage they record. */
  const overstayReportRoute = (url: string, stage: OverstayStage, summary: string) =>
    defineRoute({
      method: "POST",
      url,
      summary,
      tags: ["statuses"],
      access: { roles: AGENTS },
      body: OverstayReport,
      response: { 201: OverstayResponse, 409: ErrorBody, 422: ErrorBody },
      example: { body: { status: "break" } },
      async handler({ caller, body }, reply) {
        const out = await report(caller.id, body.status, stage);
        reply.code(201);
        return out;
      },
    });

  return [
    defineRoute({
      method: "POST",
      url: "/agent-statuses",
      summary:
        "Changes the caller's status. 201 {data: {status, duration}}: duration is the seconds already spent in it (0 for a new status; the same status again keeps counting; a cumulative break resumes from today's break time). 403 {message: key} when refused: advisor.noBreak, advisor.noLunchBreak, status.notAllowed, status.systemOnly, status.deactivated, status.onACall.",
      tags: ["statuses"],
      access: { roles: ["setter", "advisor"] },
      body: ChangeStatusRequest,
      response: { 201: ChangeStatusResponse, 403: ErrorBody, 422: ErrorBody },
      example: { body: { status: "break" } },
      async handler({ caller, body }, reply) {
        const outcome = await gw.statuses.change(caller.id, body.status, "agent");
        if (!outcome.ok) {
          await gw.audit.record({
            action: "status.change",
            outcome: "denied",
            userId: caller.id,
            tenantId: caller.tenantId,
            detail: { to: body.status, message: outcome.message },
          });
          throw refusal(403, outcome.message);
        }
        reply.code(201);
        return { data: { status: outcome.status, duration: outcome.duration } };
      },
    }),
    defineRoute({
      method: "GET",
      url: "/agents/me/status",
      summary:
        "The caller's status for re-syncing after a reconnect: status, since, duration, the statuses it may choose (by role and variant), today's break and lunch allowance, the overstay limit of the current status, the current call, auto-ready thresholds (with has_auto_ready).",
      tags: ["statuses"],
      access: {},
      response: { 200: AgentStatusSnapshotResponse },
      async handler({ caller }) {
        return { data: await statusSnapshot(gw, caller.id) };
      },
    }),
    defineRoute({
      method: "GET",
      url: "/agent-statuses",
      summary:
        "Managers: every qualifier and advisor of the tenant with status, since, duration, calling status and whether the current period overstayed.",
      tags: ["statuses"],
      access: { roles: ["manager"] },
      response: { 200: AgentStatusList },
      async handler({ caller }) {
        return { data: await tenantStatuses(gw, caller.tenantId) };
      },
    }),
    defineRoute({
      method: "PUT",
      url: "/extensions/parameters/:parameter",
      summary:
        "Sets a parameter of the caller's own extension; only 'dnd' exists (422 otherwise). active: true turns do-not-disturb on. 204; 403 for another extension.",
      tags: ["statuses"],
      access: {},
      params: ExtensionParameterParams,
      body: ExtensionParameterRequest,
      response: { 204: z.null(), 403: ErrorBody, 422: ErrorBody },
      example: { body: { active: true, extension: "1001" }, params: { parameter: "dnd" } },
      names: [{ kind: "extension", at: "body.extension", refusal: 403 }],
      async handler({ caller, body }, reply) {
        const [me] = await gw.db
          .select({ extension: users.extension })
          .from(users)
          .where(eq(users.id, caller.id))
          .limit(1);
        if (!me?.extension || me.extension !== body.extension) {
          await gw.audit.record({
            action: "extension.dnd",
            outcome: "denied",
            userId: caller.id,
            tenantId: caller.tenantId,
            detail: { extension: body.extension },
          });
          throw refusal(403, "extension.notYours");
        }
        await gw.pbx.setDnd(body.extension, body.active);
        reply.code(204);
        return null;
      },
    }),
    overstayReportRoute(
      "/overstayed-status",
      "agent",
      "The browser saw the caller overstay its current status. Recorded once per status period together with the gateway's own detection (idempotent): 201 {data: overstay}; 409 when the caller is not in that status or has not reached its limit.",
    ),
    overstayReportRoute(
      "/overstayed-status-notify-RTV",
      "rtv",
      "The browser asks for the real-time viewer to be told of the caller's overstay (after the 45 s grace; at once for after-call work). Idempotent with the gateway's own notice: 201 {data: overstay}; 409 as for /overstayed-status.",
    ),
    defineRoute(listOverstays, {
      access: { roles: ["manager"] },
      async handler({ caller, query }) {
        return { data: await gw.overstays.feed(caller.tenantId, query.limit) };
      },
    }),
    defineRoute(setCallingStatusEndpoint, {
      access: { roles: ["manager"], agentParam: "id" },
      example: { body: {} },
      async handler({ caller, params, body, raw }, reply) {
        await setCallingStatus(
          gw,
          { id: caller.id, tenantId: caller.tenantId, ip: raw.ip },
          params.id,
          body?.deactivated,
        );
        reply.code(204);
        return null;
      },
    }),
  ];
}
