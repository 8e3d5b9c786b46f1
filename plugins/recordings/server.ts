// Gateway side of the extra recordings (agent-workspace §2 extra recordings panel, §7 calls): an advisor starts
// and stops recordings of its answered call; the PBX writes the call's audio, both directions, into the
// recording store, and this plugin keeps each recording's row (tables.ts, its one writer) with what the file
// holds once the PBX says it finished. The lead's history lists them, and the agent or a manager plays them back
// (GET /recordings/{id}/audio). A recording a crash cut is closed and kept, marked incomplete, at the next start.
import { and, asc, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import {
  definePluginServer,
  type Caller,
  calls,
  defineRoute,
  HttpError,
  MESSAGES,
  type PluginServerContext,
  type RouteDef,
  users,
} from "../../server/sdk";
import {
  readRecordingAudio,
  RECORDING_MESSAGES as M,
  saveRecordingState,
  startExtraRecording,
  stopExtraRecording,
  type RecordingsFacet,
} from "./contract";
import { callRecordings, type RecordingState } from "./tables";

/** Advisors record (agent-workspace §2: "shown only to advisors"). */
const ADVISORS = { roles: ["advisor"] } as const;

/** The store's key of a call's n-th recording: one folder per call centre. */
export const recordingKey = (tenantId: number, callId: number, index: number) =>
  `${tenantId}/${callId}-${index}.wav`;

export function recordingsRoutes(ctx: PluginServerContext): RouteDef[] {
  const { db, clock } = ctx;

  /** The caller's own extension, or 403: an agent records only its own calls. */
  const ownExtension = async (caller: Caller, extension: string) => {
    const [u] = await db.select({ ext: users.extension }).from(users).where(eq(users.id, caller.id));
    if (u?.ext !== extension) throw new HttpError(403, M.notYours);
  };
  /** The agent's recordings still running. */
  const running = (agentId: number) =>
    db
      .select()
      .from(callRecordings)
      .where(and(eq(callRecordings.agentId, agentId), eq(callRecordings.state, "recording")));

  // The PBX finished a recording: the row gets what the file holds.
  ctx.events.onCall((e) => {
    if (e.kind !== "RecordingFinished") return;
    ctx.background("recording finished", async () => {
      const state: RecordingState = e.uri ? "complete" : "no_audio";
      await db
        .update(callRecordings)
        .set({ state, endedAt: new Date(e.ts), durationMs: e.durationMs ?? null, bytes: e.bytes ?? null })
        .where(and(eq(callRecordings.pbxRecordingId, e.recId), eq(callRecordings.state, "recording")));
    });
  });

  // A recording still "recording" whose call has ended was cut by a crash: its file is closed and kept.
  ctx.afterStart("recordings a crash cut", async () => {
    const cut = await db
      .select({ id: callRecordings.id, key: callRecordings.key })
      .from(callRecordings)
      .innerJoin(calls, eq(calls.id, callRecordings.callId))
      .where(and(eq(callRecordings.state, "recording"), isNotNull(calls.endedAt)));
    for (const r of cut) {
      const file = await ctx.recordings.store.repair(r.key);
      await db
        .update(callRecordings)
        .set({
          state: file ? "incomplete" : "no_audio",
          endedAt: new Date(clock.now()),
          durationMs: file?.durationMs ?? null,
          bytes: file?.bytes ?? null,
        })
        .where(eq(callRecordings.id, r.id));
    }
    if (cut.length > 0)
      ctx.log.warn(
        { recordings: cut.length },
        "recordings cut by a restart were closed and kept as incomplete",
      );
  });

  // The call moved to another lead (the lead matcher): its recordings go with it.
  ctx.calls.onRelink(async (tx, { tenantId, callId, toLeadId }) => {
    await tx
      .update(callRecordings)
      .set({ leadId: toLeadId })
      .where(and(eq(callRecordings.tenantId, tenantId), eq(callRecordings.callId, callId)));
  });

  // Each call's recordings, listed with it in the lead history, where they play back.
  ctx.leadHistory.addCallFacet(async (tenantId, callIds) => {
    const rows = await db
      .select()
      .from(callRecordings)
      .where(and(eq(callRecordings.tenantId, tenantId), inArray(callRecordings.callId, callIds)))
      .orderBy(asc(callRecordings.index));
    const byCall = new Map<number, RecordingsFacet>();
    for (const r of rows) {
      const entry = byCall.get(r.callId) ?? byCall.set(r.callId, { recordings: [] }).get(r.callId)!;
      entry.recordings.push({
        id: r.id,
        index: r.index,
        at: r.startedAt.toISOString(),
        seconds: r.durationMs === null ? null : Math.round(r.durationMs / 100) / 10,
        state: r.state as RecordingState,
      });
    }
    return byCall;
  });

  return [
    defineRoute(startExtraRecording, {
      access: ADVISORS,
      drivesCalls: true,
      example: { body: { index: 1 } },
      names: [{ kind: "extension", at: "params.extension", refusal: 403 }],
      async handler({ caller, params, body }, reply) {
        await ownExtension(caller, params.extension);
        const answer = (id: number) => {
          reply.code(201);
          return { data: { id, index: body.index } };
        };
        // The call under way, as the calls module has it: a retry of a start already made answers the same.
        const [call] = await db
          .select({ id: calls.id })
          .from(calls)
          .where(and(eq(calls.agentId, caller.id), eq(calls.status, "answered"), isNull(calls.endedAt)))
          .orderBy(desc(calls.id))
          .limit(1);
        if (call) {
          const [done] = await db
            .select({ id: callRecordings.id })
            .from(callRecordings)
            .where(and(eq(callRecordings.callId, call.id), eq(callRecordings.index, body.index)));
          if (done) return answer(done.id);
        }
        const started = await ctx.recordings.start(caller.id, (c) =>
          recordingKey(c.tenantId, c.id, body.index),
        );
        if (!started) throw new HttpError(409, M.noCall);
        const [row] = await db
          .insert(callRecordings)
          .values({
            tenantId: caller.tenantId,
            callId: started.callId,
            leadId: started.leadId,
            agentId: caller.id,
            index: body.index,
            key: started.key,
            pbxRecordingId: started.recId,
            state: "recording",
            startedAt: new Date(clock.now()),
          })
          .onConflictDoNothing()
          .returning({ id: callRecordings.id });
        if (row) return answer(row.id);
        // Two starts of the same index raced: the other one's recording stands, this one stops.
        await ctx.recordings.stop(started.recId);
        const [other] = await db
          .select({ id: callRecordings.id })
          .from(callRecordings)
          .where(and(eq(callRecordings.callId, started.callId), eq(callRecordings.index, body.index)));
        return answer(other!.id);
      },
    }),
    defineRoute(stopExtraRecording, {
      access: ADVISORS,
      drivesCalls: true,
      async handler({ caller, params }, reply) {
        await ownExtension(caller, params.extension);
        const [rec] = await db
          .select({ pbx: callRecordings.pbxRecordingId, state: callRecordings.state })
          .from(callRecordings)
          .where(and(eq(callRecordings.agentId, caller.id), eq(callRecordings.index, params.index)))
          .orderBy(desc(callRecordings.callId))
          .limit(1);
        if (!rec) throw new HttpError(404, M.notRecording);
        if (rec.state === "recording") await ctx.recordings.stop(rec.pbx);
        reply.code(204);
        return null;
      },
    }),
    defineRoute(saveRecordingState, {
      access: ADVISORS,
      drivesCalls: true,
      example: { body: { recording: false } },
      names: [{ kind: "extension", at: "params.extension", refusal: 403 }],
      async handler({ caller, params, body }, reply) {
        await ownExtension(caller, params.extension);
        const now = await running(caller.id);
        if (body.recording && now.length === 0) throw new HttpError(404, M.notRecording);
        if (!body.recording) for (const r of now) await ctx.recordings.stop(r.pbxRecordingId);
        reply.code(204);
        return null;
      },
    }),
    defineRoute(readRecordingAudio, {
      access: { roles: ["setter", "advisor"] },
      async handler({ caller, params, raw }, reply) {
        const [rec] = await db
          .select()
          .from(callRecordings)
          .where(and(eq(callRecordings.id, params.id), eq(callRecordings.tenantId, caller.tenantId)));
        if (!rec) throw new HttpError(404, MESSAGES.resourceNotFound);
        if (rec.leadId !== null) {
          const access = await ctx.access.leadAccess(caller, rec.leadId);
          if (access === "missing") throw new HttpError(404, MESSAGES.resourceNotFound);
          if (access === "denied") throw new HttpError(403, MESSAGES.forbidden);
        } else if (rec.agentId !== caller.id && !(await ctx.access.mayActOnAgent(caller, rec.agentId)))
          throw new HttpError(403, MESSAGES.forbidden);
        if (rec.state === "recording" || rec.state === "no_audio") throw new HttpError(404, M.missing);
        const whole = await ctx.recordings.store.open(rec.key);
        if (!whole) throw new HttpError(404, M.missing);
        whole.stream.destroy();
        const range = byteRange(raw.headers.range, whole.size);
        if (range === "unsatisfiable") {
          reply.header("content-range", `bytes */${whole.size}`);
          throw new HttpError(416, "Range not satisfiable");
        }
        const part = await ctx.recordings.store.open(rec.key, range ?? undefined);
        if (!part) throw new HttpError(404, M.missing);
        reply.type("audio/wav").header("accept-ranges", "bytes").header("cache-control", "private, no-store");
        if (range) {
          reply.code(206).header("content-range", `bytes ${range.start}-${range.end}/${whole.size}`);
          reply.header("content-length", range.end - range.start + 1);
        } else reply.header("content-length", whole.size);
        return reply.send(part.stream);
      },
    }),
  ];
}

/** A single `bytes=a-b` range (what a browser's audio element asks for), null for the whole file. */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | "unsatisfiable" {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? "");
  if (!m || (m[1] === "" && m[2] === "")) return null;
  let start: number;
  let end: number;
  if (m[1] === "") {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return "unsatisfiable";
  return { start, end };
}

export default definePluginServer(recordingsRoutes);
