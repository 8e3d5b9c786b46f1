// The disclosures plugin's own tables (plugins/disclosures/server.ts is their one writer): the proof that a
// carrier disclosure was given on a call, step by step, as the agent read it and the lead answered, and the
// disclosure audio played into the call, as the PBX reported it.
import { boolean, index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { callRef, leads, tenantRef, ts, userRef } from "../../server/sdk/tables";

/** One step as given: its number, the text read (names and company filled in), the lead's answer, when. */
export interface GivenStep {
  step: number;
  text: string;
  answer: string | null;
  at: string;
}

export const disclosureProofs = pgTable(
  "disclosure_proofs",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantRef(),
    callId: callRef(),
    // No cascade: a proof outlives nothing it proves (a lead with calls is never deleted anyway).
    leadId: integer("lead_id").references(() => leads.id),
    agentId: userRef("agent_id"),
    /** gtl | aa | assurity */
    carrier: text("carrier").notNull(),
    /** aa | occ | pio: the wording the lead's state called for. */
    wording: text("wording").notNull(),
    language: text("language").notNull(),
    steps: jsonb("steps").$type<GivenStep[]>().notNull(),
    completed: boolean("completed").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("disclosure_proofs_call_idx").on(t.callId), index("disclosure_proofs_lead_idx").on(t.leadId)],
);

/**
 * A disclosure's recorded audio played into a call (the `audio-playback` socket event), as the PBX reported
 * it: when it started and ended, and how (done: to its end; stopped by the agent; ended with the call).
 */
export const disclosurePlaybacks = pgTable(
  "disclosure_playbacks",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantRef(),
    callId: callRef(),
    agentId: userRef("agent_id"),
    /** disclosures/<wording>-<language> */
    media: text("media").notNull(),
    startedAt: ts("started_at").notNull(),
    endedAt: ts("ended_at").notNull(),
    /** done | stopped | ended */
    end: text("end").notNull(),
  },
  (t) => [index("disclosure_playbacks_call_idx").on(t.callId)],
);
