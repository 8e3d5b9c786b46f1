// The agent's call as the workspace shows it (agent-workspace §3 Call state, §4 Call status). The gateway
// owns the call; this model mirrors its snapshots and keeps the few things only the browser knows (the plugins'
// states of the call, whether the hangup flow already ran).
import { types, type Instance } from "mobx-state-tree";
import {
  CALL_STATUSES,
  CALL_TYPES,
  type CallSnapshot,
  type CallType,
  type TransferState,
} from "../contract/calls";
import type { CallStateDef } from "../core/callState";

export const CallModel = types
  .model("Call", {
    callId: types.maybeNull(types.number),
    currentLeadId: types.maybeNull(types.number),
    phone: types.optional(types.string, ""),
    name: types.optional(types.string, ""),
    status: types.optional(types.enumeration("CallStatus", [...CALL_STATUSES]), "inactive"),
    type: types.maybeNull(types.enumeration("CallType", [...CALL_TYPES])),
    direction: types.optional(types.union(types.literal(0), types.literal(1)), 0),
    bridged: false,
    incoming: false,
    onHold: false,
    startedAt: types.maybeNull(types.string),
    answeredAt: types.maybeNull(types.string),
    endedAt: types.maybeNull(types.string),
    leadStatus: types.maybeNull(types.string),
    inboundAlert: false,
    conferenceState: types.maybeNull(types.string),
    conferenceParty: types.maybeNull(types.string),
    /** The call's external, Sunlife, Matcha, third-party or internal transfer, as the gateway runs it. */
    transfer: types.maybeNull(types.frozen<TransferState>()),
    /** The clip the gateway plays into the call (a disclosure's audio), null when none plays. */
    playback: types.maybeNull(types.string),
    /**
     * The plugins' states of this call, by call-state name (`defineCallState`): only those set on this call; the
     * others are at their `initial`. Emptied when another call begins.
     */
    pluginState: types.frozen<Readonly<Record<string, unknown>>>({}),
    /**
     * The call's live-transfer flag (agent-workspace §4 Live transfer): 0 while an advisor is sought, 1 once one
     * accepted (and after the handover); it follows the gateway's snapshots.
     */
    liveTransfer: 0,
    /** A live transfer was started on this call: the hangup flow sends `live_transfer` (0 or 1). */
    hadLiveTransfer: false,
    /** The hangup flow has updated this call on the gateway. */
    settled: false,
    /** Seconds from answer to end, as the gateway counted them when the call was settled. */
    duration: 0,
    /** An inbound call shorter than 80 seconds (agent-workspace §4 Hangup flow). */
    shortCall: false,
  })
  .views((self) => ({
    /** A call is up or being set up (the top bar shows its type, the softphone its box). */
    get active() {
      return self.status === "dialing" || self.status === "incoming" || self.status === "answered";
    },
    get isConnected() {
      return self.status === "answered" && self.bridged;
    },
    /** A plugin's state of this call: as set on it, else its `initial`. */
    stateOf<T>(def: CallStateDef<T>): T {
      return (def.name in self.pluginState ? self.pluginState[def.name] : def.initial) as T;
    },
  }))
  .actions((self) => ({
    /**
     * The browser asked for a dial and the gateway accepted it (before any push arrives). `startedAt`: the
     * gateway's time (the page's clock), not the PC's, so the call's timer is right on a PC whose clock is off.
     */
    dialing(callId: number, leadId: number | null, phone: string, name: string, type: CallType, startedAt?: number) {
      if (self.callId === callId && self.status !== "inactive") return;
      Object.assign(self, {
        callId,
        currentLeadId: leadId,
        phone,
        name,
        type,
        direction: 0,
        status: "dialing",
        bridged: false,
        incoming: false,
        onHold: false,
        startedAt: new Date(startedAt ?? Date.now()).toISOString(),
        answeredAt: null,
        endedAt: null,
        conferenceState: null,
        conferenceParty: null,
        playback: null,
        pluginState: {},
        liveTransfer: 0,
        hadLiveTransfer: false,
        settled: false,
        duration: 0,
        shortCall: false,
      });
    },
    /** A snapshot from the gateway. An older call's late snapshot never replaces a newer call. */
    apply(s: CallSnapshot) {
      if (self.callId !== null && s.callId < self.callId) return;
      const sameCall = self.callId === s.callId;
      // An ended call stays ended even when an earlier snapshot arrives late.
      if (
        sameCall &&
        (self.status === "ended" || self.status === "not_answered") &&
        !["ended", "not_answered"].includes(s.status)
      )
        return;
      Object.assign(self, {
        callId: s.callId,
        currentLeadId: s.leadId,
        phone: s.phone,
        name: s.name,
        type: s.type,
        direction: s.direction,
        status: s.status,
        bridged: s.bridged,
        incoming: s.direction === 1,
        onHold: s.onHold,
        startedAt: s.startedAt,
        answeredAt: s.answeredAt,
        endedAt: s.endedAt,
        leadStatus: s.leadStatus,
        inboundAlert: s.inboundAlert,
        conferenceState: s.conference?.state ?? null,
        conferenceParty: s.conference?.party ?? null,
        transfer: s.transfer ?? null,
        playback: s.playback ?? null,
      });
      if (!sameCall)
        Object.assign(self, {
          pluginState: {},
          liveTransfer: 0,
          hadLiveTransfer: false,
          settled: false,
          duration: 0,
          shortCall: false,
        });
      // A live transfer's flag: 1 from the advisor's acceptance on (the handover keeps it), 0 while seeking or
      // once it failed. Another kind of transfer later on the same call leaves the flag as the last live one set it.
      const t = s.transfer;
      if (t?.kind === "live") {
        self.hadLiveTransfer = true;
        self.liveTransfer =
          t.outcome === "completed" || (t.outcome === null && t.live?.state === "done") ? 1 : 0;
      }
    },
    setState<T>(def: CallStateDef<T>, value: T) {
      self.pluginState = { ...self.pluginState, [def.name]: value };
    },
    setLiveTransfer(v: 0 | 1) {
      self.liveTransfer = v;
      self.hadLiveTransfer = true;
    },
    markSettled(duration: number, shortCall: boolean) {
      self.settled = true;
      self.duration = duration;
      self.shortCall = shortCall;
    },
    /** Destroy: back to no call. */
    reset() {
      Object.assign(self, {
        callId: null,
        currentLeadId: null,
        phone: "",
        name: "",
        status: "inactive",
        type: null,
        direction: 0,
        bridged: false,
        incoming: false,
        onHold: false,
        startedAt: null,
        answeredAt: null,
        endedAt: null,
        conferenceState: null,
        transfer: null,
        playback: null,
        conferenceParty: null,
        pluginState: {},
        liveTransfer: 0,
        hadLiveTransfer: false,
        settled: false,
        duration: 0,
        shortCall: false,
      });
    },
  }));
export type CallModel = Instance<typeof CallModel>;
