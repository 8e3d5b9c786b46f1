// The compliance gate's wire shapes (not in the specification): every call the gateway places for an agent is
// judged by Do Not Call, the dialled number's own calling window, and the countries the call centre may dial.
// Verdicts carry a reason key and its values; the browser words them in the agent's language
// (plugins/softphone/locales "compliance.<key>"), the gateway's English is server/compliance/reasons.ts.
import { z } from "zod";
import { ErrorBody } from "./common";
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
