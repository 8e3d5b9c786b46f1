// The dispositions plugin's public face. It is the only writer of POST /leads/{id}/dispositions: the panel,
// flows that dispose a lead themselves (the automatic Voicemail) and the follow-ups table's reschedule all
// save through here, so every disposition gets one idempotency key per attempt, closes the lead in the stack
// and is announced once (`dispositionSaved`).
import { z } from "zod";
import {
  CreateDispositionBody,
  DispositionValue,
  type DispositionFlag,
  type DispositionValue as Disposition,
} from "../../src/contract/dispositions";
import type { FollowUpItem } from "../../src/contract/dialer";
import { defineAgentFlags, defineEvent, serviceKey, type AgentInfo, type WriteOutcome } from "../../src/sdk";

/** A disposition's text key in this plugin's locales (others with a copy of the names use it too): "Medical DQ AA/GTL" → "disposition.medical_dq_aa_gtl". */
export const dispositionKey = (value: string) =>
  `disposition.${value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "")}`;

export interface DispositionPreset {
  disposition: Disposition;
  /** For Sent External, the target's name (agent-workspace §4 External transfers). */
  reason?: string;
  /** The agent may not change it (a confirmed live transfer: cannotBeChanged). */
  locked?: boolean;
}

/** The body of POST /leads/{id}/dispositions (agent-workspace §3 disposition payload). */
export type DispositionBody = z.input<typeof CreateDispositionBody>;

export interface SaveOptions {
  /**
   * The attempt's Idempotency-Key. Pass the key of a save that failed transiently to send it again: the
   * gateway answers the first result instead of writing a second disposition. Absent: a new attempt.
   */
  key?: string;
}

/** The gateway's answer, and the key the attempt went under (to send a failed one again). */
export type SaveOutcome = WriteOutcome & { key: string };

export interface DispositionsApi {
  /** Sets the disposition of a lead in the agent's stack; hidden values (Live_Transfer) are allowed here. */
  preset(leadId: number, preset: DispositionPreset): void;
  /**
   * A flow's preset no longer holds (a live transfer an advisor accepted, then lost before the handover): if
   * the lead's draft still shows that preset, it is cleared and the agent chooses again.
   */
  clearPreset(leadId: number, disposition: Disposition): void;
  /**
   * The gateway stored this lead's disposition itself (a completed live or internal transfer): the lead is
   * closed exactly as after a save (its call counts as disposed, it leaves the stack) and `dispositionSaved`
   * is raised, once however often it is told. Nothing is sent.
   */
  recorded(leadId: number, disposition: Disposition): void;
  /** The panel is saving a disposition. */
  readonly saving: boolean;
  /**
   * Saves a lead's disposition for a flow (transient failures retried after 1, 2 and 4 s under the same key).
   * Once saved, the lead leaves the stack, its call counts as disposed in the panel and `dispositionSaved`
   * is raised. The caller tells the agent how it went.
   */
  save(leadId: number, body: DispositionBody, options?: SaveOptions): Promise<SaveOutcome>;
  /**
   * Moves a follow-up to `dateTime` (ISO, UTC): Pocket with reschedule_followup, keeping the follow-up's notes
   * (the gateway copies them onto the moved one). No outcome of the lead: the stack is left as it is.
   */
  reschedule(
    followUp: Pick<FollowUpItem, "leadId" | "notes">,
    dateTime: string,
    options?: SaveOptions,
  ): Promise<SaveOutcome>;
  /**
   * Another flow owns this lead's disposition for now (an automatic Voicemail counting down and saving): the
   * panel is not editable meanwhile and shows `reason()` (translated, read when shown). Returns the release.
   */
  hold(leadId: number, reason: () => string): () => void;
}

export const dispositionsApi = serviceKey<DispositionsApi>("dispositions.api");

/**
 * A disposition was saved (the panel's, a flow's, or a follow-up moved): panels that list leads and
 * follow-ups read again. The specification's internal dispatch `disposition/create`.
 */
export const dispositionSaved = defineEvent(
  "disposition:saved",
  z.object({
    leadId: z.number().int(),
    disposition: DispositionValue,
    /** A follow-up moved to a new time (reschedule_followup): no outcome of the lead. */
    rescheduled: z.boolean(),
  }),
);
export type DispositionSaved = z.output<typeof dispositionSaved.schema>;

/**
 * The account's flags that open the Sent External destinations Matcha and Sunlife (booking-and-reference §6): the
 * sign-in can_transfer_to_matcha and can_transfer_to_sunlife. The transfers plugin offers the same destinations.
 */
export const transferAccountFlags = defineAgentFlags(
  z.object({
    can_transfer_to_matcha: z.boolean().default(false),
    can_transfer_to_sunlife: z.boolean().default(false),
  }),
);

/** The agent's flags as the disposition rules name them (`DispositionFacts.flags` of src/contract/dispositions). */
export function dispositionFlagsOf(agent: Pick<AgentInfo, "flags">): Record<DispositionFlag, boolean> {
  const f = agent.flags(transferAccountFlags);
  return { canTransferToMatcha: f.can_transfer_to_matcha, canTransferToSunlife: f.can_transfer_to_sunlife };
}
