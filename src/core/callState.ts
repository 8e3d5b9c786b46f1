// What a plugin keeps about the agent's current call and sends with its settle. The hangup flow settles each call
// on the gateway (PUT /leads/{leadId}/calls/{callId}); some of that body is a plugin's (how many extra recordings
// were made on the call). A plugin declares its per-call state with `defineCallState`, lists it in its manifest's
// `callState`, reads and sets it with `ctx.call.state(def)` / `ctx.call.setState(def, value)`; the state starts
// from `initial` on each new call, and the core merges what `settle` makes of it into the settle's body, for the
// enabled plugins only, without naming any of them.
import type { z } from "zod";
import { UpdateCallBody } from "../contract/calls";

/** Fields of the settle's body (the wire contract's `UpdateCallBody`, by their wire names). */
export type SettleFields = Partial<z.input<typeof UpdateCallBody>>;

/** A plugin's state of the agent's call: declared with {@link defineCallState}, listed in the manifest's `callState`. */
export interface CallStateDef<T = unknown> {
  /** `<plugin-id>.<what>`: where the call keeps it; unique among the enabled plugins. */
  readonly name: string;
  /** The state at the start of each call (plain data: it is kept in the call's snapshot). */
  readonly initial: T;
  /** The fields this state adds to the call's settle; none when absent. */
  settle?(state: T): SettleFields;
}

/**
 * Declares a plugin's per-call state: its name, its value at the start of each call and, optionally, the fields it
 * sends with the call's settle.
 *
 * @example
 * ```ts
 * // plugins/recordings/callState.ts
 * export const recordingsOnCall = defineCallState("recordings.call", {
 *   initial: { extraRecordingIndex: 0 },
 *   settle: (s) => ({ extra_recording_index: s.extraRecordingIndex }),
 * });
 * // index.ts: definePlugin({ …, callState: recordingsOnCall })
 * // service.ts
 * const next = ctx.call.state(recordingsOnCall).extraRecordingIndex + 1;
 * ctx.call.setState(recordingsOnCall, { extraRecordingIndex: next });
 * ```
 */
export function defineCallState<T>(
  name: `${string}.${string}`,
  def: { initial: T; settle?(state: T): SettleFields },
): CallStateDef<T> {
  return Object.freeze({ name, initial: def.initial, settle: def.settle });
}

/** A call state of an enabled plugin (the registry's `callStates`). */
export interface RegisteredCallState {
  readonly pluginId: string;
  readonly def: CallStateDef;
}

/** A call control that sends the enabled plugins' call states with the settle (the core's, and the SDK's fake). */
export interface CallStateHost {
  /** The enabled plugins' call states, from the registry, once it has resolved the agent's plugins. */
  setCallStates(states: readonly RegisteredCallState[]): void;
}

export const hostsCallStates = (call: unknown): call is CallStateHost =>
  typeof (call as Partial<CallStateHost> | null)?.setCallStates === "function";

const SettleFieldsSchema = UpdateCallBody.partial();

/**
 * The settle's fields the enabled plugins contribute for a call whose states `stateOf` gives. A contribution that
 * throws, or whose fields the contract does not take (the gateway would refuse the whole settle), is logged and
 * left out; a field two plugins send goes as the first one's.
 */
export function settleFieldsOf(
  states: readonly RegisteredCallState[],
  stateOf: (def: CallStateDef) => unknown,
  log: (message: string, detail?: unknown) => void = () => {},
): SettleFields {
  const fields: Record<string, unknown> = {};
  for (const { pluginId, def } of states) {
    if (!def.settle) continue;
    let contributed: SettleFields;
    try {
      contributed = def.settle(stateOf(def));
    } catch (e) {
      log(`${pluginId}: its call state ${def.name} failed to give the settle's fields; sent without them`, e);
      continue;
    }
    const parsed = SettleFieldsSchema.safeParse(contributed);
    if (!parsed.success) {
      log(
        `${pluginId}: the settle's fields of ${def.name} do not parse; sent without them`,
        parsed.error.issues,
      );
      continue;
    }
    for (const [key, value] of Object.entries(contributed)) {
      if (value === undefined) continue;
      if (key in fields)
        log(`${pluginId}: ${key} of the settle is sent by another plugin; the first one stays`);
      else fields[key] = value;
    }
  }
  return fields as SettleFields;
}
