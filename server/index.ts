// `npm start`: the whole call centre in one process: gateway, embedded database, the built SPA.
import type { AddressInfo } from "node:net";
import { getHeapStatistics } from "node:v8";
import { readConfig } from "./config";
import { buildGateway } from "./app";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./seed/accounts";
import { FIELD_ADVISORS } from "./seed/advisors";
import { overrunMessage, STOP_LIMIT_MS } from "./stopping";

const config = readConfig();
const { app, database, stopping } = await buildGateway(config);
// The OpenAPI document (480 KB) is built at its first request, in a few hundred ms of the event loop; load balancers
// probe it (docs/deploy.md, "Health checks"), and a probe that waits for it behind a busy start times out and takes
// the new instance out. Built here, before the first probe.
await app.ready();
app.swagger();
await app.listen({ port: config.port, host: config.host });

// The port actually bound (PORT=0 picks a free one: the process tests read it from this line).
const url = `http://localhost:${(app.server.address() as AddressInfo).port}`;
const lines = [
  "",
  `  Dialer ready at ${url}   (API docs: ${url}/api/docs)`,
  `  Database: ${database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`}`,
  // V8 sizes its heap to the machine unless told (up to 4× the live heap on a large one): docs/deploy.md.
  `  Heap limit: ${Math.round(getHeapStatistics().heap_size_limit / 2 ** 20)} MiB`,
  config.clockStart ? `  Clock started at ${new Date(config.clockStart).toISOString()} (CLOCK_START)` : "",
  "",
  `  Demo accounts (password: ${DEMO_PASSWORD}):`,
  ...DEMO_ACCOUNTS.map(
    (a) => `    ${a.email.padEnd(28)} ${a.role.padEnd(19)} ${a.extension ? `ext ${a.extension}` : ""}${a.passwordState === "new_password_required" ? " (creates a password at first sign-in)" : ""}`,
  ),
  `    and ${FIELD_ADVISORS.length} field advisors (advisor2.isius@demo.test … advisor13.slica@demo.test: server/seed/advisors.ts)`,
  "",
].filter((l, i, all) => l !== "" || all[i - 1] !== "");
console.log(lines.join("\n"));

// A clean stop, bounded: a step that never ends is named in the log, and the process still exits (server/stopping.ts).
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    setTimeout(() => {
      console.error(overrunMessage(signal, stopping, process.getActiveResourcesInfo()));
      process.exit(1);
    }, STOP_LIMIT_MS).unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`The gateway's stop failed at "${stopping.current ?? "unknown"}":`, err);
        process.exit(1);
      },
    );
  });
}
