// The services the core offers every plugin, by key. Plugins declare the ones they use in `needs`.
import type { AxiosInstance } from "axios";
import type { i18n as I18n } from "i18next";
import { serviceKey } from "./plugin";
import type { Clock } from "./clock";
import type { EventBus } from "./events";
import type { VariantManifest } from "./variant";

/** The gateway client: bearer in, rotated bearer out (admin-and-sign-in §7). */
export const httpKey = serviceKey<AxiosInstance>("core.http");
export const clockKey = serviceKey<Clock>("core.clock");
export const i18nKey = serviceKey<I18n>("core.i18n");
/** Socket and phone events, fed by the core; plugins subscribe through `events` in their manifest. */
export const busKey = serviceKey<EventBus>("core.bus");

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
  /** Account flags that open the Sent External destinations (booking-and-reference §6). */
  readonly canTransferToMatcha: boolean;
  readonly canTransferToSunlife: boolean;
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
    message: string,
    options?: { type?: "success" | "warning" | "error" | "info"; timeout?: number | null; key?: string },
  ): string;
  dismissKey(key: string): void;
}
export const notifyKey = serviceKey<Notify>("core.notify");

/** The agent's status: plugins ask for a change (Save and Next asks for ready) through the same flow as the selector. */
export interface StatusControl {
  request(status: import("../contract/status").AgentStatus): Promise<void>;
  /**
   * The softphone says whether it is connected (microphone, credentials and registration all hold); false
   * disables the status selector (agent-workspace §4). null: no softphone (external phone).
   */
  setPhoneConnected(on: boolean | null): void;
  /** The agent's status now (observable). */
  readonly current: import("../contract/status").AgentStatus;
  /** A status change (or the phone check before it) is on its way to the gateway: `current` is not yet recorded. */
  readonly changing: boolean;
  /** Auto-dial is running (the selector shows Ready green only then: agent-workspace §4). */
  setAutoDialing(on: boolean): void;
  /** Enforced follow-ups are overdue: Ready is disabled while this holds (booking-and-reference §4). */
  setOverdueFollowUps(on: boolean): void;
  readonly overdueFollowUps: boolean;
  /** Leads waiting for a disposition: the selector is disabled while there are any. */
  setAwaitingDispositions(n: number): void;
}
export const statusKey = serviceKey<StatusControl>("core.status");

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
export interface CallControl {
  readonly current: import("../call/CallModel").CallModel;
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
  readonly state: string | null;
  readonly timezone: string | null;
  readonly isInbound: boolean;
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
  /** Saves edited fields (PUT /leads/{id}); overrideStatus sets the lead In Process. */
  persist(leadId: number, fields: Record<string, unknown>, opts?: { overrideStatus?: boolean }): Promise<void>;
  /** The disposition was saved: the lead leaves the stack and the last remaining one becomes current. */
  disposed(leadId: number, status: string): void;
  /** Makes another lead of the stack current. */
  select(leadId: number): void;
}
export const leadsKey = serviceKey<LeadsControl>("core.leads");
