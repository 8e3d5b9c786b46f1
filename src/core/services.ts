// The services the core offers every plugin, by key. Plugins declare the ones they use in `needs`.
import type { AxiosInstance } from "axios";
import type { i18n as I18n } from "i18next";
import { serviceKey } from "./plugin";
import type { Clock } from "../shared/clock";
import type { VariantManifest } from "./variant";
import type { AgentFlagsDef } from "./agentFlags";
import type { CallStateDef } from "./callState";

/** The gateway client: bearer in, rotated bearer out (admin-and-sign-in §7). */
export const httpKey = serviceKey<AxiosInstance>("core.http");
export const clockKey = serviceKey<Clock>("core.clock");
export const i18nKey = serviceKey<I18n>("core.i18n");

/** Who is signed in, as plugins need it (read-only). */
export interface AgentInfo {
  readonly id: number;
  readonly tenantId: number;
  readonly roles: readonly string[];
  readonly permissions: readonly string[];
  readonly extension: string | null;
  readonly hasWebRtc: boolean;
  readonly deactivated: boolean;
  /** The softphone answers ringing calls by itself after autoAnswerTime seconds. */
  readonly autoAnswer: boolean;
  readonly autoAnswerTime: number;
  /**
   * The account's fields the core does not model (the sign-in response's, by their wire names), as the plugin's
   * declaration reads them (`defineAgentFlags(z.object({ can_transfer_to_sunlife: z.boolean().default(false) }))`):
   * parsed once, typed; a field absent or malformed takes the schema's default (a malformed one is logged).
   */
  flags<T>(def: AgentFlagsDef<T>): T;
}
export const agentKey = serviceKey<AgentInfo>("core.agent");
export const variantKey = serviceKey<VariantManifest>("core.variant");

/** Short messages to the agent (the alert stack). */
export interface Notify {
  success(message: string): void;
  error(message: string): void;
  warning(message: string): void;
  /**
   * An alert with options: `timeout: null` keeps it until dismissed (the spec's persistent alerts), `key`
   * makes it unique (a second one with the same key replaces the first). Returns its id.
   */
  show(
    /** The text, or a function that words it in the agent's language now (re-read on a language switch). */
    message: string | (() => string),
    options?: { type?: "success" | "warning" | "error" | "info"; timeout?: number | null; key?: string },
  ): string;
  dismissKey(key: string): void;
}
export const notifyKey = serviceKey<Notify>("core.notify");

/**
 * Something that keeps the agent from a status now, with the reason the selector shows (agent-workspace §4):
 * enforced overdue follow-ups keep Ready away, a disconnected softphone keeps every change away.
 */
export interface StatusGuard {
  /** `<plugin-id>.<what>`; adding a guard with an id already in use replaces it. */
  id: string;
  /** `ready`: Ready (and Save and Next) waits; `all`: the whole selector is disabled. */
  blocks: "ready" | "all";
  /** Observed: the translated reason while the guard holds, null when it does not. */
  reason(): string | null;
}

/**
 * The agent's status, read-only, and the generic hooks plugins use on it. Plugins ask for a change through
 * the same flow as the selector (Save and Next asks for ready) and never set the status themselves.
 */
export interface StatusView {
  /** The agent's status now (observable); optimistic while `changing`. */
  readonly current: import("../contract/status").AgentStatus;
  /** A status change (or the phone check before it) is on its way to the gateway: `current` is not yet recorded. */
  readonly changing: boolean;
  /** A manager disabled calling for this agent (the account flag, then the gateway's pushes). */
  readonly deactivated: boolean;
  /** The first guard's reason that keeps Ready away now, or null. */
  readonly readyBlocked: string | null;
  request(status: import("../contract/status").AgentStatus): Promise<void>;
  /**
   * Save & Stop: the agent stays in after-call work until it chooses a status itself. Nothing dials meanwhile:
   * auto-ready does not switch it to Ready (its notice goes), whatever the status's time says.
   */
  stayInAfterCallWork(): Promise<void>;
  /** Called with each status the gateway has recorded (not the optimistic one). Returns the unsubscribe. */
  onChange(handler: (status: import("../contract/status").AgentStatus) => void): () => void;
  /** Adds a guard; returns its removal (done for you at sign-out). */
  addGuard(guard: StatusGuard): () => void;
  /**
   * Ready shows green while `active()` holds (agent-workspace §4: green when auto-dialing, else orange).
   * Returns its removal.
   */
  addDialingIndicator(id: string, active: () => boolean): () => void;
}
/** @deprecated the old name of {@link StatusView}. */
export type StatusControl = StatusView;
export const statusKey = serviceKey<StatusView>("core.status");

