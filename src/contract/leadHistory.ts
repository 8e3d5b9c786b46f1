// A lead's history on the wire (GET /leads/{id}/history), shared by the gateway and the browser: what was
// done with the lead before, so the agent on a call sees its earlier outcomes and calls. Newest first, at
// most LEAD_HISTORY_LIMIT of each. Snake case, as the lead record itself (src/contract/lead.ts).
import { z } from "zod";
import { CallType, Direction } from "./calls";

/** The gateway answers at most this many dispositions and this many calls (the newest). */
export const LEAD_HISTORY_LIMIT = 50;

/** A disposition saved on the lead: when, by whom, what, why and the agent's notes. */
export const LeadHistoryDisposition = z.object({
  id: z.number().int(),
  /** ISO instant the disposition was saved. */
  created_at: z.string(),
  /** The agent who saved it ("First Last"); null when the account is gone. */
  agent_name: z.string().nullable(),
  disposition: z.string(),
  reason: z.string().nullable(),
  /** The free text of the reason 'other'. */
  reason_other: z.string().nullable(),
  notes: z.string().nullable(),
  /** The callback or appointment time it set, when it set one. */
  date_time: z.string().nullable(),
});
export type LeadHistoryDisposition = z.infer<typeof LeadHistoryDisposition>;

/**
 * A carrier disclosure given on the call (the disclosures plugin's proof): which, in which wording and
 * language, how many of its steps the agent reached, and whether it was read to the end.
 */
export const LeadHistoryDisclosure = z.object({
  /** ISO instant the proof was stored (the popup closed, or the call ended under it). */
  at: z.string(),
  carrier: z.string(),
  /** The carrier's company, as the disclosure named it. */
  company: z.string(),
  wording: z.string(),
  language: z.string(),
  steps: z.number().int().nonnegative(),
  completed: z.boolean(),
});
export type LeadHistoryDisclosure = z.infer<typeof LeadHistoryDisclosure>;

/** A recorded clip played into the call (a disclosure's audio): which, when, for how long, how it ended. */
export const LeadHistoryPlayback = z.object({
  /** ISO instant it started. */
  at: z.string(),
  /** The clip's name (disclosures: `disclosures/<wording>-<language>`). */
  media: z.string(),
  /** Seconds it played; null while it plays. */
  seconds: z.number().nonnegative().nullable(),
  /** done: played to its end; stopped by the agent; ended: the call ended under it. Null while it plays. */
  end: z.enum(["done", "stopped", "ended"]).nullable(),
});
export type LeadHistoryPlayback = z.infer<typeof LeadHistoryPlayback>;

/** An extra recording of the call (the recordings plugin): its audio plays from GET /recordings/{id}/audio. */
export const LeadHistoryRecording = z.object({
  id: z.number().int(),
  /** The n-th extra recording of the call. */
  index: z.number().int(),
  /** ISO instant it started. */
  at: z.string(),
  /** Seconds of audio; null while it records or when there is none. */
  seconds: z.number().nonnegative().nullable(),
  /** recording (under way), complete, incomplete (a crash cut it; what was written is kept), no_audio. */
  state: z.enum(["recording", "complete", "incomplete", "no_audio"]),
});
export type LeadHistoryRecording = z.infer<typeof LeadHistoryRecording>;

/** A call leg on the lead: when it started, how it was placed or received, and how long it talked. */
export const LeadHistoryCall = z.object({
  id: z.number().int(),
  /** ISO instant the call started. */
  started_at: z.string(),
  type: CallType,
  direction: Direction,
  /** Seconds from answer to end; null while it is not settled or when never answered. */
  duration: z.number().int().nonnegative().nullable(),
  /** The agent of the call ("First Last"); null when the account is gone. */
  agent_name: z.string().nullable(),
  /** 1 when the agent handed it on as a live transfer. */
  live_transfer: z.number().int(),
  /** What plugins recorded with the call (absent when nothing): the proof of disclosures given. */
  disclosures: z.array(LeadHistoryDisclosure).optional(),
  playbacks: z.array(LeadHistoryPlayback).optional(),
  recordings: z.array(LeadHistoryRecording).optional(),
});
export type LeadHistoryCall = z.infer<typeof LeadHistoryCall>;

export const LeadHistory = z.object({
  dispositions: z.array(LeadHistoryDisposition),
  calls: z.array(LeadHistoryCall),
});
export type LeadHistory = z.infer<typeof LeadHistory>;

export const LeadHistoryResponse = z.object({ data: LeadHistory });
export type LeadHistoryResponse = z.infer<typeof LeadHistoryResponse>;
