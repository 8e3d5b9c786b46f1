// The plugins' client events on the gateway (src/contract/clientEvent.ts): each registered by its plugin's gateway
// side through its context (`ctx.realtime.onClientEvent`, server/plugins/context.ts) when the route table is built,
// found by the dispatcher (dispatch.ts) under its wire name, and answered by `pluginEvent` (events.ts) with the
// guarantees of the core's call controls before the plugin's handler runs.
import type { ClientEventKey, ClientEventPayload } from "../../src/contract/clientEvent";
import type { PluginStaticManifest } from "../../src/contract/pluginManifest";
import { ClientEvents, type SocketAck } from "../../src/contract/socket";

/** The agent whose page sent a plugin's client event (its socket's session), naming its own extension. */
export interface SocketCaller {
  id: number;
  tenantId: number;
  role: string;
  extension: string;
}

/**
 * Answers a plugin's client event: an ack (`{ ok: true, data? }`, or a refusal `{ ok: false, error, message }`).
 * A refusal a context's domain service throws (a transfer's, the compliance gate's) becomes the ack by itself.
 */
export type ClientEventHandler<K extends ClientEventKey> = (
  agent: SocketCaller,
  payload: ClientEventPayload<K>,
) => Promise<SocketAck> | SocketAck;

/** The payload's text fields (a number it names). */
type TextFieldOf<P> = { [F in keyof P]-?: P[F] extends string | undefined ? F : never }[keyof P] & string;

export interface ClientEventOptions<K extends ClientEventKey> {
  /**
   * The field holding a number the event places a call to: it passes the compliance gate (opening hours, the
   * do-not-call lists, the country) before the handler runs, as the core's external-transfer-start does.
   */
  dials?: TextFieldOf<ClientEventPayload<K>>;
}

export interface RegisteredClientEvent {
  manifest: PluginStaticManifest;
  key: ClientEventKey;
  handler: (agent: SocketCaller, payload: { extension: string } & Record<string, unknown>) => Promise<SocketAck> | SocketAck;
  dials?: string;
}

export class PluginClientEvents {
  private readonly byName = new Map<string, RegisteredClientEvent>();

  /**
   * One handler per event name: the route table built again (tests do) replaces the plugin's own, never doubles it.
   * A core event's name, or another plugin's, throws at start.
   */
  add<K extends ClientEventKey>(
    manifest: PluginStaticManifest,
    key: K,
    handler: ClientEventHandler<K>,
    options: ClientEventOptions<K> = {},
  ): void {
    if (Object.hasOwn(ClientEvents, key.name)) throw new Error(`"${key.name}" is the core's client event, not a plugin's`);
    const held = this.byName.get(key.name);
    if (held && held.manifest.id !== manifest.id)
      throw new Error(`client event "${key.name}" of plugin ${manifest.id} is already plugin ${held.manifest.id}'s`);
    this.byName.set(key.name, {
      manifest,
      key,
      handler: handler as RegisteredClientEvent["handler"],
      ...(options.dials === undefined ? {} : { dials: options.dials }),
    });
  }

  /** The plugin event registered under this wire name, if any. */
  get(name: string): RegisteredClientEvent | undefined {
    return this.byName.get(name);
  }
}
