// A socket push as both ends declare it: the gateway's event name and the zod schema of its payload. A plugin
// declares its own pushes once (`definePush` in its contract.ts), lists them in its browser manifest's `pushes`,
// and its gateway side sends them with `ctx.realtime.toAgent(push, userId, payload)`: neither end edits the core's
// event list (src/contract/socket.ts `ServerEvents`, which holds the core's own pushes only).
import type { z } from "zod";

export interface PushKey<S extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly schema: S;
  /** A push comes from the gateway (the browser's event bus also carries events raised in the page). */
  readonly source: "socket";
}

const PUSH_NAME = /^[a-z][a-zA-Z0-9]*(-[a-z0-9]+)*$/;

/** Declares a socket push under the gateway's event name (kebab-case, as the specification's events are). */
export function definePush<S extends z.ZodType>(name: string, schema: S): PushKey<S> {
  if (!PUSH_NAME.test(name)) throw new Error(`push "${name}" must be named in kebab-case`);
  return Object.freeze({ name, schema, source: "socket" as const });
}
