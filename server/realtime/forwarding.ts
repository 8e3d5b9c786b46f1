// The controls an agent's page sends over its socket act on the live calls (hang up, conference, transfers,
// playback; hello and goodbye too, which re-offer a held live transfer and end the call), and only the instance
// that drives the PBX holds those (pbx/callOwner.ts). On a standby, an event the dispatcher has accepted and
// parsed is sent there with the socket's identity and runs as if the agent's socket were connected to it; the
// ack comes back. The few that ask only the PBX or the clock run where the socket is.
import type { ClientEventName, SocketAck } from "../../src/contract/socket";
import type { Gateway } from "../gateway";
import { CallOwnerUnavailable, type CallOwner } from "../pbx/callOwner";
import type { AgentSocket } from "./agentSocket";
import { handlers, pluginEvent, type EventContext } from "./events";
import type { SocketData } from "./push";

/** Events that never touch the live calls: answered on the socket's own instance. */
export const LOCAL_EVENTS: ReadonlySet<string> = new Set<ClientEventName>([
  "heartbeat",
  "checkExtensionAvailability",
  "showHostname",
]);

export interface EventCommand {
  kind: "event";
  event: string;
  payload: unknown;
  data: SocketData;
}

/** On a standby: the event's ack as the instance that drives the calls answered it. */
export async function sendEventToCallOwner(
  owner: CallOwner,
  event: string,
  payload: unknown,
  data: SocketData,
): Promise<SocketAck> {
  try {
    return (await owner.send({ kind: "event", event, payload, data } satisfies EventCommand)) as SocketAck;
  } catch (e) {
    if (e instanceof CallOwnerUnavailable) return { ok: false, error: "server_error", message: e.message };
    throw e;
  }
}

/**
 * On the instance that drives the calls: runs a standby's event. The handlers read the socket's identity only;
 * what they push reaches the agent through its rooms, on whichever instance its socket is.
 */
export async function runEventForStandby(gw: Gateway, command: EventCommand): Promise<SocketAck> {
  const socket = { data: command.data, emit: () => true } as unknown as AgentSocket;
  const ctx: EventContext = { gw, socket, saidGoodbye: () => {} };
  const plugin = gw.clientEvents.get(command.event);
  if (plugin)
    return pluginEvent(ctx, plugin, command.payload as { extension: string } & Record<string, unknown>);
  if (!Object.hasOwn(handlers, command.event)) return { ok: false, error: "unknown_event" };
  const handler = handlers[command.event as ClientEventName] as (
    c: EventContext,
    p: unknown,
  ) => Promise<SocketAck> | SocketAck;
  return handler(ctx, command.payload);
}
