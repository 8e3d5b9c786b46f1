// The WebRTC users page's toggle (admin-and-sign-in §2 webrtc-users, §4, §7): POST /agents/{id}/webrtc gives an
// agent a browser softphone (201), DELETE takes it away (204). Both set users.has_webrtc and are idempotent (a
// second POST is still 201, a DELETE of a softphone already gone still 204); a change is one audit row
// (subject webrtc-users, {agentId, enabled} before and after) in the same transaction. A signed-in agent keeps
// the phone it signed in with: its page reads has_webrtc from the sign-in answer, so the change is felt at
// its next sign-in, never mid-call.
import { and, eq } from "drizzle-orm";
import { LISTED_AGENT_ROLES } from "../../../src/contract/agents";
import { disableWebRtc, enableWebRtc, WEBRTC_MESSAGES, WEBRTC_USERS_SUBJECT } from "../../../src/contract/webrtcUsers";
import type { Caller } from "../../auth/access";
import { users } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { HttpError, MESSAGES } from "../../http/errors";
import { defineRoute, type RouteDef } from "../../http/route";
import { recordSettingsChange } from "../settings/audit";

/** Managers and above, for an agent of their own call centre (agentParam: another centre's id is 403). */
const ACCESS = { roles: ["manager"], agentParam: "id", othersFrom: "manager" } as const;

export function webrtcUserRoutes(gw: Gateway): RouteDef[] {
  /** Sets the flag and records the change; nothing is written when it already holds. */
  const setSoftphone = async (caller: Caller, id: number, enabled: boolean) =>
    gw.db.transaction(async (tx) => {
      const [agent] = await tx
        .select({ id: users.id, role: users.role, hasWebrtc: users.hasWebrtc })
        .from(users)
        .where(and(eq(users.id, id), eq(users.tenantId, caller.tenantId)))
        .limit(1);
      if (!agent) throw new HttpError(404, MESSAGES.resourceNotFound);
      if (!(LISTED_AGENT_ROLES as readonly string[]).includes(agent.role))
        throw new HttpError(422, WEBRTC_MESSAGES.notAnAgent, { id: [WEBRTC_MESSAGES.notAnAgent] });
      if (agent.hasWebrtc === enabled) return;
      await tx.update(users).set({ hasWebrtc: enabled }).where(eq(users.id, id));
      await recordSettingsChange(tx, {
        tenantId: caller.tenantId,
        by: caller.id,
        subject: WEBRTC_USERS_SUBJECT,
        old: { agentId: id, enabled: agent.hasWebrtc },
        new: { agentId: id, enabled },
        at: new Date(gw.clock.now()),
      });
    });

  return [
    defineRoute(enableWebRtc, {
      access: ACCESS,
      async handler({ caller, params }, reply) {
        await setSoftphone(caller, params.id, true);
        reply.code(201);
        return { data: { id: params.id, has_webrtc: true } };
      },
    }),
    defineRoute(disableWebRtc, {
      access: ACCESS,
      async handler({ caller, params }, reply) {
        await setSoftphone(caller, params.id, false);
        reply.code(204);
        return null;
      },
    }),
  ];
}
