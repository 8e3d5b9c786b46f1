// HTTP as the browser speaks it to the gateway (bench/lead-import's client): a bearer token and the fingerprint
// cookie, the token taken again from each answer's Authorization header (the gateway rotates it), JSON in and out.
// Shared by the agents' side (run.ts) and the manager's own process (manager.ts).
import http from "node:http";
import { performance } from "node:perf_hooks";
import { API_BASE } from "../../src/contract/common";

export interface Creds {
  token: string;
  fp: string;
}
export interface Answer {
  status: number;
  body: unknown;
  ms: number;
  bytes: number;
  cookies: string[];
}
export type Request = (
  method: string,
  route: string,
  creds: Creds | null,
  body?: unknown,
  extra?: Record<string, string>,
) => Promise<Answer>;

/** A client of the gateway on 127.0.0.1:`port`, keeping its connections alive. */
export function requester(port: number): Request {
  const keepAlive = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 4096 });
  return (method, route, creds, body, extra = {}) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string | number> = {
        ...extra,
        ...(payload === undefined
          ? {}
          : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }),
        ...(creds ? { authorization: `Bearer ${creds.token}`, cookie: `dialer_fp=${creds.fp}` } : {}),
      };
      const t = performance.now();
      const req = http.request(
        { host: "127.0.0.1", port, method, path: API_BASE + route, headers, agent: keepAlive },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const ms = performance.now() - t;
            const auth = res.headers.authorization;
            if (creds && typeof auth === "string") creds.token = auth.replace(/^Bearer\s+/i, "");
            const buf = Buffer.concat(chunks);
            const text = buf.toString();
            let parsed: unknown;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              parsed = text;
            }
            resolve({
              status: res.statusCode ?? 0,
              body: parsed,
              ms,
              bytes: buf.length,
              cookies: res.headers["set-cookie"] ?? [],
            });
          });
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.setTimeout(300_000, () => req.destroy(new Error("request timed out")));
      if (payload !== undefined) req.write(payload);
      req.end();
    });
}
