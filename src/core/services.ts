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
}
export const agentKey = serviceKey<AgentInfo>("core.agent");
export const variantKey = serviceKey<VariantManifest>("core.variant");

/** Short messages to the agent (the alert stack). */
export interface Notify {
  success(message: string): void;
  error(message: string): void;
  warning(message: string): void;
}
export const notifyKey = serviceKey<Notify>("core.notify");

/** The agent's status: plugins ask for a change (Save and Next asks for ready) through the same flow as the selector. */
export interface StatusControl {
  request(status: import("../contract/status").AgentStatus): Promise<void>;
}
export const statusKey = serviceKey<StatusControl>("core.status");
