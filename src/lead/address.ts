// Address validity (agent-workspace §4 Lead and address): any edit except type, apartment or buzzer makes
// the address unchecked again; a postal-code check (geocode) sets `valid` itself along with the fields it fills.
// The rule is the contract's (addressEditInvalidates), shared with the booking form's meeting address.
import { addressEditInvalidates, type Address } from "../contract/lead";

export function editAddress(address: Address, patch: Partial<Address>): Address {
  const next = { ...address, ...patch };
  if (patch.valid !== undefined) return next;
  return addressEditInvalidates(address, patch) ? { ...next, valid: false } : next;
}
