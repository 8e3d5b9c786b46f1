// The disclosure steps on the wire (agent-workspace §3 "Disclosure steps: step number, text, answers (JSON with
// text, skip and readd step lists)"; §7 `GET /calls/disclosures`).
import { z } from "zod";
import { ErrorBody } from "../../src/contract/common";
import { defineEndpoint } from "../../src/contract/endpoint";
import { RecordId } from "../../src/contract/ids";
import { CARRIERS, WORDINGS } from "./wording";

export const DisclosureAnswer = z.object({
  text: z.string(),
  /** Steps this answer takes out of the disclosure (numbers of later steps). */
  skip: z.array(z.number().int().positive()),
  /** Steps this answer puts back after an earlier answer took them out. */
  readd: z.array(z.number().int().positive()),
});
export type DisclosureAnswer = z.infer<typeof DisclosureAnswer>;

export const DisclosureStep = z.object({
  step: z.number().int().positive(),
  /** The text read to the lead, with {company}, {first_name} and {last_name} to fill. */
  text: z.string().min(1),
  /** A question the lead answers (radio buttons); null for a statement. */
  answers: z.array(DisclosureAnswer).min(1).nullable(),
});
export type DisclosureStep = z.infer<typeof DisclosureStep>;

/** The languages a disclosure is read in (ISIUS speaks English and Spanish); a lead in another reads English. */
export const DISCLOSURE_LANGUAGES = ["en", "es"] as const;
export type DisclosureLanguage = (typeof DISCLOSURE_LANGUAGES)[number];

/** The name of a disclosure's recorded audio, as the browser asks for it (audio-playback `file`). */
export const disclosureClipName = (wording: string, language: DisclosureLanguage) =>
  `disclosures/${wording}-${language}`;
export const disclosureLanguageOf = (language: string | null | undefined): DisclosureLanguage =>
  language === "es" ? "es" : "en";

const ByLanguage = z.object({ en: z.array(DisclosureStep), es: z.array(DisclosureStep) });
/** GET /calls/disclosures: every wording's steps in each language; the browser picks by the lead. */
export const DisclosuresResponse = z.object({
  data: z.object({ aa: ByLanguage, occ: ByLanguage, pio: ByLanguage }),
});
export type DisclosuresResponse = z.infer<typeof DisclosuresResponse>;

/**
 * POST /calls/{callId}/disclosures: the proof that a disclosure was given on the call (issue 16): which one,
 * and each step the agent went through, with the lead's answer and when.
 */
export const DisclosureProofBody = z.strictObject({
  carrier: z.enum(CARRIERS),
  wording: z.enum(WORDINGS),
  language: z.enum(DISCLOSURE_LANGUAGES),
  steps: z
    .array(
      z.strictObject({
        step: z.number().int().positive(),
        /** Index of the lead's answer to a question; null for a statement. */
        answer: z.number().int().nonnegative().nullable(),
        /** ISO instant the agent reached the step. */
        at: z.string().datetime({ offset: true }),
      }),
    )
    .min(1)
    .max(50),
  /** The agent reached the last step. */
  completed: z.boolean(),
});
export type DisclosureProofBody = z.infer<typeof DisclosureProofBody>;

export const DisclosureProofParams = z.strictObject({ callId: RecordId });
export const DisclosureProofResponse = z.object({ data: z.object({ id: z.number().int() }) });

/** The steps an agent reads, fetched once by the panel. */
export const listDisclosures = defineEndpoint({
  method: "GET",
  path: "/calls/disclosures",
  summary:
    "The carrier disclosures' steps (agent-workspace §3): for each wording (aa, occ, pio: the lead's state decides) and language (en, es), the steps with their number, text ({company}, {first_name}, {last_name} to fill) and answers (text, skip and readd step lists) or null. 404 when the call centre's disclosures feature is off.",
  tags: ["disclosures"],
  responses: { 200: DisclosuresResponse, 404: ErrorBody },
});

/** The proof that a disclosure was given on the agent's call: a write that must not double. */
export const addDisclosureProof = defineEndpoint({
  method: "POST",
  path: "/calls/:callId/disclosures",
  summary:
    "Stores the proof that a disclosure was given on the agent's own call: the carrier, the wording and language, and each step reached with the lead's answer and when; the texts are stored as the lead heard them (filled in from the lead's record). 201 {data: {id}}. 404 for a call that is not the agent's own (another agent's, another call centre's) or with disclosures off, 422 for a step or answer the disclosure does not have or a question passed unanswered. Takes an Idempotency-Key.",
  tags: ["disclosures"],
  params: DisclosureProofParams,
  body: DisclosureProofBody,
  responses: { 201: DisclosureProofResponse, 404: ErrorBody, 422: ErrorBody },
  idempotent: true,
});

export const DISCLOSURE_MESSAGES = {
  off: "Disclosures are not enabled for this call centre.",
  notAStep: "The disclosure has no such step.",
  notAnAnswer: "The step has no such answer.",
  unanswered: "A question was passed without the lead's answer.",
} as const;

/** A disclosure given on a call, as its proof: which, in which wording and language, how far, read to the end or not. */
export const GivenDisclosure = z.object({
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
export type GivenDisclosure = z.infer<typeof GivenDisclosure>;

/** A disclosure's recorded audio played into the call: which, when, for how long, how it ended. */
export const PlayedDisclosure = z.object({
  /** ISO instant it started. */
  at: z.string(),
  /** The clip's name (`disclosures/<wording>-<language>`). */
  media: z.string(),
  /** Seconds it played; null while it plays. */
  seconds: z.number().nonnegative().nullable(),
  /** done: played to its end; stopped by the agent; ended: the call ended under it. Null while it plays. */
  end: z.enum(["done", "stopped", "ended"]).nullable(),
});
export type PlayedDisclosure = z.infer<typeof PlayedDisclosure>;

/**
 * What this plugin keeps with a call, in the lead history (`facets.disclosures` of GET /leads/{id}/history): the
 * disclosures given and their audio played to the lead, oldest first, as proof.
 */
export const DisclosuresFacet = z.object({
  disclosures: z.array(GivenDisclosure),
  playbacks: z.array(PlayedDisclosure),
});
export type DisclosuresFacet = z.infer<typeof DisclosuresFacet>;
