// Calls a gateway endpoint by its object (src/contract/endpoint.ts, issue 34): builds the path from `params`
// (encoded) and the query, checks the input against the endpoint's schemas in development, sends an idempotent
// write under an Idempotency-Key and retries it as every write that must not double (./idempotent.ts `send`), and
// parses the answer with the schema of its status. It never throws for the gateway's answer: the result is
// `{ ok: true, data }` (typed from the 2xx schema) or the same `Refusal` a WriteOutcome carries (status, message,
// field errors, retryable). A malformed success answer is a refusal too, and is logged.
import type { AxiosInstance } from "axios";
import { z } from "zod";
import {
  endpointUrl,
  type AnyEndpoint,
  type EndpointData,
  type EndpointInput,
} from "../contract/endpoint";
import type { Clock } from "../shared/clock";
import { newIdempotencyKey, RefusalError, send, type Refusal, type WriteOutcome } from "./idempotent";

/** What a call needs: a plugin's `ctx` has all three. */
export interface EndpointCaller {
  readonly http: AxiosInstance;
  /** The retries' waits (idempotent writes). */
  readonly clock: Clock;
  /** Where a malformed answer is reported; the console without one. */
  log?(message: string, detail?: unknown): void;
}

/** The call's input, and for an idempotent write the key to send it under (a fresh one by default). */
export type CallInput<E> = EndpointInput<E> & {
  /**
   * Keep the key of a write the person may try again by hand (a failed save they retry): the gateway then answers
   * the first result if that one did arrive. Without it, each call is a new write with a fresh key.
   */
  idempotencyKey?: string;
  /**
   * Sent as the page goes away (pagehide): the request must outlive the page, so it goes by fetch with keepalive
   * (src/api/http.ts; up to 64 KiB of body).
   */
  keepalive?: boolean;
  /**
   * `false`: an idempotent write is sent once, not again after 1, 2 and 4 s on a transient failure (a loop that asks
   * again on its own tick with a new key: the auto-dial).
   */
  retry?: false;
};

type Args<E> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/**
 * Input the endpoint's schemas refuse, seen in development before sending: a bug of the caller (the gateway would
 * answer 422 without reaching the route). Check what a person typed with the same schema first and show its
 * messages; send only what parses.
 */
export class EndpointInputError extends Error {
  constructor(
    readonly endpoint: string,
    readonly issues: { part: "params" | "query" | "body"; path: string; message: string }[],
  ) {
    super(
      `${endpoint}: the input does not match the endpoint's schemas: ${issues
        .map((i) => `${i.part}${i.path ? `.${i.path}` : ""}: ${i.message}`)
        .join("; ")}`,
    );
    this.name = "EndpointInputError";
  }
}

const DEVELOPMENT = import.meta.env.DEV;

/** Path and query values as the gateway receives them: strings (an array of them for a repeated name). */
const asWire = (value: unknown): unknown => {
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]),
  );
};

function checkInput(endpoint: AnyEndpoint, input: { params?: unknown; query?: unknown; body?: unknown }) {
  const issues: EndpointInputError["issues"] = [];
  const check = (part: "params" | "query" | "body", schema: z.ZodType | undefined, value: unknown) => {
    if (!schema) return;
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      for (const issue of parsed.error.issues) issues.push({ part, path: issue.path.join("."), message: issue.message });
  };
  check("params", endpoint.params, asWire(input.params ?? {}));
  check("query", endpoint.query, asWire(input.query ?? {}));
  check("body", endpoint.body, input.body);
  if (issues.length) throw new EndpointInputError(`${endpoint.method} ${endpoint.path}`, issues);
}

/** The refusal with its answer's body, when the endpoint's schema for its status reads more in it than an ErrorBody. */
function withBody(endpoint: AnyEndpoint, refusal: Refusal, answered: unknown): Refusal {
  const schema = refusal.status === null ? undefined : (endpoint.responses[refusal.status] as z.ZodType | undefined);
  const parsed = schema?.safeParse(answered);
  if (!parsed?.success || typeof parsed.data !== "object" || parsed.data === null) return refusal;
  const more = Object.keys(parsed.data).some((k) => k !== "message" && k !== "errors");
  return more ? { ...refusal, body: parsed.data } : refusal;
}

/**
 * Calls `endpoint`: `await callEndpoint(ctx, listOverstays, { query: { limit: 50 } })`. The data is the success
 * schema's output; a refusal is `{ ok: false, status, message, errors, retryable }` (status null: no answer).
 */
export async function callEndpoint<E extends AnyEndpoint>(
  caller: EndpointCaller,
  endpoint: E,
  ...[input]: Args<E>
): Promise<WriteOutcome<EndpointData<E>>> {
  const given = (input ?? {}) as CallInput<AnyEndpoint> & { params?: unknown; query?: unknown; body?: unknown };
  if (DEVELOPMENT) checkInput(endpoint, given);
  const url = endpointUrl(endpoint, given);
  let answered: unknown;
  const sent = await send(caller.http, caller.clock, {
    method: endpoint.method,
    url,
    body: given.body,
    key: endpoint.idempotent ? (given.idempotencyKey ?? newIdempotencyKey()) : undefined,
    ...(given.keepalive && { keepalive: true }),
    ...(given.retry === false && { retry: false }),
    refused: (data) => (answered = data),
  });
  if (!sent.ok) return withBody(endpoint, sent, answered);
  const schema: z.ZodType = endpoint.responses[sent.status] ?? endpoint.responses[endpoint.success];
  // No content (204) arrives as "" from axios: the schema says null.
  const data = sent.status === 204 || sent.data === "" ? null : sent.data;
  const parsed = schema.safeParse(data);
  if (parsed.success) return { ok: true, data: parsed.data as EndpointData<E> };
  const report = caller.log ?? ((message: string, detail?: unknown) => console.error(message, detail));
  report(`${endpoint.method} ${url} answered ${sent.status} with a body its schema refuses`, z.prettifyError(parsed.error));
  return { ok: false, status: sent.status, retryable: false, message: null, errors: {} };
}

/**
 * The data of a call, or its refusal thrown as a `RefusalError`, for an API that expects a failure to throw (the
 * settings kit's relation dialog's `load`); `refusalOf(e)` and `settingsRefusal(e, language)` read it back.
 */
export function unwrap<T>(outcome: WriteOutcome<T>): T {
  if (outcome.ok) return outcome.data;
  throw new RefusalError(outcome);
}
