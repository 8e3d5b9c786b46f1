// The compliance gate's wire shapes (not in the specification): every call the gateway places for an agent is
// judged by Do Not Call, the dialled number's own calling window, and the countries the call centre may dial.
// Verdicts carry a reason key and its values; the browser words them in the agent's language
// (plugins/softphone/locales "compliance.<key>"), the gateway's English is server/compliance/reasons.ts.
import { z } from "zod";
import { ErrorBody } from "./common";
import { defineEndpoint } from "./endpoint";
import { RecordId } from "./ids";

export const COMPLIANCE_REASON_KEYS = [
  "ok",
  "internal",
  "feature",
  "invalid",
  "no_zone",
  "country",
  "dnc_status",
  "dnc_listed",
  "dnc_listed_on",
  "window_cap",
  "window_closed",
  "window_sunday",
  "window_holiday",
  "window_no_zone",
  "window_bad_zone",
] as const;
export const ComplianceReasonKey = z.enum(COMPLIANCE_REASON_KEYS);
export type ComplianceReasonKey = z.infer<typeof ComplianceReasonKey>;

/** What the dialled text is: a number outside the call centre, one of its extensions, or a PBX feature code. */
export const DialledKind = z.enum(["external", "internal", "feature"]);
export type DialledKind = z.infer<typeof DialledKind>;

export const ComplianceValues = z.record(z.string(), z.union([z.string(), z.number()]));

export const ComplianceQuery = z.strictObject({
  phone: z.string().trim().min(1).max(50),
  leadId: RecordId.optional(),
});
export type ComplianceQuery = z.infer<typeof ComplianceQuery>;

export const ComplianceVerdict = z.object({
  callable: z.boolean(),
  kind: DialledKind.nullable(),
  /** The number as it would be dialled (E.164, or the digits of an extension or feature code). */
  phone: z.string(),
  reason: ComplianceReasonKey,
  values: ComplianceValues,
  /** The reason in English. */
  text: z.string(),
});
export type ComplianceVerdict = z.infer<typeof ComplianceVerdict>;

export const ComplianceResponse = z.object({ data: ComplianceVerdict });

/** The gate's verdict on dialling a number now, without dialling (the softphone asks before it dials). */
export const checkCompliance = defineEndpoint({
  method: "GET",
  path: "/calls/compliance",
  summary:
    "Not in the specification: the compliance gate's verdict on dialling {phone} now (for the lead {leadId} when given: its Do Not Call status, and its own calling window when the number is its own), without dialling. 200 {data: {callable, kind: external | internal | feature | null, phone: as it would be dialled, reason: key, values, text: the reason in English}}; a dial that the verdict refuses gets 409 (422 for reason 'invalid'). Rules: the call centre's Do Not Call list; countries in the 'dialing' setting's allowedCountries (default US, CA); the calling window (federal, state or provincial rules and 24-hour caps) in every zone of the number's area code; numbers of an allowed country outside North America by 08:00–21:00 in every zone of their calling code. 403 for another agent's lead, 404 for a lead that does not exist (or is another call centre's).",
  tags: ["calls"],
  query: ComplianceQuery,
  responses: { 200: ComplianceResponse, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody },
});

/**
 * A refused dial (409) or an undiallable number (422): the usual error body, whose message is the translation
 * key `calls.refused.<reason>`, plus the reason's key and values for a caller that words it itself.
 */
export const ComplianceRefusal = ErrorBody.extend({
  reason: ComplianceReasonKey.optional(),
  values: ComplianceValues.optional(),
});

/** The call centre's dialing setting (settings key "dialing"): the countries its agents may call. */
export const DIALING_SETTING_KEY = "dialing";
export const DialingSettings = z.object({
  /** ISO 3166 codes; a calling code shared by several countries is callable when any of them is listed. */
  allowedCountries: z.array(z.string().regex(/^[A-Z]{2}$|^NANP-other$/)),
});
export type DialingSettings = z.infer<typeof DialingSettings>;
export const DEFAULT_DIALING_SETTINGS: DialingSettings = { allowedCountries: ["US", "CA"] };
