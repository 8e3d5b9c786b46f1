// GET /scripts (agent-workspace §3 "Scripts: pages list", §7 "200 with pages; only if scripts enabled"): the
// call script an agent reads, as booking-and-reference §1 gives it, "assembled from translated text in four
// steps". The gateway says which steps and sub-parts the call centre's script has, in reading order, and the
// facts its sentences quote; the sentences themselves are the plugin's translated texts (locales/*.json,
// `steps.<step>` and `parts.<part>`), so the script follows the agent's language like every other text.
import { z } from "zod";
import { ErrorBody } from "../../src/contract/common";
import { defineEndpoint } from "../../src/contract/endpoint";

/** (1) verify identity, (2) insurance questions, (3) set appointment, (4) recap. */
export const SCRIPT_STEPS = ["verify_identity", "insurance_questions", "set_appointment", "recap"] as const;
export type ScriptStep = (typeof SCRIPT_STEPS)[number];

/** The sub-parts a step is made of, each a short paragraph read aloud. */
export const SCRIPT_PARTS = [
  "intro",
  "insurance_type",
  "conditions",
  "medications",
  "income",
  "meeting_setup",
  "recap",
] as const;
export type ScriptPart = (typeof SCRIPT_PARTS)[number];

export const ScriptPage = z.object({
  step: z.enum(SCRIPT_STEPS),
  parts: z.array(z.enum(SCRIPT_PARTS)).min(1),
});
export type ScriptPage = z.infer<typeof ScriptPage>;

/** What the script promises the lead (booking-and-reference §1 "Script text facts"). */
export const ScriptFacts = z.object({
  /** The advisor's visit is offered for the next day, from this hour to that one (0-23, the lead's time). */
  visit_from_hour: z.number().int().min(0).max(23),
  visit_until_hour: z.number().int().min(0).max(23),
  /** How many quotes the advisor brings… */
  quotes_min: z.number().int().positive(),
  quotes_max: z.number().int().positive(),
  /** …from how many of the market's top providers. */
  providers: z.number().int().positive(),
  /** How long verifying the lead's details takes. */
  verification_minutes: z.number().int().positive(),
});
export type ScriptFacts = z.infer<typeof ScriptFacts>;

export const ScriptsResponse = z.object({
  data: z.object({
    pages: z.array(ScriptPage).min(1),
    facts: ScriptFacts,
    /** The caller, as the script introduces them to the lead ("my name is …"). */
    agent: z.object({ first_name: z.string() }),
  }),
});
export type ScriptsResponse = z.infer<typeof ScriptsResponse>;

/** The call script of the caller's call centre, read once a sign-in. */
export const readScript = defineEndpoint({
  method: "GET",
  path: "/scripts",
  summary:
    "The call script (agent-workspace §3, booking-and-reference §1): its pages, the four steps (verify_identity, insurance_questions, set_appointment, recap) each with its sub-parts (intro, insurance_type, conditions, medications, income, meeting_setup, recap) as keys of the browser's translated texts; the facts the texts quote (visit hours, quotes, providers, verification minutes); and the caller's first name. 404 when the call centre's scripts feature is off.",
  tags: ["scripts"],
  responses: { 200: ScriptsResponse, 404: ErrorBody },
});

export const SCRIPT_MESSAGES = {
  off: "Scripts are not enabled for this call centre.",
} as const;
