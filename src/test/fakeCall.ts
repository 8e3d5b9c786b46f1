// A CallControl for plugin tests: a real CallModel the test drives with gateway snapshots, and a record of
// what the plugin asked for.
import type { CallSnapshot } from "../contract/calls";
import { CallModel } from "../call/CallModel";
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
  const control: CallControl = {
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
    setExtraRecordingIndex(n) {
      current.setExtraRecordingIndex(n);
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
