// A route declared `drivesCalls` reads or commands the live calls, which only the instance that drives the PBX
// holds (pbx/callOwner.ts). On a standby such a request, once authenticated, is sent whole to that instance, which
// runs it as if it had arrived there (Fastify's inject: same headers, same body, the caller's address) and sends
// back the status, headers and body; the standby answers them as they are.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CALL_OWNER_UNAVAILABLE, CallOwnerUnavailable, OWNER_HEADER, type CallOwner } from "../pbx/callOwner";
import { HttpError } from "./errors";

export interface HttpCommand {
  kind: "http";
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  remoteAddress: string;
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

/** Of the connection, not of the request: never carried from one hop to the next. */
const HOP_BY_HOP = new Set([
  "host",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "upgrade",
  "date",
  OWNER_HEADER,
]);

/** How long a caller waits before trying again when the phones are moving to another instance. */
const RETRY_AFTER_S = "2";

export const ownerUnavailable = () =>
  new HttpError(503, CALL_OWNER_UNAVAILABLE, undefined, { "retry-after": RETRY_AFTER_S });

function carried(headers: FastifyRequest["headers"]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (HOP_BY_HOP.has(name) || value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  return out;
}

/** The requests that run here as call commands, and how each says it is done (CallOwner.beginHere). */
const begunHere = new WeakMap<FastifyRequest, () => void>();

/**
 * On a standby: sends the request to the instance that drives the calls and answers what it answered (true).
 * false: this instance drives the calls, the route runs here, as a command begun here until `commandDone`.
 */
export async function sendToCallOwner(
  owner: CallOwner,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const done = owner.beginHere();
  if (done) {
    begunHere.set(req, done);
    return false;
  }
  // Sent here by a standby, but this instance has stopped driving the calls meanwhile: never sent on again.
  if (req.headers[OWNER_HEADER] === owner.mark) throw ownerUnavailable();
  const command: HttpCommand = {
    kind: "http",
    method: req.method,
    url: req.url,
    headers: carried(req.headers),
    ...(req.body !== undefined && { payload: JSON.stringify(req.body) }),
    remoteAddress: req.ip,
  };
  let answer: HttpAnswer;
  try {
    answer = (await owner.send(command)) as HttpAnswer;
  } catch (e) {
    if (e instanceof CallOwnerUnavailable) throw ownerUnavailable();
    throw e;
  }
  reply.code(answer.status);
  for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
  // Already serialized by the route's own schema on the holder: sent as it is.
  await reply.send(answer.body);
  return true;
}

/** The route's handler is over (or the request ended before it ran): a stop no longer waits for it. */
export function commandDone(req: FastifyRequest): void {
  begunHere.get(req)?.();
  begunHere.delete(req);
}

/** On the instance that drives the calls: runs a standby's request as if it had come here. */
export async function runForStandby(
  app: FastifyInstance,
  mark: string,
  command: HttpCommand,
): Promise<HttpAnswer> {
  const res = await app.inject({
    method: command.method as "GET",
    url: command.url,
    headers: { ...command.headers, [OWNER_HEADER]: mark },
    ...(command.payload !== undefined && { payload: command.payload }),
    remoteAddress: command.remoteAddress,
  });
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (HOP_BY_HOP.has(name) || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value : String(value);
  }
  return { status: res.statusCode, headers, body: res.body };
}
