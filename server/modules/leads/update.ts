// PUT /leads/{id}: the body's fields onto the lead's columns. A Canadian lead keeps its province in `state`,
// like the seed.
import {
  normalisePostal,
  parsePhoneOther,
  IN_PROCESS,
  type UpdateLeadBody,
} from "../../../src/contract/lead";
import type { leads } from "../../db/schema";
import type { LeadRow } from "./record";
import { mergeClients, mergeInsurance } from "./stored";

type LeadSet = Partial<typeof leads.$inferInsert>;

const has = <T extends object>(o: T, k: keyof T) =>
  Object.prototype.hasOwnProperty.call(o, k) && o[k] !== undefined;

function addressSet(row: LeadRow, a: NonNullable<UpdateLeadBody["address"]>): LeadSet {
  const set: LeadSet = {};
  if (has(a, "street")) set.street = a.street || null;
  if (has(a, "apartment")) set.apartment = a.apartment || null;
  if (has(a, "buzzer")) set.buzzer = a.buzzer || null;
  if (has(a, "type")) set.addressType = a.type;
  if (has(a, "valid")) set.addressValid = a.valid;
  if (has(a, "city")) set.city = a.city || null;
  if (has(a, "zip")) set.postal = a.zip ? normalisePostal(row.country, a.zip) : null;
  const region = row.country === "CA" ? (a.province ?? a.state) : (a.state ?? a.province);
  if (has(a, "state") || has(a, "province")) set.state = region ?? null;
  if (has(a, "latitude")) set.latitude = a.latitude;
  if (has(a, "longitude")) set.longitude = a.longitude;
  if (has(a, "timezone")) set.timezone = a.timezone;
  return set;
}

/** The columns to write for `body` on `row` (empty when nothing stored changes). */
export function leadSet(row: LeadRow, body: UpdateLeadBody): LeadSet {
  const set: LeadSet = {};
  if (has(body, "first_name")) set.firstName = body.first_name;
  if (has(body, "last_name")) set.lastName = body.last_name;
  if (has(body, "email")) set.email = body.email || null;
  if (has(body, "language")) set.language = body.language;
  if (has(body, "phone_other")) set.phoneOther = parsePhoneOther(body.phone_other) ?? [];
  if (has(body, "notes")) set.notes = body.notes || null;
  if (has(body, "status_description")) set.statusDescription = body.status_description || null;
  if (has(body, "is_annuity")) set.isAnnuity = body.is_annuity;
  if (has(body, "reasons")) set.reasons = [...new Set(body.reasons)];
  if (has(body, "reason_other")) set.reasonOther = body.reason_other || null;
  if (body.address) Object.assign(set, addressSet(row, body.address));
  if (body.clients)
    set.clients = mergeClients(row.clients ?? [], body.clients) as unknown as Record<string, unknown>[];
  if (body.insurance)
    set.insurance = mergeInsurance(row.insurance, body.insurance) as unknown as Record<string, unknown>;
  if (body.override_status) set.status = IN_PROCESS;
  return set;
}
