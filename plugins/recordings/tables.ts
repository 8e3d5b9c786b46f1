// The recordings plugin's own table (plugins/recordings/server.ts is its one writer): each extra recording of a
// call, where its file is and what it holds.
import { index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { callRef, leads, tenantRef, ts, userRef } from "../../server/sdk/tables";

export const RECORDING_STATES = ["recording", "complete", "incomplete", "no_audio"] as const;
export type RecordingState = (typeof RECORDING_STATES)[number];

export const callRecordings = pgTable(
  "call_recordings",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantRef(),
    callId: callRef(),
    leadId: integer("lead_id").references(() => leads.id),
    agentId: userRef("agent_id"),
    /** The n-th extra recording of the call (the browser's extra_recording_index). */
    index: integer("index").notNull(),
    /** The recording store's key of its file. */
    key: text("key").notNull(),
    /** The PBX's id while it records (its RecordingFinished names it). */
    pbxRecordingId: text("pbx_recording_id").notNull(),
    /**
     * recording (under way) | complete | incomplete (a crash cut it: the file was closed at the next start and
     * kept) | no_audio (the agent's phone carried no media the PBX could record: an external desk phone).
     */
    state: text("state").notNull(),
    startedAt: ts("started_at").notNull(),
    endedAt: ts("ended_at"),
    durationMs: integer("duration_ms"),
    bytes: integer("bytes"),
  },
  (t) => [
    uniqueIndex("call_recordings_call_index_idx").on(t.callId, t.index),
    index("call_recordings_state_idx").on(t.state),
  ],
);
