// Gateway side of supervision: a manager's phone on an agent's answered call (PbxCalls.supervise through the call
// service), the audit trail, and the call centre's setting. Every supervision is a row of `supervisions`, written
// when it starts and moved by the PBX's events for the manager's leg (answered, mode, hung up), so any gateway
// instance answers for it and nothing lives in this process. The call centre's managers hear of each change
// (supervision-changed); the agent too, where the call centre lets agents see it (call-supervised).
import { and, count, desc, eq, inArray, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  definePluginServer,
  defineRoute,
  HttpError,
  users,
  type PluginServerContext,
  type RouteDef,
} from "../../server/sdk";
import {
  AUDIT_PAGE_SIZE,
  callSupervised,
  leaveSupervision,
  readLiveSupervisions,
  readSupervisionAudit,
  readSupervisionSettings,
  superviseAgent,
  supervisionChanged,
  updateSupervisionSettings,
  type Supervision,
  type SupervisionAudit,
  type SupervisionEnd,
  type SupervisionMode,
} from "./contract";
import { supervisions, supervisionSettings } from "./tables";

/** Managers act on an agent of their own call centre only (the route checks the path's agent). */
const ON_AN_AGENT = { roles: ["manager"], agentParam: "id" } as const;
const ADMINS = { roles: ["admin"] } as const;
const EXAMPLE_AGENT = { id: "1" };

/** Said when the manager has no phone to listen with. */
export const NO_SOFTPHONE =
  "You need a softphone extension to supervise calls: ask an administrator to give your account an extension and a WebRTC softphone.";
export const NO_ANSWERED_CALL = "This agent has no answered call to supervise.";
export const NOT_SUPERVISING = "You are not supervising this agent.";

/** An agent sees it is supervised unless its call centre said otherwise. */
const AGENTS_SEE_BY_DEFAULT = true;

