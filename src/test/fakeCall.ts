// A CallControl for plugin tests: a real CallModel the test drives with gateway snapshots, and a record of
// what the plugin asked for.
import type { CallSnapshot } from "../contract/calls";
import { CallModel } from "../call/CallModel";
import { settleFieldsOf, type CallStateHost, type RegisteredCallState } from "../core/callState";
import type { CallControl, DialRequest } from "../core/services";

export function fakeCallControl(opts: { refuse?: string } = {}) {
  const current = CallModel.create({});
  const dials: DialRequest[] = [];
  const conference: { action: string; phone?: string }[] = [];
  /** The socket controls the plugin sent: transfers, and its own client events (`send`), by wire name. */
  const transfers: { event: string; fields: Record<string, unknown> }[] = [];
  const playbacks: { operation: "play" | "stop"; file: string }[] = [];
  let hangups = 0;
  let nextId = 100;
  /** The enabled plugins' call states, as renderPlugin's registry hands them over (the core's call service's way). */
  let callStates: readonly RegisteredCallState[] = [];
  const control: CallControl & CallStateHost = {
    current,
    async dial(r) {
      dials.push(r);
      if (opts.refuse) throw new Error(opts.refuse);
      const id = nextId++;
      current.dialing(id, r.leadId ?? null, r.phone, r.name ?? r.phone, r.type ?? "manual");
      return id;
    },
    async hangup() {
      hangups++;
    },
    async conference(action, phone) {
      conference.push({ action, phone });
    },
    async transfer(event, fields) {
      transfers.push({ event, fields: fields as Record<string, unknown> });
      if (opts.refuse) throw new Error(opts.refuse);
    },
    // A plugin's own client event goes in the same record, by its wire name.
    async send(event, fields) {
      transfers.push({ event: event.name, fields: fields as Record<string, unknown> });
      if (opts.refuse) throw new Error(opts.refuse);
      return undefined;
    },
    state: (def) => current.stateOf(def),
    setState(def, value) {
      current.setState(def, value);
    },
    setCallStates(states) {
      callStates = states;
    },
    async playback(operation, file) {
      playbacks.push({ operation, file });
      if (opts.refuse) throw new Error(opts.refuse);
    },
  };
  return {
    control,
    current,
    dials,
    conference,
    transfers,
    playbacks,
    get hangups() {
      return hangups;
    },
    /**
     * The fields the enabled plugins' call states add to the current call's settle (PUT /leads/{id}/calls/{callId}),
     * as the core's hangup flow would send them now.
     */
    settleFields(): Record<string, unknown> {
      return settleFieldsOf(
        callStates,
        (def) => current.stateOf(def),
        (message) => {
          throw new Error(message);
        },
      );
    },
    /** A snapshot as the gateway pushes it. */
    push(s: Partial<CallSnapshot> & { callId: number }) {
      current.apply({
        leadId: 1,
        phone: "+15555550100",
        name: "Pat Doe",
        type: "manual",
        direction: 0,
        status: "answered",
        bridged: true,
        onHold: false,
        startedAt: "2026-01-05T14:00:00.000Z",
        answeredAt: "2026-01-05T14:00:02.000Z",
        endedAt: null,
        cause: null,
        leadStatus: "New",
        inboundAlert: false,
        conference: null,
        ...s,
      });
    },
  };
}
