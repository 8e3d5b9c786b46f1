// Address validity (agent-workspace §4 Lead and address): any edit except type, apartment or buzzer makes
// the address unchecked again; a postal-code check (geocode) sets `valid` itself along with the fields it fills.
import type { Address } from "../contract/lead";

const KEEPS_VALIDITY: ReadonlySet<keyof Address> = new Set(["type", "apartment", "buzzer", "valid"]);

export function editAddress(address: Address, patch: Partial<Address>): Address {
  const next = { ...address, ...patch };
  if (patch.valid !== undefined) return next;
  const touched = (Object.keys(patch) as (keyof Address)[]).some(
    (k) => !KEEPS_VALIDITY.has(k) && patch[k] !== undefined && patch[k] !== address[k],
  );
  return touched ? { ...next, valid: false } : next;
}
