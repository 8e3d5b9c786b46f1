// A client event as both ends declare it: a control the agent's page sends over the socket (agent-workspace §7),
// under its wire name, with the zod schema of its payload. A plugin declares its own once (`defineClientEvent` in
// its contract.ts): its browser side sends it with `ctx.call.send(event, fields)`, its gateway side answers it with
// `ctx.realtime.onClientEvent(event, handler)`. Neither end edits the core's event list (src/contract/socket.ts
// `ClientEvents`, which holds the core's own events only).
//
// Like every control of the core's, the payload names the agent's own extension: the schema is the strict object
// of `extension` and the fields declared, the browser fills the extension in, and the gateway refuses an event
// that names another one.
import { z } from "zod";
import { ClientEvents } from "./socket";
import { Extension } from "./status";

export interface ClientEventKey<F extends z.ZodRawShape = z.ZodRawShape> {
  readonly name: string;
  /** The whole payload: `{ extension, ...fields }`, nothing else. */
  readonly schema: z.ZodObject<{ extension: typeof Extension } & F, z.core.$strict>;
  /** A client event comes from the agent's page (a push, `definePush`, from the gateway). */
  readonly source: "client";
}

/** What a plugin's page gives for the event: its fields, without the extension the core fills in. */
export type ClientEventFields<K extends ClientEventKey> = Omit<z.input<K["schema"]>, "extension">;
/** The payload as the gateway's handler receives it, parsed. */
export type ClientEventPayload<K extends ClientEventKey> = z.output<K["schema"]>;

const EVENT_NAME = /^[a-z][a-zA-Z0-9]*(-[a-z0-9]+)*$/;

/**
 * Declares a client event under its wire name (kebab-case, as the specification's are) with its payload's fields
 * besides the agent's extension. A name of the core's own events is refused: those are the core's to answer.
 */
export function defineClientEvent<F extends z.ZodRawShape>(name: string, fields: F): ClientEventKey<F> {
  if (!EVENT_NAME.test(name)) throw new Error(`client event "${name}" must be named in kebab-case`);
  if (Object.hasOwn(ClientEvents, name)) throw new Error(`"${name}" is one of the core's client events`);
  if ("extension" in fields) throw new Error(`client event "${name}": the core adds the agent's extension`);
  const schema = z.strictObject({ extension: Extension, ...fields }) as ClientEventKey<F>["schema"];
  return Object.freeze({ name, schema, source: "client" as const });
}
