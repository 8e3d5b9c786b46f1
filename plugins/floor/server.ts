// Gateway side of the floor: GET /floor (the wall's snapshot) and the pushes that keep it live. A status
// change pushes the new status at once; it and every call event of an agent also have that agent's row read
// again (the changes of up to a second together) and pushed to the call centre's managers (on every gateway
// instance, through the socket.io adapter); call events also push the day's figures. Rows and figures are read
// only while a manager of the call centre has the dialer open (on any instance). Nothing is kept in this
// process: each push is read from the database, so any instance can send it.
import { eq } from "drizzle-orm";
import { overstayLimit } from "../../src/contract/status";
import {
  agentStatuses,
  calls,
  definePluginServer,
  defineRoute,
  HttpError,
  type ClockTimer,
  type PluginServerContext,
} from "../../server/sdk";
import {
  endAgentCall,
  floorAgentPush,
  floorStatusPush,
  floorTotalsPush,
  notifyAgent,
  readFloor,
  setAgentOffline,
} from "./contract";

/** Managers act on an agent of their own call centre only (the route checks the path's agent). */
const ON_AN_AGENT = { roles: ["manager"], agentParam: "id" } as const;
const EXAMPLE_AGENT = { id: "1" };
import { floorAgents, floorTotals } from "./wall.server";

/** Call events that change what the wall shows of a call (its legs answering, holding, ending). */
const CALL_CHANGES = new Set(["LegCreated", "LegAnswered", "LegHungUp", "Bridged", "Hold", "InboundCall"]);

/** How long the first change waits for its companions (a call event and its status change come together). */
const GATHER_MS = 25;

/**
 * Rows are read at most once per this, for all the agents that changed meanwhile. The status itself is pushed at
 * once (floorStatusPush); the row (the call, the day's counts) follows within this on a busy floor, within
 * GATHER_MS on a quiet one. Read once per change, a floor of 100 dialling agents spent two thirds of the
 * gateway's statements on these rows, 13 statements each (bench/dialer-load/README.md, step 3); read four times a
 * second, a third of a 50-agent floor's statements (step 9). Once a second is still fresher than a wallboard's
 * usual few seconds, and what a manager acts on first, the status, does not wait for it.
 */
export const FLOOR_READ_EVERY_MS = 1_000;

/** How long a call centre's "has the floor" answer is reused for pushes (the switch takes effect within it). */
const OFFERED_FOR_MS = 2_000;

