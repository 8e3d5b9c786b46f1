// The recordings plugin's gateway face for other plugins' gateway code (the boundary rule lets them import this
// file, never the plugin's tables): a call's extra recordings, as the reports' call search filters and shows them
// (plugins/reports/calls).
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../server/sdk";
import { callRecordings } from "./tables";

/** How many extra recordings the call `call` (an SQL expression of its id) has, as an SQL subquery. */
export const recordingCountOf = (call: SQL) =>
  sql`(select count(*)::int from ${callRecordings} r where r.call_id = ${call})`;

/** Whether the call `call` (an SQL expression of its id) has an extra recording, as an SQL condition. */
export const hasRecording = (call: SQL) => sql`exists (select 1 from ${callRecordings} r where r.call_id = ${call})`;

export interface CallRecordingKept {
  id: number;
  /** The n-th extra recording of the call. */
  index: number;
  startedAt: Date;
  durationMs: number | null;
  /** recording | complete | incomplete | no_audio */
  state: string;
}

/** A call's extra recordings, in order (its audio: GET /recordings/{id}/audio). */
export async function readCallRecordings(db: Db, tenantId: number, callId: number): Promise<CallRecordingKept[]> {
  return db
    .select({
      id: callRecordings.id,
      index: callRecordings.index,
      startedAt: callRecordings.startedAt,
      durationMs: callRecordings.durationMs,
      state: callRecordings.state,
    })
    .from(callRecordings)
    .where(and(eq(callRecordings.tenantId, tenantId), eq(callRecordings.callId, callId)))
    .orderBy(asc(callRecordings.index), asc(callRecordings.id));
}
