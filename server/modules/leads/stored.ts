// The lead's jsonb columns as stored: clients and insurance in camel case (the seed's shape). Rows written
// before a field existed, or by hand, may miss fields or hold numbers where the form keeps text, so reading
// is forgiving (each field falls back to its default) and writing always stores the whole record.
import { z } from "zod";
import {
  clientFromWire,
  clientToWire,
  insuranceFromWire,
  insuranceToWire,
  type Client,
  type Insurance,
  type UpdateLeadBody,
} from "../../../src/contract/lead";

const text = z.union([z.string(), z.number()]).transform(String).catch("");
const code = z.number().int().nullable().catch(null);
const flag = z.number().int().catch(0);
const maybeText = z.string().nullable().catch(null);
const maybeNumber = z.number().nullable().catch(null);

const StoredClient = z.object({
  firstName: text,
  lastName: text,
  dob: text,
  gender: code,
  smoker: code,
  height: text,
  heightUnits: z.number().int().catch(1),
  weight: text,
  weightUnits: z.number().int().catch(1),
  occupation: text,
  income: code,
  incomeType: z.string().catch("Monthly"),
  title: text,
  employment: code,
  disability: code,
  countryOfBirth: text,
});

const StoredInsurance = z.object({
  amount: maybeNumber,
  annuityBeneficiary: maybeText,
  annuityFunds: maybeText,
  annuityInvestment: maybeNumber,
  annuityPeriod: maybeText,
  applied: flag,
  carrier: maybeText,
  denied: flag,
  hasPolicy: flag,
  premium: maybeText,
  type: z.array(z.string()).catch([]),
  typeOther: text,
});

export const storedClient = (raw: unknown): Client => StoredClient.parse(raw ?? {});
export const storedInsurance = (raw: unknown): Insurance => StoredInsurance.parse(raw ?? {});

/** The body's clients merged into the stored ones by position; the list takes the body's length. */
export function mergeClients(stored: unknown[], patch: NonNullable<UpdateLeadBody["clients"]>): Client[] {
  return patch.map((p, i) => clientFromWire({ ...clientToWire(storedClient(stored[i])), ...p }));
}

export function mergeInsurance(stored: unknown, patch: NonNullable<UpdateLeadBody["insurance"]>): Insurance {
  return insuranceFromWire({ ...insuranceToWire(storedInsurance(stored)), ...patch });
}
