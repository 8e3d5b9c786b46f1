// Who may open the health e-app (agent-workspace §6: "The e-app button needs a health licence for the lead's
// state"), and the address it opens. Pure, so every case is tested without rendering.
import { LEAD_ID } from "./config";

/** Whether the e-app may open for the lead on the desk, and if not, why (the panel says it). */
export type EappAccess =
  | { kind: "open"; leadId: number; state: string }
  | { kind: "no_lead" }
  | { kind: "no_state"; leadId: number }
  | { kind: "unlicensed"; leadId: number; state: string };

// Leads keep their state as the lookups do ("tx", "qc") and accounts as an admin typed it ("TX"): compare the
// two-letter codes whatever their case.
const code = (state: string) => state.trim().toUpperCase();

export function eappAccess(
  lead: { readonly id: number; readonly state: string | null } | null,
  healthLicences: readonly string[],
): EappAccess {
  if (!lead) return { kind: "no_lead" };
  const state = code(lead.state ?? "");
  if (!state) return { kind: "no_state", leadId: lead.id };
  return healthLicences.some((l) => code(l) === state)
    ? { kind: "open", leadId: lead.id, state }
    : { kind: "unlicensed", leadId: lead.id, state };
}

/** The configured address with the lead's id in place of every `{leadId}`. */
export function eappUrl(template: string, leadId: number): string {
  return template.replaceAll(LEAD_ID, encodeURIComponent(String(leadId)));
}
