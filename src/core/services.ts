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
