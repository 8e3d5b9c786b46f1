// The disclosures plugin's public face: what another plugin needs to show a disclosure given on a call (the
// reports' call detail, issue 37).
import { CARRIER_COMPANIES } from "./wording";

/** The carrier's company as a disclosure names it ("gtl" → its company), or the code itself for one unknown. */
export const carrierCompany = (carrier: string): string =>
  (CARRIER_COMPANIES as Record<string, string>)[carrier] ?? carrier;
