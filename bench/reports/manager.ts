// The manager's side of the reports bench, in a process of its own (run.ts starts it): a manager's browser is not
// on the agents' machine, and a report's answer (a month by day is 2.4 MB of JSON) parsed on the agents' event loop
// would add its parse to the dials whose answers arrive meanwhile, a delay the gateway did not cause.
//
// IPC: init {port, creds} → ready; ask {id, route, keep} → answer {id, status, ms, bytes, rows, body (with keep),
// error}; stop.
import { requester, type Creds, type Request } from "./http";

let request: Request | null = null;
let creds: Creds = { token: "", fp: "" };
const send = (m: unknown) => process.send!(m);

/** The rows a page's answer holds (its table's lines, the agents' and their chart's points; the heat map's cells). */
function rowsOf(data: unknown): number {
  const d = data as {
    rows?: unknown[];
    per_agent?: unknown[];
    per_period?: unknown[];
    cells?: unknown[];
    abandon?: { campaigns: unknown[] };
  } | null;
  if (d?.per_agent) return d.per_agent.length + (d.per_period?.length ?? 0);
  return d?.rows?.length ?? d?.cells?.length ?? d?.abandon?.campaigns.length ?? 0;
}

process.on(
  "message",
  (m: { type: string; id?: number; route?: string; keep?: boolean; port?: number; creds?: Creds }) => {
    if (m.type === "init") {
      request = requester(m.port!);
      creds = { ...m.creds! };
      send({ type: "manager-ready" });
    } else if (m.type === "ask")
      void request!("GET", m.route!, creds).then(
        (a) => {
          const data = a.status === 200 ? (a.body as { data: unknown }).data : null;
          send({
            type: "answer",
            id: m.id,
            status: a.status,
            ms: a.ms,
            bytes: a.bytes,
            rows: rowsOf(data),
            body: m.keep || a.status !== 200 ? a.body : undefined,
          });
        },
        (e: unknown) => send({ type: "answer", id: m.id, error: String(e) }),
      );
    else if (m.type === "stop") process.exit(0);
  },
);
process.on("disconnect", () => process.exit(0));
