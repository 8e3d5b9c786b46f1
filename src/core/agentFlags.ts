// What a plugin reads of the signed-in agent's account beyond what the core models itself. The sign-in response
// (src/contract/auth.ts `LoginResponse`, the specification's field names) carries facts only some plugins use (who
// may transfer to Sun Life, the agent's health licences…). The core keeps those fields as they came, by their wire
// names, and names none of them; a plugin declares the ones it reads with a zod schema, and reads them through
// `ctx.agent.flags(def)`, parsed once and typed.
import type { z } from "zod";

/** A plugin's view of account fields: declared with {@link defineAgentFlags}, read with `ctx.agent.flags(def)`. */
export interface AgentFlagsDef<T> {
  /** The fields by their wire names (`can_transfer_to_sunlife`), each with the default it takes when absent. */
  readonly schema: z.ZodObject;
  /** Carries the parsed type; never set at run time. */
  readonly __flags?: T;
}

/**
 * Declares the account fields a plugin reads, by their names in the sign-in response, each with a default (the
 * value when the response lacks the field or holds a malformed one). Throws for a field without a default, so the
 * mistake shows when the plugin loads, not on some agent's sign-in.
 *
 * @example
 * ```ts
 * // plugins/health-eapp/service.ts
 * const licences = defineAgentFlags(z.object({ health_licenses: z.array(z.string()).default([]) }));
 * const held = ctx.agent.flags(licences).health_licenses; // string[]
 * ```
 */
export function defineAgentFlags<S extends z.ZodObject>(schema: S): AgentFlagsDef<z.output<S>> {
  for (const [name, field] of Object.entries(schema.shape)) {
    if (!(field as z.ZodType).safeParse(undefined).success)
      throw new Error(
        `agent flag ${name} needs a default (.default(…) or .optional()): an account may lack it`,
      );
  }
  return Object.freeze({ schema });
}

/** The account fields the core keeps for plugins, by wire name (`Account.accountFields`). */
export type AccountFields = Readonly<Record<string, unknown>>;

/**
 * `AgentInfo.flags` over the account's fields: each declaration is parsed once (the same object every time), field
 * by field; a field present but malformed takes its default and is logged, so one bad field never keeps the
 * workspace from opening nor takes a plugin's other fields with it.
 */
export function agentFlagsReader(
  fields: AccountFields,
  log: (message: string, detail?: unknown) => void = () => {},
): <T>(def: AgentFlagsDef<T>) => T {
  const parsed = new WeakMap<AgentFlagsDef<unknown>, unknown>();
  return <T>(def: AgentFlagsDef<T>): T => {
    if (parsed.has(def)) return parsed.get(def) as T;
    const out: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(def.schema.shape) as [string, z.ZodType][]) {
      const r = field.safeParse(fields[name]);
      if (r.success) out[name] = r.data;
      else {
        out[name] = field.parse(undefined);
        log(`the account's ${name} does not parse; its default is used`, r.error.issues);
      }
    }
    const flags = Object.freeze(out) as T;
    parsed.set(def, flags);
    return flags;
  };
}