/** A dial through the gateway (never a SIP call straight to a number the gateway does not know of). */
export interface DialRequest {
  phone: string;
  /** The lead being called; without it the gateway finds the lead by phone, or creates one. */
  leadId?: number;
  name?: string;
  type?: import("../contract/calls").CallType;
}

/**
 * The agent's call: the core mirrors the gateway's call (current, observable) and places dials. Refusals
 * reject with an Error whose message is already translated, and are shown to the agent by the core.
 */
/** The agent's call as plugins read it: the gateway's call, mirrored (observable, read-only). */
export interface CallView {
  readonly callId: number | null;
  readonly currentLeadId: number | null;
  readonly phone: string;
  readonly name: string;
  readonly status: import("../contract/calls").CallStatus;
  readonly type: import("../contract/calls").CallType | null;
  /** 0 outbound, 1 inbound. */
  readonly direction: 0 | 1;
  readonly bridged: boolean;
  readonly incoming: boolean;
  readonly onHold: boolean;
  readonly startedAt: string | null;
  readonly answeredAt: string | null;
  readonly endedAt: string | null;
  readonly leadStatus: string | null;
  readonly inboundAlert: boolean;
  readonly conferenceState: string | null;
  readonly conferenceParty: string | null;
  /** The call's transfer (agent-workspace §4), as the gateway runs it; null when none was started. */
  readonly transfer: import("../contract/calls").TransferState | null;
  /** The clip the gateway plays into the call (a disclosure's audio, as `playback` named it), null when none. */
  readonly playback: string | null;
  readonly liveTransfer: number;
  /** The hangup flow has updated this call on the gateway. */
  readonly settled: boolean;
  readonly duration: number;
  readonly shortCall: boolean;
  /** A call is up or being set up. */
  readonly active: boolean;
  readonly isConnected: boolean;
}

export interface CallControl {
  readonly current: CallView;
  dial(r: DialRequest): Promise<number>;
  /** Ends the current call through the gateway (the softphone's BYE does the same for WebRTC agents). */
  hangup(): Promise<void>;
  /** Conference and third-party controls over the socket (agent-workspace §7). */
  conference(
    action:
      | "initializeConference"
      | "mergeConference"
      | "swapConferenceMember"
      | "kickSecondParty"
      | "hangupConference",
    phone?: string,
  ): Promise<void>;
  /**
   * An external or third-party transfer control over the socket (agent-workspace §7), sent with the agent's own
   * extension. Throws the gateway's refusal (its message is for the agent).
   */
  transfer<E extends import("../contract/socket").TransferEventName>(
    event: E,
    fields: import("../contract/socket").TransferFields<E>,
  ): Promise<void>;
  /**
   * The plugin's own client event over the socket (declared with `defineClientEvent` in its contract.ts, answered
   * by its gateway side's `ctx.realtime.onClientEvent`), sent with the agent's own extension. Resolves the ack's
   * data; throws the gateway's refusal (its message is for the agent, the core's keys already translated).
   */
  send<K extends import("../contract/clientEvent").ClientEventKey>(
    event: K,
    fields: import("../contract/clientEvent").ClientEventFields<K>,
  ): Promise<unknown>;
  /**
   * Plays a recorded clip into the answered call, so the lead hears it (and the agent too), or stops the clip
   * playing (`audio-playback` over the socket). `file` is a name the clip's owner registered on the gateway
   * (the disclosures plugin: `disclosures/<wording>-<language>`). Throws the gateway's refusal.
   */
  playback(operation: "play" | "stop", file: string): Promise<void>;
  /**
   * A plugin's state of the current call (declared with `defineCallState`, listed in its manifest's `callState`):
   * its `initial` on each new call until set (observable).
   */
  state<T>(def: CallStateDef<T>): T;
  /**
   * Sets a plugin's state of the current call; what its `settle` makes of it goes with the call's settle (PUT
   * /leads/{id}/calls/{callId}). The next call starts from `initial` again.
   */
  setState<T>(def: CallStateDef<T>, value: T): void;
}
export const callKey = serviceKey<CallControl>("core.call");

