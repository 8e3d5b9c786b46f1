// The select lists for this agent (booking-and-reference §6), from the contract's data, with the keys that
// translate them. The wire keeps the English value; only the label is translated.
import {
  dispositionsFor,
  OTHER_REASON,
  REASON_KIND_OF,
  reasonsFor,
  type DispositionFacts,
  type DispositionValue,
  type ReasonKind,
} from "../../src/contract/dispositions";
import type { AgentInfo } from "../../src/sdk";
import { dispositionFlagsOf, dispositionKey } from "./api";

export { dispositionKey };

/** An option of a select: `key` translates it; null shows the value as it is (a flow's own reason). */
export interface Option {
  value: string;
  key: string | null;
}

/** The agent's facts: its roles (outbound-eligible included) and account flags, and the call centre. */
export function factsOf(agent: Pick<AgentInfo, "roles" | "flags">, callCentre: string): DispositionFacts {
  return { roles: agent.roles, callCentre, flags: dispositionFlagsOf(agent) };
}


/** The dispositions this agent may pick, plus one a flow has set on the lead (Live_Transfer, for example). */
export function dispositionOptions(facts: DispositionFacts, preset: string | null): Option[] {
  const values: string[] = dispositionsFor(facts);
  if (preset && !values.includes(preset)) values.push(preset);
  return values.map((value) => ({ value, key: dispositionKey(value) }));
}

export const reasonKindOf = (disposition: string): ReasonKind | null =>
  REASON_KIND_OF[disposition as DispositionValue] ?? null;

/** The reasons for a disposition, plus one a flow has set (an external transfer's target name). */
export function reasonOptions(disposition: string, facts: DispositionFacts, preset: string | null): Option[] {
  const kind = reasonKindOf(disposition);
  const options: Option[] = reasonsFor(disposition, facts).map((r) => ({
    value: r.value,
    key: r.value === OTHER_REASON ? "reason.other" : `reason.${kind}.${r.key}`,
  }));
  if (preset && !options.some((o) => o.value === preset)) options.push({ value: preset, key: null });
  return options;
}