type Row = typeof supervisions.$inferSelect;
const manager = alias(users, "manager");
const agent = alias(users, "agent");
const nameOf = (u: { firstName: string | null; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(" ");

export function supervisionRoutes(ctx: PluginServerContext): RouteDef[] {
  const { db, clock } = ctx;
  const now = () => new Date(clock.now());

  /** Rows with the names of their manager and agent, as the wire has them. */
  async function audited(where: ReturnType<typeof eq>, opts: { limit?: number; offset?: number } = {}) {
    const rows = await db
      .select({
        row: supervisions,
        manager: { firstName: manager.firstName, lastName: manager.lastName },
        agent: { firstName: agent.firstName, lastName: agent.lastName },
      })
      .from(supervisions)
      .innerJoin(manager, eq(manager.id, supervisions.managerId))
      .innerJoin(agent, eq(agent.id, supervisions.agentId))
      .where(where)
      .orderBy(desc(supervisions.startedAt), desc(supervisions.id))
      .limit(opts.limit ?? 1000)
      .offset(opts.offset ?? 0);
    return rows.map((r) => wire(r.row, nameOf(r.manager), nameOf(r.agent)));
  }

  function wire(r: Row, managerName: string, agentName: string): SupervisionAudit {
    const last = r.modes[r.modes.length - 1];
    return {
      id: r.id,
      manager_id: r.managerId,
      manager_name: managerName,
      agent_id: r.agentId,
      agent_name: agentName,
      call_id: r.callId,
      mode: (last?.mode ?? "monitor") as SupervisionMode,
      state: r.state as Supervision["state"],
      started_at: r.startedAt.toISOString(),
      answered_at: r.answeredAt?.toISOString() ?? null,
      ended_at: r.endedAt?.toISOString() ?? null,
      end_reason: (r.endReason as SupervisionEnd | null) ?? null,
      modes: r.modes as SupervisionAudit["modes"],
      duration_seconds:
        r.answeredAt && r.endedAt ? Math.max(0, Math.round((r.endedAt.getTime() - r.answeredAt.getTime()) / 1000)) : null,
    };
  }

  async function agentsSee(tenantId: number): Promise<boolean> {
    const [s] = await db.select().from(supervisionSettings).where(eq(supervisionSettings.tenantId, tenantId));
    return s?.agentsSeeSupervision ?? AGENTS_SEE_BY_DEFAULT;
  }

  /** Tells the managers, and the agent where its call centre lets it see, how the supervision stands. */
  async function announce(id: number) {
    const [s] = await audited(eq(supervisions.id, id));
    if (!s) return;
    const [row] = await db.select({ tenantId: supervisions.tenantId }).from(supervisions).where(eq(supervisions.id, id));
    const tenantId = row!.tenantId;
    const { modes: _modes, duration_seconds: _duration, ...change } = s;
    ctx.realtime.toManagers(supervisionChanged, tenantId, change);
    // The agent hears of a supervision once the manager is on the line, not while its phone rings.
    if (s.state === "ringing" || !(await agentsSee(tenantId))) return;
    ctx.realtime.toAgent(callSupervised, s.agent_id, {
      call_id: s.call_id,
      manager_name: s.state === "live" ? s.manager_name : null,
      mode: s.state === "live" ? s.mode : null,
    });
  }

  async function answered(legId: string) {
    const moved = await db
      .update(supervisions)
      .set({ state: "live", answeredAt: now() })
      .where(and(eq(supervisions.legId, legId), eq(supervisions.state, "ringing")))
      .returning({ id: supervisions.id });
    for (const r of moved) await announce(r.id);
  }

  /** The leg is gone: the row ends, as left when nobody said otherwise before (the Leave route says "left"). */
  async function ended(legId: string, reason?: SupervisionEnd) {
    const live = await db
      .select({ id: supervisions.id, state: supervisions.state, pbxCallId: supervisions.pbxCallId, agentLegId: supervisions.agentLegId })
      .from(supervisions)
      .where(and(eq(supervisions.legId, legId), ne(supervisions.state, "ended")));
    for (const r of live) {
      const why = reason ?? (r.state === "ringing" ? "unanswered" : (await callEnded(r.pbxCallId, r.agentLegId)) ? "call_ended" : "left");
      const done = await db
        .update(supervisions)
        .set({ state: "ended", endedAt: now(), endReason: why })
        .where(and(eq(supervisions.id, r.id), ne(supervisions.state, "ended")))
        .returning({ id: supervisions.id });
      if (done.length > 0) await announce(r.id);
    }
  }

  /** Whether the agent's leg is over (the PBX ends the supervisor's leg before the rest of the call's end). */
  async function callEnded(pbxCallId: string, agentLegId: string): Promise<boolean> {
    return (await ctx.calls.legState(pbxCallId, agentLegId)) === "gone";
  }

  ctx.events.onCall((e, call) => {
    if (e.kind === "Supervision") ctx.background("supervision: answered", () => answered(e.legId));
    // The agent's or the lead's leg is never a supervisor's: no row to look for.
    else if (e.kind === "LegHungUp" && !call?.legOfView) ctx.background("supervision: ended", () => ended(e.legId));
  });

  /** Reads the PBX's view of the leg once its row is written: an event that came before the row did moved nothing. */
  async function reconcile(pbxCallId: string, legId: string) {
    const state = await ctx.calls.legState(pbxCallId, legId);
    if (state === "answered") await answered(legId);
    else if (state === "gone") await ended(legId);
  }

  return [
    defineRoute(superviseAgent, {
      access: ON_AN_AGENT,
      drivesCalls: true,
      example: { params: EXAMPLE_AGENT, body: { mode: "monitor" } },
      async handler({ caller, params, body }) {
        const [me] = await db
          .select({ extension: users.extension, hasWebrtc: users.hasWebrtc })
          .from(users)
          .where(eq(users.id, caller.id));
        if (!me?.extension || !me.hasWebrtc) throw new HttpError(409, NO_SOFTPHONE);
        // One phone, one supervision: supervising another agent leaves the one under way first.
        const mine = await db
          .select()
          .from(supervisions)
          .where(and(eq(supervisions.managerId, caller.id), ne(supervisions.state, "ended")));
        for (const other of mine.filter((r) => r.agentId !== params.id)) {
          await ended(other.legId, "left");
          await ctx.calls.endSupervision(other.legId);
        }
        let started;
        try {
          started = await ctx.calls.supervise(params.id, me.extension, body.mode);
        } catch (e) {
          // The PBX refused: the agent's leg ended or is not answered any more (a race with the call's end).
          ctx.log.warn({ error: e instanceof Error ? e.message : String(e) }, "supervision: the PBX refused");
          throw new HttpError(404, NO_ANSWERED_CALL);
        }
        if (!started) throw new HttpError(404, NO_ANSWERED_CALL);
        const at = now();
        const same = mine.find((r) => r.legId === started.legId && r.agentId === params.id);
        let id: number;
        if (same) {
          const modes = same.modes[same.modes.length - 1]?.mode === body.mode ? same.modes : [...same.modes, { mode: body.mode, at: at.toISOString() }];
          await db.update(supervisions).set({ modes }).where(eq(supervisions.id, same.id));
          id = same.id;
        } else {
          const [row] = await db
            .insert(supervisions)
            .values({
              tenantId: caller.tenantId,
              managerId: caller.id,
              agentId: params.id,
              callId: started.callId,
              legId: started.legId,
              pbxCallId: started.pbxCallId,
              agentLegId: started.agentLegId,
              state: "ringing",
              modes: [{ mode: body.mode, at: at.toISOString() }],
              startedAt: at,
            })
            .returning({ id: supervisions.id });
          id = row!.id;
          await reconcile(started.pbxCallId, started.legId);
        }
        await announce(id);
        const [s] = await audited(eq(supervisions.id, id));
        const { modes: _modes, duration_seconds: _duration, ...data } = s!;
        return { data };
      },
    }),
    defineRoute(leaveSupervision, {
      access: ON_AN_AGENT,
      drivesCalls: true,
      example: { params: EXAMPLE_AGENT },
      async handler({ caller, params }, reply) {
        const mine = await db
          .select({ legId: supervisions.legId })
          .from(supervisions)
          .where(and(eq(supervisions.managerId, caller.id), eq(supervisions.agentId, params.id), ne(supervisions.state, "ended")));
        if (mine.length === 0) throw new HttpError(404, NOT_SUPERVISING);
        for (const r of mine) {
          await ended(r.legId, "left");
          await ctx.calls.endSupervision(r.legId).catch(() => {}); // already gone at the PBX: nothing to hang up
        }
        reply.code(204);
        return null;
      },
    }),
    defineRoute(readLiveSupervisions, {
      access: { roles: ["manager"] },
      async handler({ caller }) {
        const rows = await audited(
          and(eq(supervisions.tenantId, caller.tenantId), inArray(supervisions.state, ["ringing", "live"]))!,
        );
        return { data: rows.map(({ modes: _m, duration_seconds: _d, ...s }) => s) };
      },
    }),
    defineRoute(readSupervisionAudit, {
      access: ADMINS,
      async handler({ caller, query }) {
        const [total] = await db.select({ n: count() }).from(supervisions).where(eq(supervisions.tenantId, caller.tenantId));
        const data = await audited(eq(supervisions.tenantId, caller.tenantId), {
          limit: AUDIT_PAGE_SIZE,
          offset: (query.page - 1) * AUDIT_PAGE_SIZE,
        });
        return { data, total: total?.n ?? 0 };
      },
    }),
    defineRoute(readSupervisionSettings, {
      access: ADMINS,
      async handler({ caller }) {
        return { data: { agents_see_supervision: await agentsSee(caller.tenantId) } };
      },
    }),
    defineRoute(updateSupervisionSettings, {
      access: ADMINS,
      example: { body: { agents_see_supervision: false } },
      async handler({ caller, body }) {
        await db
          .insert(supervisionSettings)
          .values({ tenantId: caller.tenantId, agentsSeeSupervision: body.agents_see_supervision })
          .onConflictDoUpdate({
            target: supervisionSettings.tenantId,
            set: { agentsSeeSupervision: body.agents_see_supervision },
          });
        return { data: body };
      },
    }),
  ];
}

export default definePluginServer(supervisionRoutes);