/** A client of a lead, as plugins read it (the booking form edits the full record). */
export interface LeadClientView {
  readonly firstName: string;
  readonly lastName: string;
  /** YYYY-MM-DD, or empty when unknown. */
  readonly dob: string;
}

/** The lead as plugins read it (agent-workspace §3 Lead; the core maps the gateway's snake case). */
export interface LeadView {
  readonly id: number;
  readonly marketingId: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly phone: string;
  readonly phoneOther: readonly string[];
  readonly email: string;
  readonly status: string;
  readonly language: string;
  readonly notes: string;
  /** The CRE notes of the lead (cre_notes), read-only here; empty when there are none. */
  readonly creNotes: string;
  /** The campaign's name, or null for a lead of no campaign. */
  readonly campaign: string | null;
  /** How many times the lead was dialled (counted when a dial starts). */
  readonly dials: number;
  readonly state: string | null;
  readonly timezone: string | null;
  readonly isInbound: boolean;
  /** A follow-up handed to this agent by a redistribution, not one the agent set. */
  readonly isRedistributedFollowup: boolean;
  /** The qualifier who last disposed the lead (it was transferred on by them), or null. */
  readonly qualifierName: string | null;
  readonly clients: readonly LeadClientView[];
}

/**
 * The leads stack (agent-workspace §3 Leads stack: leadIds, currentId): the leads the agent is working,
 * the current one shown by the panels. A dial, a follow-up, a search's Load or an inbound call opens a
 * lead; a saved disposition closes it. Observable.
 */
export interface LeadsControl {
  readonly current: LeadView | null;
  readonly leadIds: readonly number[];
  /** Leads opened by a call and not disposed yet: Save and Next is disabled at 2 or more. */
  readonly awaitingDisposition: number;
  /** Loads the lead from the gateway (GET /leads/{id}) and makes it current. */
  open(leadId: number, opts?: { awaitingDisposition?: boolean }): Promise<LeadView>;
  /**
   * Reads a lead of the stack again from the gateway (GET /leads/{id}) after a plugin changed it there (a booking
   * writes its address and status): its panels show the new fields; the stack's order and current lead stay.
   * A lead not in the stack is left alone; a failed read keeps what is shown and rejects.
   */
  refresh(leadId: number): Promise<void>;
  /** Saves edited fields (PUT /leads/{id}); overrideStatus sets the lead In Process. */
  persist(
    leadId: number,
    fields: Record<string, unknown>,
    opts?: { overrideStatus?: boolean },
  ): Promise<void>;
  /** The disposition was saved: the lead leaves the stack and the last remaining one becomes current. */
  disposed(leadId: number, status: string): void;
  /**
   * The agent's call moved from one lead to another on the gateway (the lead matcher linked it, PUT
   * /calls/{callId}/lead): the new lead is loaded, becomes current and awaits the disposition in the old one's
   * place; the old one leaves the stack (the gateway deleted it, or it no longer waits for anything). The
   * gateway's push of the call does the same, whichever comes first. Rejects, stack unchanged, when the new
   * lead cannot be loaded.
   */
  callLinked(fromLeadId: number, toLeadId: number): Promise<LeadView>;
  /** Makes another lead of the stack current. */
  select(leadId: number): void;
}
export const leadsKey = serviceKey<LeadsControl>("core.leads");
