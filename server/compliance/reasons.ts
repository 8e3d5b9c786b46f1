// The compliance gate's reasons in English, by key (src/contract/compliance.ts). The Do Not Call and calling
// window wordings are the dialer engine's own (server/dialer/reasons.ts), so an agent reads one sentence for
// one rule wherever it applies. plugins/softphone/locales/en.json "compliance" must equal this list (a test
// holds them together); the browser translates the keys.
import type { ComplianceReasonKey } from "../../src/contract/compliance";
import { REASONS } from "../dialer/reasons";

export const COMPLIANCE_REASONS: Readonly<Record<ComplianceReasonKey, string>> = {
  ok: "{{phone}} may be dialled now.",
  internal: "{{phone}} is an extension of the call centre.",
  feature: "{{phone}} is a feature code of the phone system.",
  invalid: "{{phone}} is not a phone number that can be dialled.",
  no_zone: "{{phone}} has no known time zone, so its local time is unknown; it is not dialled.",
  country: "{{phone}} is a number of {{country}}; the call centre dials only {{allowed}}.",
  dnc_status: REASONS.dnc_status,
  dnc_listed: REASONS.dnc_listed,
  dnc_listed_on: REASONS.dnc_listed_on,
  window_cap: REASONS.window_cap,
  window_closed: REASONS.window_closed,
  window_sunday: REASONS.window_sunday,
  window_holiday: REASONS.window_holiday,
  window_no_zone: REASONS.window_no_zone,
  window_bad_zone: REASONS.window_bad_zone,
};

export function complianceText(key: ComplianceReasonKey, values: Readonly<Record<string, string | number>> = {}): string {
  return COMPLIANCE_REASONS[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}
