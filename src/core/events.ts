// Events inside the browser: one bus the core feeds with socket pushes and its own happenings, and typed
// event keys through which plugins use it. A plugin never sees the bus itself: it holds `EventKey`s
// (declared with zod by the event's owner) and `ctx.events`, which checks payloads against them.
import type { z } from "zod";

export type EventHandler = (payload: unknown) => void;

/** The core's untyped bus. Only the core touches it; plugins go through {@link PluginEvents}. */
export interface EventBus {
  on(name: string, handler: EventHandler): () => void;
  emit(name: string, payload: unknown): void;
}

export function createEventBus(onHandlerError: (name: string, error: unknown) => void = () => {}): EventBus {
  const handlers = new Map<string, Set<EventHandler>>();
  return {
    on(name, handler) {
      let set = handlers.get(name);
      if (!set) handlers.set(name, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
    emit(name, payload) {
      for (const h of [...(handlers.get(name) ?? [])]) {
        // One plugin's failing handler must not keep the event from the others.
        try {
          h(payload);
        } catch (e) {
          onHandlerError(name, e);
        }
      }
    },
  };
}

/**
 * A typed handle to an event: its name and the zod schema of its payload. The owner declares it once (the
 * core in the SDK, a plugin in its `api.ts`); whoever emits or listens imports that handle, so a payload
 * cannot drift between the two ends.
 *
 * Names are `domain:verb` in the past tense of what happened (`call:ended`, `disposition:saved`). Socket
 * pushes keep the gateway's name (`overstay-feed`) and come from {@link definePush}.
 */
export interface EventKey<T> {
  readonly name: string;
  readonly schema: z.ZodType<T>;
  /** `socket`: the gateway pushes it; a plugin that listens must list it in its manifest's `pushes`. */
  readonly source: "browser" | "socket";
}

const EVENT_NAME = /^[a-z][a-z0-9-]*:[a-z][a-z0-9-]*$/;

/** Declares an event raised in the browser. `name` is `domain:verb`, e.g. `disposition:saved`. */
export function defineEvent<S extends z.ZodType>(
  name: `${string}:${string}`,
  schema: S,
): EventKey<z.output<S>> {
  if (!EVENT_NAME.test(name)) throw new Error(`event "${name}" must be named domain:verb in kebab-case`);
  return Object.freeze({ name, schema: schema as z.ZodType<z.output<S>>, source: "browser" as const });
}

/**
 * Declares a socket push a plugin consumes, under the gateway's own event name (src/contract/push.ts: the same
 * object the plugin's gateway side sends with). List it in the manifest's `pushes`: the core's realtime client
 * then forwards it, parsed with `schema`, to `ctx.events.on` handlers. Adding a push never edits the core.
 */
export { definePush } from "../contract/push";

/** What a plugin's `ctx.events` does. Handlers registered here are removed at sign-out by the registry. */
export interface PluginEvents {
  /** Calls `handler` with each payload of `event`; returns the unsubscribe function. */
  on<T>(event: EventKey<T>, handler: (payload: T) => void): () => void;
  /** Raises a browser event. In development the payload is checked against the event's schema. */
  emit<T>(event: EventKey<T>, payload: T): void;
}

export interface PluginEventsOptions {
  pluginId: string;
  /** Names of the socket pushes this plugin declared in its manifest. */
  pushes: ReadonlySet<string>;
  /** Development checks payloads on emit and refuses an undeclared push; production logs and goes on. */
  strict: boolean;
  log(message: string, detail?: unknown): void;
}

/** The typed face of the bus for one plugin; `dispose()` drops every handler it registered. */
export function pluginEvents(bus: EventBus, o: PluginEventsOptions): PluginEvents & { dispose(): void } {
  const subscriptions = new Set<() => void>();
  return {
    on(event, handler) {
      if (event.source === "socket" && !o.pushes.has(event.name)) {
        const message = `${o.pluginId} listens to the push ${event.name} without listing it in its manifest's pushes`;
        if (o.strict) throw new Error(message);
        o.log(message);
      }
      // Browser events were checked when emitted (in development); pushes were parsed when they arrived.
      const off = bus.on(event.name, (payload) => handler(payload as never));
      const unsubscribe = () => {
        off();
        subscriptions.delete(unsubscribe);
      };
      subscriptions.add(unsubscribe);
      return unsubscribe;
    },
    emit(event, payload) {
      if (event.source === "socket")
        throw new Error(`${event.name} is a socket push: only the gateway raises it`);
      if (o.strict) {
        const parsed = event.schema.safeParse(payload);
        if (!parsed.success) {
          throw new Error(`${o.pluginId} emitted a malformed ${event.name}: ${parsed.error.message}`);
        }
      }
      bus.emit(event.name, payload);
    },
    dispose() {
      [...subscriptions].forEach((u) => u());
    },
  };
}
