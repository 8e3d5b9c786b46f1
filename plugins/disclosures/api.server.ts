// The disclosures plugin's gateway face for other plugins' gateway code (the boundary rule lets them import this
// file, never the plugin's tables): the disclosures given, read from the plugin's own tables. The reports'
// compliance part (plugins/reports/compliance) lists them per advisor and call.
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../../server/sdk";

/** A disclosure given on a call, as its proof keeps it. */
export interface DisclosureGiven {
  callId: number;
  agentId: number;
  /** When the proof was kept (the popup closed, another carrier opened, or the call ended). */
  at: Date;
  /** gtl | aa | assurity */
  carrier: string;
  /** aa | occ | pio: the wording the lead's state called for. */
  wording: string;
  language: string;
  /** Steps read. */
  steps: number;
  /** Read to its last step. */
  completed: boolean;
  /** How the last recorded disclosure played into the call ended (done | stopped | ended); null: none played. */
  audio: string | null;
}

/** The disclosures a call centre's agents gave in [start, end), oldest first. */
export async function readDisclosuresGiven(
  db: Db,
  tenantId: number,
  start: Date,
  end: Date,
): Promise<DisclosureGiven[]> {
  const rows = rowsOf<{
    call_id: number;
    agent_id: number;
    at: string | Date;
    carrier: string;
    wording: string;
    language: string;
    steps: number;
    completed: boolean;
    audio: string | null;
  }>(
    await db.execute(sql`
      select p.call_id, p.agent_id, p.created_at as at, p.carrier, p.wording, p.language,
             jsonb_array_length(p.steps)::int as steps, p.completed,
             (select b."end" from disclosure_playbacks b
               where b.call_id = p.call_id order by b.started_at desc limit 1) as audio
        from disclosure_proofs p
       where p.tenant_id = ${tenantId} and p.created_at >= ${start.toISOString()}::timestamptz
         and p.created_at < ${end.toISOString()}::timestamptz
       order by p.created_at, p.id`),
  );
  return rows.map((r) => ({
    callId: r.call_id,
    agentId: r.agent_id,
    at: new Date(r.at),
    carrier: r.carrier,
    wording: r.wording,
    language: r.language,
    steps: r.steps,
    completed: r.completed,
    audio: r.audio,
  }));
}

/** What the disclosures kept of one call: each proof with its steps, and each disclosure audio played into it. */
export interface CallDisclosuresKept {
  proofs: {
    at: string;
    carrier: string;
    wording: string;
    language: string;
    completed: boolean;
    steps: { step: number; text: string; answer: string | null; at: string }[];
  }[];
  playbacks: { at: string; media: string; ms: number; end: string }[];
}

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** One call's disclosure proofs and playbacks, oldest first (the reports' call detail shows them). */
export async function readCallDisclosures(
  db: Db,
  tenantId: number,
  callId: number,
): Promise<CallDisclosuresKept> {
  const proofs = rowsOf<CallDisclosuresKept["proofs"][number] & { steps: unknown }>(
    await db.execute(sql`
      select ${iso("created_at")} as at, carrier, wording, language, completed, steps from disclosure_proofs
       where tenant_id = ${tenantId} and call_id = ${callId} order by created_at, id`),
  );
  const playbacks = rowsOf<CallDisclosuresKept["playbacks"][number]>(
    await db.execute(sql`
      select ${iso("started_at")} as at, media, (extract(epoch from ended_at - started_at) * 1000)::int as ms, "end"
        from disclosure_playbacks
       where tenant_id = ${tenantId} and call_id = ${callId} order by started_at, id`),
  );
  return {
    proofs: proofs.map((p) => ({
      ...p,
      steps: (typeof p.steps === "string"
        ? JSON.parse(p.steps)
        : p.steps) as CallDisclosuresKept["proofs"][number]["steps"],
    })),
    playbacks,
  };
}