export function floorRoutes(ctx: PluginServerContext) {
  // A busy floor pushes hundreds of times a second; whether the call centre has the plugin is read once per
  // OFFERED_FOR_MS per instance, not once per push (a cache of an answer, not state another instance needs).
  const offeredAt = new Map<number, { at: number; yes: boolean }>();
  async function offered(tenantId: number) {
    const known = offeredAt.get(tenantId);
    if (known && ctx.clock.now() - known.at < OFFERED_FOR_MS) return known.yes;
    const yes = await ctx.offered(tenantId);
    offeredAt.set(tenantId, { at: ctx.clock.now(), yes });
    return yes;
  }

  // Changes gather, then the rows of every agent that changed are read in one query (the snapshot's own) and the
  // figures of each call centre once, at most once per FLOOR_READ_EVERY_MS: a busy floor's hundred changes a second
  // cost a few reads, not ten queries each. Only work is gathered here: each push is still read from the database,
  // so any instance may send it, and losing the sets loses nothing a snapshot would not give back.
  const changedAgents = new Map<number, Set<number>>();
  const changedTotals = new Set<number>();
  let gathering: ClockTimer | null = null;
  let reading = false;
  let lastReadAt = -Infinity;
  function soon() {
    if (gathering || reading) return;
    const wait = Math.max(GATHER_MS, lastReadAt + FLOOR_READ_EVERY_MS - ctx.clock.now());
    gathering = ctx.clock.setTimeout(() => {
      gathering = null;
      ctx.background("floor: rows pushed", readAndPush);
    }, wait);
  }
  async function readAndPush() {
    reading = true;
    lastReadAt = ctx.clock.now();
    try {
      const agents = [...changedAgents];
      const totals = [...changedTotals];
      changedAgents.clear();
      changedTotals.clear();
      // Read only for a call centre whose managers have the dialer open: nobody else sees these pushes, and a
      // manager who opens it reads the wall's snapshot. On a floor nobody watches, a dial's cycle was a third
      // statements and CPU more for rows no one received (bench/dialer-load/README.md, step 9).
      const watching = new Map<number, Promise<boolean>>();
      const watched = (tenantId: number) => {
        let answer = watching.get(tenantId);
        if (!answer) {
          answer = ctx.realtime.managersOnline(tenantId).then((yes) => yes && offered(tenantId));
          watching.set(tenantId, answer);
        }
        return answer;
      };
      for (const [tenantId, ids] of agents) {
        if (!(await watched(tenantId))) continue;
        for (const row of await floorAgents(ctx, tenantId, [...ids])) ctx.realtime.toManagers(floorAgentPush, tenantId, row);
      }
      for (const tenantId of totals) {
        if (!(await watched(tenantId))) continue;
        ctx.realtime.toManagers(floorTotalsPush, tenantId, await floorTotals(ctx, tenantId));
      }
    } finally {
      reading = false;
      // Changes that came while this read ran: read at the next turn.
      if (changedAgents.size > 0 || changedTotals.size > 0) soon();
    }
  }
  function pushAgent(tenantId: number, agentId: number) {
    const ids = changedAgents.get(tenantId) ?? new Set<number>();
    ids.add(agentId);
    changedAgents.set(tenantId, ids);
    soon();
  }
  function pushTotals(tenantId: number) {
    changedTotals.add(tenantId);
    soon();
  }

  ctx.events.onStatusChanged((e) => {
    // The status at once, from the change itself; the whole row (counts, call, overstay) once it is read.
    ctx.background("floor: status pushed", async () => {
      if (!(await offered(e.agent.tenantId))) return;
      ctx.realtime.toManagers(floorStatusPush, e.agent.tenantId, {
        agent_id: e.agent.id,
        as_of: new Date(ctx.clock.now()).toISOString(),
        status: e.to,
        since: new Date(e.since).toISOString(),
        offset_seconds: e.offsetSeconds,
        overstay_limit: overstayLimit(e.agent.role, e.to, e.agent.cumulativeBreaks)?.seconds ?? null,
      });
      pushAgent(e.agent.tenantId, e.agent.id);
    });
  });
  ctx.events.onCall((e, followed) => {
    if (!CALL_CHANGES.has(e.kind)) return;
    if (followed) {
      for (const agentId of followed.agentIds) pushAgent(followed.tenantId, agentId);
      return pushTotals(followed.tenantId);
    }
    // A call the call service does not follow (any more): its row says whose it is.
    ctx.background("floor: call pushed", async () => {
      const [call] = await ctx.db
        .select({ tenantId: calls.tenantId, agentId: calls.agentId })
        .from(calls)
        .where(eq(calls.pbxCallId, e.callId))
        .limit(1);
      if (!call) return;
      if (call.agentId !== null) pushAgent(call.tenantId, call.agentId);
      pushTotals(call.tenantId);
    });
  });

  return [
    defineRoute(readFloor, {
      access: { roles: ["manager"] },
      async handler({ caller }) {
        const [agents, totals] = await Promise.all([
          floorAgents(ctx, caller.tenantId),
          floorTotals(ctx, caller.tenantId),
        ]);
        return { server_time: new Date(ctx.clock.now()).toISOString(), agents, totals };
      },
    }),
    defineRoute(setAgentOffline, {
      access: ON_AN_AGENT,
      example: { params: EXAMPLE_AGENT, body: { reason: "Please join the team meeting in room 2." } },
      async handler({ caller, params, body }, reply) {
        const [now] = await ctx.db.select({ status: agentStatuses.status }).from(agentStatuses).where(eq(agentStatuses.userId, params.id));
        if (now?.status === "on_a_call") throw new HttpError(409, "The agent is on a call: end the call first.");
        // The reason first, so the agent's page shows why as it goes offline.
        await ctx.agents.notify(params.id, caller, body.reason, "warning");
        await ctx.agents.setOffline(params.id, caller);
        reply.code(204);
        return null;
      },
    }),
    defineRoute(notifyAgent, {
      access: ON_AN_AGENT,
      example: { params: EXAMPLE_AGENT, body: { message: "Great call, keep it up!", type: "success" } },
      async handler({ caller, params, body, raw }, reply) {
        return ctx.idempotent(caller, raw, reply, async (claim) => ({
          status: 201,
          body: { data: await ctx.agents.notify(params.id, caller, body.message, body.type, claim) },
        }));
      },
    }),
    defineRoute(endAgentCall, {
      access: ON_AN_AGENT,
      drivesCalls: true,
      example: { params: EXAMPLE_AGENT },
      async handler({ caller, params }) {
        const outcome = await ctx.calls.endByManager(params.id, caller);
        if (outcome === "none") throw new HttpError(404, "This agent has no call in progress.");
        return { outcome };
      },
    }),
  ];
}

export default definePluginServer(floorRoutes);
