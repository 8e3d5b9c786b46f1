// The call script's shape and facts, as GET /scripts serves them (server.ts); the sentences are the locales'.
import type { ScriptFacts, ScriptPage } from "./contract";

/** The four steps and their sub-parts, in reading order (booking-and-reference §1). */
export const SCRIPT_PAGES: ScriptPage[] = [
  { step: "verify_identity", parts: ["intro"] },
  { step: "insurance_questions", parts: ["insurance_type", "conditions", "medications", "income"] },
  { step: "set_appointment", parts: ["meeting_setup"] },
  { step: "recap", parts: ["recap"] },
];

/**
 * The script's facts for a call centre's market (booking-and-reference §1 "Script text facts"). "3 to 5 quotes
 * come from the top 20 or 24 providers": we read the two counts as the two markets', 20 in the US (ISIUS) and 24
 * in Canada (SLICA).
 */
export function scriptFacts(country: string): ScriptFacts {
  return {
    visit_from_hour: 9,
    visit_until_hour: 20,
    quotes_min: 3,
    quotes_max: 5,
    providers: country === "CA" ? 24 : 20,
    verification_minutes: 2,
  };
}
