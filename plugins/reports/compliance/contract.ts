// The compliance report's wire contract (issue 37, part 5), shared by the page and the gateway: for a range of the
// call centre's days, each rule with what it found — the abandon rate per campaign over rolling 30 days and per day
// (FTC TSR), the calls placed outside a calling window and the dials to a Do Not Call number (both must be none:
// listed when not), and the disclosures advisors gave per call.
import { z } from "zod";
import { ErrorBody } from "../../../src/contract/common";
import { ComplianceReasonKey, ComplianceValues } from "../../../src/contract/compliance";
import { defineEndpoint } from "../../../src/contract/endpoint";
import { checkRange, Day, MAX_REPORT_DAYS } from "../contract";
import { CENTRE_NOTE, centreField } from "../centres/contract";

/** FTC TSR 16 CFR 310.4(b)(4)(i): at most 3 % of the calls a person answers, per campaign per 30-day period. */
export const ABANDON_LIMIT = 0.03;
export const ABANDON_WINDOW_DAYS = 30;
/** A person not connected to an agent within 2 s (310.4(b)(1)(iv)) counts as abandoned. */
export const ABANDON_GRACE_SECONDS = 2;
/** Calls listed per rule at most (the count is always whole; the CSV lists them all). */
export const MAX_LISTED = 200;

export const ComplianceReportQuery = z
  .strictObject({
    /** The first and last local day covered (both included); today when left out, to = from when only from. */
    from: Day.optional(),
    to: Day.optional(),
    ...centreField,
  })
  .superRefine(checkRange);
export type ComplianceReportQuery = z.input<typeof ComplianceReportQuery>;
/** The query as the gateway has it once parsed (what complianceCsv takes). */
export type ComplianceRange = z.output<typeof ComplianceReportQuery>;

const Count = z.number().int();
const Rate = z.number().nullable();

/** A campaign's figures on one local day: its own, and over the 30 days ending with it. */
export const AbandonDay = z.object({
  day: z.string(),
  /** Outgoing calls a person answered (no machine by the PBX's detection). */
  persons: Count,
  /** Of those, not connected to an agent within 2 s of the answer. */
  abandoned: Count,
  /** abandoned / persons of the day; null without any. */
  rate: Rate,
  persons_30: Count,
  abandoned_30: Count,
  /** abandoned_30 / persons_30: the rate the rule reads; null without any. */
  rate_30: Rate,
});
export type AbandonDay = z.infer<typeof AbandonDay>;

export const AbandonCampaign = z.object({
  /** null: calls of no campaign (a lead an agent made). */
  campaign_id: z.number().int().nullable(),
  name: z.string().nullable(),
  /** The range's own totals. */
  persons: Count,
  abandoned: Count,
  /** Every day of the range, in order. */
  days: z.array(AbandonDay),
  /** The highest rolling 30-day rate of the range's days; null without any answered call. */
  worst_rate_30: Rate,
  /** Every day's rolling 30-day rate at most 3 %. */
  met: z.boolean(),
});
export type AbandonCampaign = z.infer<typeof AbandonCampaign>;

/** A call that broke a rule, as the gate would have refused it. */
export const Breach = z.object({
  call_id: z.number().int(),
  /** When the call was placed (ISO). */
  at: z.string(),
  /** The number dialled, all but its last 4 digits hidden. */
  phone: z.string(),
  agent_id: z.number().int().nullable(),
  agent: z.string().nullable(),
  /** The gate's reason (window_closed, window_sunday, window_holiday, no_zone; dnc_listed, dnc_listed_on). */
  reason: ComplianceReasonKey,
  /** Its values: the zone, its local time and the window broken, the rule's label; the list and since when. */
  values: ComplianceValues,
});
export type Breach = z.infer<typeof Breach>;

export const Breaches = z.object({
  met: z.boolean(),
  count: Count,
  /** The first MAX_LISTED, oldest first. */
  calls: z.array(Breach),
});

export const DisclosureAdvisor = z.object({
  agent_id: z.number().int(),
  name: z.string(),
  /** Calls with a disclosure given. */
  calls: Count,
  given: Count,
  /** Read to the last step. */
  completed: Count,
  /** With the recorded disclosure played to its end. */
  audio_done: Count,
});

export const DisclosureCall = z.object({
  call_id: z.number().int(),
  at: z.string(),
  agent_id: z.number().int(),
  carrier: z.string(),
  /** aa | occ | pio: the wording the lead's state called for. */
  wording: z.string(),
  language: z.string(),
  steps: Count,
  completed: z.boolean(),
  /** done | stopped | ended; null: no audio played. */
  audio: z.string().nullable(),
});
export type DisclosureCall = z.infer<typeof DisclosureCall>;

export const ComplianceReport = z.object({
  data: z.object({
    from: z.string(),
    to: z.string(),
    time_zone: z.string(),
    as_of: z.string(),
    today: z.string(),
    abandon: z.object({ met: z.boolean(), campaigns: z.array(AbandonCampaign) }),
    windows: Breaches,
    dnc: Breaches,
    disclosures: z.object({
      /** Every disclosure begun was read to its end. */
      met: z.boolean(),
      given: Count,
      completed: Count,
      advisors: z.array(DisclosureAdvisor),
      /** Those not read to the end first, then the others; at most MAX_LISTED. */
      calls: z.array(DisclosureCall),
    }),
  }),
});
export type ComplianceReport = z.infer<typeof ComplianceReport>["data"];

export const complianceReport = defineEndpoint({
  method: "GET",
  path: "/reports/compliance",
  summary: `Not in the specification (issue 37): the caller's call centre's compliance over its local days from, to (both included, at most ${MAX_REPORT_DAYS}; today when left out). Abandon rate (FTC TSR 16 CFR 310.4(b)(4)): per campaign (the call's campaign when placed) and local day, outgoing calls answered by a person (the called party's own answer, party_answered_at, and no machine by the PBX's answering-machine detection) and those abandoned (not bridged to an agent, answered_at, within ${ABANDON_GRACE_SECONDS} s of the party's answer, or never once the call ended), with the rate over the ${ABANDON_WINDOW_DAYS} days ending each day; met when every such rate is at most 3 %. Calls placed outside a calling window (TCPA 47 CFR 64.1200(c)(1), state and provincial rules: the compliance gate's own rules, in every zone of the number's area code) and dials to a number on a Do Not Call list at that moment (47 CFR 64.1200(c)(2), (d)): each counted, met when none, the first ${MAX_LISTED} listed (call id, time, the number's last 4 digits, agent, the gate's reason with the zone and window or the list). Disclosures given per advisor and call (met when each was read to its end). 200 {data: {from, to, time_zone, as_of, today, abandon: {met, campaigns}, windows: {met, count, calls}, dnc: {met, count, calls}, disclosures: {met, given, completed, advisors, calls}}}; 422 per field;${CENTRE_NOTE} Managers and above.`,
  tags: ["reports"],
  query: ComplianceReportQuery,
  responses: { 200: ComplianceReport, 403: ErrorBody, 422: ErrorBody },
});
