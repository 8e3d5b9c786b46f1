// What the gateway's log may hold (issue 11, finding 8): never a token, password, reset code or cookie, and
// never a lead's personal data. Redaction by field name cannot see inside a URL or a database error, so:
// - a request is logged by its route pattern (`/api/v1/leads/search/:query`), never its URL or query values;
// - an error is logged by its type, code and stack frames; a database error by its SQL with placeholders and
//   the database's error code, never the bound parameters nor the database's message (PostgreSQL quotes
//   values in messages such as `Key (email)=(…) already exists`).
import type { FastifyRequest } from "fastify";

/** Fields that never reach the log, wherever they appear in a logged object. */
export const LOG_REDACT = [
  "req.headers.authorization",
  "req.headers.cookie",
  "res.headers.authorization",
  'res.headers["set-cookie"]',
  "*.password",
  "*.access_token",
  "*.session",
  // A reset or verification code logged at the top level; `err.code` (a database error code) stays.
  "code",
  "*.token",
  "*.params",
  "*.body",
];

interface SafeError {
  [key: string]: unknown;
  type: string;
  message: string;
  code?: string;
  query?: string;
  stack: string;
  cause?: SafeError;
}

/** Said instead of a database message, which may quote the values it refused. */
const WITHHELD = "(withheld: a database message may quote values)";

/** Database errors whose message or fields carry the statement's values. */
const isQueryError = (e: Error) => e.name === "DrizzleQueryError" || "query" in e;
const isDatabaseError = (e: Error) => e.name === "error" || e.name === "DatabaseError" || "severity" in e || "routine" in e;

/** The stack's frames only: the lines before them repeat the message (a query error's parameters among them). */
const framesOf = (e: Error) =>
  (e.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");

export function safeError(err: unknown, depth = 0): SafeError {
  if (!(err instanceof Error)) return { type: typeof err, message: "(not an Error)", stack: "" };
  const e = err as Error & { code?: unknown; query?: unknown; cause?: unknown };
  const type = e.constructor?.name && e.constructor.name !== "Error" ? e.constructor.name : e.name;
  const code = typeof e.code === "string" ? e.code : undefined;
  const cause = e.cause !== undefined && depth < 3 ? safeError(e.cause, depth + 1) : undefined;
  if (isQueryError(e)) {
    const query = typeof e.query === "string" ? e.query.slice(0, 2000) : undefined;
    return { type, message: WITHHELD, code, query, stack: framesOf(e), cause };
  }
  if (isDatabaseError(e)) return { type, message: WITHHELD, code, stack: framesOf(e), cause };
  return { type, message: e.message, code, stack: e.stack ?? "", cause };
}

/** A request in the log: method, route pattern and id, nothing the caller typed. */
export function safeRequest(req: FastifyRequest) {
  return { id: req.id, method: req.method, route: req.routeOptions?.url ?? "(no route)" };
}

export const LOG_SERIALIZERS = { err: safeError, req: safeRequest };
