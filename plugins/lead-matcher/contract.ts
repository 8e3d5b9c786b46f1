// The lead matcher on the wire (booking-and-reference §2 "Link to existing lead", agent-workspace §5 "Lead
// matcher: phone required, 10 digits"): the phone the agent types, the look-up that only looks (GET
// /leads/by-phone/{phone}?type=match) and the link of the call (PUT /calls/{callId}/lead). Both routes are the
// core's (modules/leads, modules/calls): their schemas are in src/contract, used here as they are.
import { z } from "zod";
import { CallLinkBody, CallLinkResponse, linkCallToLead } from "../../src/contract/callLink";
import { BY_PHONE_MATCH, LeadSummaryResponse, readLeadByPhone } from "../../src/contract/leads";

export { CallLinkBody, CallLinkResponse, LeadSummaryResponse, linkCallToLead, readLeadByPhone };

/**
 * The phone as typed, in any format ("(212) 555-0142", "212.555.0142"): its ten digits once the formatting is
 * stripped. The issues are the panel's message keys: `required` (nothing typed) and `valid_phone`.
 */
export const MatchPhone = z
  .string()
  .trim()
  .min(1, "required")
  .transform((typed) => typed.replace(/\D/g, ""))
  .pipe(z.string().regex(/^\d{10}$/, "valid_phone"));

export type PhoneProblem = "required" | "valid_phone";

/** What is wrong with the typed phone, or its ten digits. */
export function matchPhone(typed: string): { digits: string } | { problem: PhoneProblem } {
  const parsed = MatchPhone.safeParse(typed);
  if (parsed.success) return { digits: parsed.data };
  return { problem: parsed.error.issues[0]!.message as PhoneProblem };
}

/**
 * The lead matcher's look-up of `readLeadByPhone`: with type=match it never makes the lead the agent's (linking,
 * `linkCallToLead`, does).
 */
export const matchLookup = (digits: string) => ({
  params: { phone: digits },
  query: { type: BY_PHONE_MATCH },
});

/** A North American number as agents read it, "(212) 555-0142"; anything else as stored. */
export function formatPhone(phone: string): string {
  const d = phone.replace(/\D/g, "");
  return d.length === 10 ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : phone;
}
