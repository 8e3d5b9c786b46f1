// A whole gateway in memory for tests: PGlite (or a fresh PostgreSQL database when TEST_DB=postgres), the demo
// seed, a manual clock, and clients that sign in and keep their rotated token and cookies like a browser.
// With `listen`, it serves on 127.0.0.1:0 and opens socket.io clients like the browser's.
import type { VariantCatalogue } from "../../src/core/variant";
import { variants as productVariants } from "../../variants/index";
import type { ChatPost } from "../modules/status/chatNotices";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { LightMyRequestResponse } from "fastify";
import { io, type Socket as ClientSocket } from "socket.io-client";
import { inject } from "vitest";
import { manualClock, type Clock, type ManualClock } from "../../src/shared/clock";
import { API_BASE } from "../../src/contract/common";
import {
  SOCKET_PATH,
  type ClientToServer,
  type ServerEventName,
  type ServerToClient,
} from "../../src/contract/socket";
import { buildGateway, type BuiltGateway } from "../app";
import { readConfig, type GatewayConfig } from "../config";
import { openDatabase, type Database } from "../db/client";
import { and, eq, inArray, isNull, like, not, or, sql } from "drizzle-orm";
import { leads, users } from "../db/schema";
import type { FakeAri } from "../pbx/asterisk/testing";
import { usersDirectory } from "../pbx/directory";
import type { PbxDriver } from "../pbx/driver";
import { SimPbx, type SimProfile } from "../pbx/sim/extensions";
import { runTimerByTimer } from "../pbx/suite/worlds";
import { recordingStoreFor } from "../recordings/select";
import { DEMO_PASSWORD } from "../seed/accounts";
import { adminQuery, databaseUrl } from "../db/admin";
import { openPgliteFromTemplate, TEMPLATE_CLOCK_START } from "./dbTemplate";
import {
  simTelephony,
  startAsteriskTelephony,
  type AsteriskTelephony,
  type TelephonyName,
  type TestPhones,
  type TestTelephony,
} from "./telephony";

export type AgentClientSocket = ClientSocket<ServerToClient, ClientToServer>;

export interface TestGateway extends BuiltGateway {
  clock: ManualClock;
  db: Database["db"];
  /** http://127.0.0.1:<port> when started with `listen`. */
  url?: string;
  /** Which PBX the gateway talks to (TestGatewayOptions.telephony). */
  telephony: TelephonyName;
  /** The agents' phones and the far ends, the same controls whichever PBX runs. */
  phones: TestPhones;
  /** The fake Asterisk, on telephony "asterisk" (what it was asked, its channels). */
  fakeAri?: FakeAri;
  client(): TestClient;
  /** Signs in a demo account (demo password) and returns its client. */
  signIn(email: string, password?: string): Promise<TestClient>;
  /**
   * A socket.io client of a signed-in client, like the browser's: the current token in `auth` (read at
   * every connection attempt), the fingerprint cookie with the handshake. Not connected until connect().
   * Needs `listen`.
   */
  /**
   * Moves the manual clock `ms` forward in `step` slices, letting the gateway's background work and the sockets
   * run after each: timers fire and pushes arrive as they would over that time.
   */
  run(ms: number, step?: number): Promise<void>;
  /** A demo account's user id. */
  idOf(email: string): Promise<number>;
  /** The agent's status as the gateway has it (GET /agents/me/status). */
  statusOf(c: TestClient): Promise<string>;
  socket(
    c: TestClient,
    opts?: {
      reconnect?: boolean;
      auth?: Record<string, unknown>;
      cookie?: string | null;
      reconnection?: boolean;
    },
  ): AgentClientSocket;
  /**
   * A gateway restart: this gateway stops (its sockets and server; the database stays, and with
   * `pbxOutlivesGateway` or on telephony "asterisk" so do the PBX's calls) and another starts on the same
   * database, clock and PBX. `whileDown` runs in between (the PBX's events then reach no gateway). Use the one
   * returned from then on (sign in again: clients talk to the gateway that made them).
   */
  restart(o?: { whileDown?: () => Promise<void> }): Promise<TestGateway>;
  /**
   * Stops as a killed process would, as far as the others see: its telephony lease is not handed over (it runs
   * out) and the database stays for its peers; close() later only lets go of what is left.
   */
  crash(): Promise<void>;
  close(): Promise<void>;
}

export interface TestGatewayOptions {
  /**
   * The gateway's clock. Default: a manual clock (tests move it). A benchmark passes a real-time clock
   * (systemClock); `clock.advance` then does not exist.
   */
  clock?: Clock;
  production?: boolean;
  /** Listen on 127.0.0.1:0 (socket tests). */
  listen?: boolean;
  /**
   * With `peerOf` and no Redis: this instance serves HTTP beside the other and never drives the PBX (it does not
   * wait for the telephony lease; BuildOptions.drivesTelephony).
   */
  drivesTelephony?: boolean;
  /** Another instance of the same cluster: same database and clock (that instance drops the database). */
  peerOf?: TestGateway;
  /** Serves the SIP-over-WebSocket endpoint with its media peer (needs `listen`). */
  sipEdge?: boolean;
  redisUrl?: string;
  redisKeyPrefix?: string;
  /** Keeps the gateway's log (at `logLevel`, default debug) instead of silencing it: tests of what is logged. */
  logLines?: string[];
  logLevel?: string;
  /** Configuration over the test defaults (e.g. smtpUrl and mailFrom for a fake mail server). */
  config?: Partial<GatewayConfig>;
  /** The simulated PBX keeps its calls up when the gateway stops (restart()), as a PBX running apart does. */
  pbxOutlivesGateway?: boolean;
  /** Another PBX driver than the simulated one (AriDriver against the fake Asterisk). */
  pbx?: PbxDriver;
  /**
   * With Redis: the instances of the cluster reach one PBX (BuildOptions.pbxSharedByCluster), as they do Asterisk:
   * the telephony lease decides which drives it. A `peerOf` instance takes its peer's PBX; give the first one
   * `pbxOutlivesGateway` when the test crashes it.
   */
  pbxSharedByCluster?: boolean;
  /**
   * "asterisk": the gateway runs on AriDriver against the fake Asterisk (server/test/telephony.ts), whose far
   * ends follow the simulated PBX's profile, and which outlives the gateway on restart(). Default "sim".
   */
  telephony?: TelephonyName;
  /** Records the overstay notices posted to a call centre's chat instead of sending them. */
  chatPost?: ChatPost;
  /**
   * Plugins the demo call centres offer besides their variants' (a plugin's gateway test before a variant lists
   * it, or a plugin kept as an example): its routes then serve them.
   */
  offer?: string[];
}

/** What a restarted gateway takes over from the one before. */
interface Inherited {
  database: Database;
  drop(): Promise<void>;
  pbx: PbxDriver | undefined;
  asterisk?: AsteriskTelephony;
}

export interface TestClient {
  token?: string;
  cookies: Record<string, string>;
  request(
    method: string,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

/** What the Vitest run's global setup made (tests/setup/dbTemplate.ts); nothing outside Vitest (benchmarks). */
function provided(): { file: string; name: string } {
  try {
    return { file: inject("dbTemplateFile") ?? "", name: inject("dbTemplateName") ?? "" };
  } catch {
    return { file: "", name: "" };
  }
}

/**
 * A database of its own for one test gateway: on PostgreSQL (TEST_DB=postgres) a new database, else PGlite in
 * memory. `seeded`: a copy of the run's seeded template when there is one (server/test/dbTemplate.ts), so the
 * gateway finds the demo call centre already there; the flag says whether it did.
 */
async function openTestDatabase(
  wantSeeded: boolean,
): Promise<{ database: Database; drop(): Promise<void>; seeded: boolean }> {
  const template = wantSeeded ? provided() : { file: "", name: "" };
  if (process.env.TEST_DB === "postgres" && process.env.DATABASE_URL) {
    const server = process.env.DATABASE_URL;
    const name = `dialer_test_${randomBytes(6).toString("hex")}`;
    await adminQuery(
      server,
      template.name ? `create database ${name} template ${template.name}` : `create database ${name}`,
    );
    const database = await openDatabase({ url: databaseUrl(server, name) });
    return {
      database,
      seeded: !!template.name,
      async drop() {
        await database.close();
        await adminQuery(server, `drop database if exists ${name} with (force)`);
      },
    };
  }
  if (template.file) {
    const database = await openPgliteFromTemplate(template.file);
    return { database, drop: () => database.close(), seeded: true };
  }
  const database = await openDatabase({ dataDir: "memory" });
  return { database, drop: () => database.close(), seeded: false };
}

export function startTestGateway(opts: TestGatewayOptions = {}): Promise<TestGateway> {
  return start(opts);
}

async function start(opts: TestGatewayOptions, inherited?: Inherited): Promise<TestGateway> {
  const clock =
    (opts.clock as ManualClock | undefined) ?? opts.peerOf?.clock ?? manualClock(TEMPLATE_CLOCK_START);
  // The seeded template is the demo at the default clock with no history: a gateway that wants just that
  // copies it; one whose clock starts elsewhere or whose configuration seeds otherwise seeds its own.
  const wantsTemplate =
    clock.now() === TEMPLATE_CLOCK_START && opts.config?.seedDemo !== false && !opts.config?.seedHistory;
  const { database, drop } = inherited
    ? inherited
    : opts.peerOf
      ? { database: opts.peerOf.database, drop: async () => {} }
      : await openTestDatabase(wantsTemplate);
  const config = {
    ...readConfig({}),
    dataDir: "memory",
    staticDir: "/nonexistent",
    production: opts.production ?? false,
    // Tests read reset codes from the development mailbox, as a developer would (never in production).
    devMailbox: !(opts.production ?? false),
    jwtSecret: "test-secret-".padEnd(48, "x"),
    logLevel: opts.logLines ? (opts.logLevel ?? "debug") : "silent",
    seedHistory: false,
    sipEdge: opts.sipEdge ?? false,
    redisUrl: opts.redisUrl,
    seedDemo: !opts.peerOf && !inherited,
    ...opts.config,
  };
  // The fake Asterisk runs apart from the gateway: a restarted gateway gets a new driver on the same one.
  const asterisk =
    opts.telephony === "asterisk"
      ? (inherited?.asterisk ??
        (await startAsteriskTelephony({
          clock: clock as ManualClock,
          db: database.db,
          profile: config.simProfile as Partial<SimProfile> | undefined,
          recordings: recordingStoreFor(config, () => {}),
        })))
      : undefined;
  if (asterisk && inherited?.asterisk) await asterisk.nextDriver();
  const pbx =
    asterisk?.pbx ??
    inherited?.pbx ??
    opts.pbx ??
    (opts.pbxSharedByCluster ? opts.peerOf?.gw.pbx : undefined) ??
    (opts.pbxOutlivesGateway
      ? new SimPbx({
          clock,
          directory: usersDirectory(database.db),
          softphoneFollowsSocket: !config.sipEdge,
          outlivesGateway: true,
        })
      : undefined);
  const lines = opts.logLines;
  const built = await buildGateway(config, {
    clock,
    database,
    ...(pbx ? { pbx } : {}),
    ...(asterisk?.recordings ? { recordings: asterisk.recordings } : {}),
    redisKeyPrefix: opts.redisKeyPrefix,
    ...(opts.chatPost ? { chatPost: opts.chatPost } : {}),
    ...(opts.offer ? { variants: offering(opts.offer) } : {}),
    ...(opts.drivesTelephony === false ? { drivesTelephony: false } : {}),
    ...(opts.pbxSharedByCluster ? { pbxSharedByCluster: true } : {}),
    ...(lines
      ? { logStream: { write: (line: string) => void lines.push(line) } }
      : { logger: false as const }),
  });
  let url: string | undefined;
  if (opts.listen) {
    await built.app.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  } else {
    await built.app.ready();
  }
  const sockets = new Set<AgentClientSocket>();
  let crashed = false;
  const telephony: TestTelephony =
    asterisk ??
    (built.gw.pbx instanceof SimPbx
      ? simTelephony(built.gw.pbx)
      : { name: "sim", busy: false, settle: async () => {}, phones: noPhones });
  /** The gateway's background work and the PBX's, until neither has anything left (twice in a row). */
  const quiet = async () => {
    for (let calm = 0; calm < 2;) {
      await telephony.settle();
      await built.gw.background.idle();
      await new Promise((r) => setImmediate(r));
      calm = telephony.busy ? 0 : calm + 1;
    }
  };

  const client = (): TestClient => {
    const c: TestClient = {
      cookies: {},
      async request(method, url, body, headers = {}) {
        const cookie = Object.entries(c.cookies)
          .map(([k, v]) => `${k}=${v}`)
          .join("; ");
        const res = await built.app.inject({
          method: method as "GET",
          url: url.startsWith("/api") ? url : API_BASE + url,
          headers: {
            ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
            ...(cookie ? { cookie } : {}),
            ...(body !== undefined && typeof body !== "string" ? { "content-type": "application/json" } : {}),
            ...headers,
          },
          payload: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
        });
        const auth = res.headers.authorization;
        if (typeof auth === "string") c.token = auth.replace(/^Bearer\s+/i, "");
        for (const ck of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
          if (ck.value === "" || ck.maxAge === 0 || (ck.expires && ck.expires.getTime() < Date.now()))
            delete c.cookies[ck.name];
          else c.cookies[ck.name] = ck.value;
        }
        return res;
      },
    };
    return c;
  };

  return {
    ...built,
    clock,
    db: database.db,
    client,
    async signIn(email, password = DEMO_PASSWORD) {
      const c = client();
      const res = await c.request("POST", "/login", { email, password });
      if (res.statusCode !== 201)
        throw new Error(`sign-in of ${email} answered ${res.statusCode}: ${res.body}`);
      return c;
    },
    url,
    telephony: telephony.name,
    phones: telephony.phones,
    fakeAri: asterisk?.fake,
    async run(ms, step = 50) {
      for (let t = 0; t < ms; t += step) {
        if (!asterisk) {
          clock.advance(Math.min(step, ms - t));
          await built.gw.background.idle();
          await new Promise((r) => setImmediate(r));
          continue;
        }
        await runTimerByTimer(clock, Math.min(step, ms - t), quiet);
      }
    },
    async idOf(email) {
      const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!row) throw new Error(`no account ${email}`);
      return row.id;
    },
    async statusOf(c) {
      return ((await c.request("GET", "/agents/me/status")).json() as { data: { status: string } }).data
        .status;
    },
    socket(c, sopts = {}) {
      if (!url) throw new Error("start the test gateway with { listen: true } to open sockets");
      const cookie =
        sopts.cookie === null
          ? undefined
          : (sopts.cookie ??
            Object.entries(c.cookies)
              .map(([k, v]) => `${k}=${v}`)
              .join("; "));
      const s: AgentClientSocket = io(url, {
        path: SOCKET_PATH,
        transports: ["websocket"],
        forceNew: true,
        autoConnect: false,
        reconnection: sopts.reconnection ?? false,
        reconnectionDelay: 50,
        reconnectionDelayMax: 200,
        extraHeaders: cookie ? { cookie } : {},
        auth: (cb) => cb({ token: c.token, ...(sopts.reconnect ? { reconnect: true } : {}), ...sopts.auth }),
      });
      sockets.add(s);
      return s;
    },
    async restart(o = {}) {
      for (const s of sockets) s.disconnect();
      await built.app.close();
      await o.whileDown?.();
      // Without pbxOutlivesGateway the PBX ended with the gateway: the next one starts its own, empty.
      return start(
        { ...opts, clock },
        { database, drop, pbx: opts.pbxOutlivesGateway && !asterisk ? built.gw.pbx : undefined, asterisk },
      );
    },
    async crash() {
      built.lease.abandon();
      crashed = true;
      for (const s of sockets) s.disconnect();
      await built.app.close();
    },
    async close() {
      for (const s of sockets) s.disconnect();
      if (!crashed) await built.app.close();
      if (built.gw.pbx instanceof SimPbx && opts.pbxOutlivesGateway) await built.gw.pbx.destroy();
      await asterisk?.close();
      await drop();
    },
  };
}

/** A lead of the tenant that nobody owns and that may be called (not Do Not Call). */
const freeIn = (tenantId: number) => [
  eq(leads.tenantId, tenantId),
  isNull(leads.ownerId),
  not(eq(leads.status, "Do Not Call")),
];

/**
 * Up to `n` callable leads of the tenant that nobody owns (not Do Not Call), oldest first; with `phoneEnds`, only
 * numbers ending so (the simulated PBX decides who answers by a number's last digits).
 */
export function freeLeads(db: Database["db"], tenantId: number, n: number, phoneEnds?: string) {
  return db
    .select({ id: leads.id, phone: leads.phone })
    .from(leads)
    .where(
      and(...freeIn(tenantId), phoneEnds === undefined ? undefined : like(leads.phone, `%${phoneEnds}`)),
    )
    .orderBy(leads.id)
    .limit(n);
}

/**
 * A lead of the tenant nobody owns (not Do Not Call) whose calling window is open at the tests' clock (its area
 * code among `areaCodes`: Eastern ones, 10:00 in New York) and that a person answers on the simulated PBX (not a
 * number ending 01, 02 or 03: busy, a machine, no answer).
 */
export async function answeringLead(db: Database["db"], tenantId: number, areaCodes: readonly string[]) {
  const [l] = await db
    .select({ id: leads.id, phone: leads.phone })
    .from(leads)
    .where(
      and(
        ...freeIn(tenantId),
        inArray(sql`substring(${leads.phone}, 1, 3)`, [...areaCodes]),
        not(or(like(leads.phone, "%01"), like(leads.phone, "%02"), like(leads.phone, "%03"))!),
      ),
    )
    .limit(1);
  if (!l) throw new Error(`no free lead that answers in tenant ${tenantId}`);
  return l;
}

/** A gateway on a PBX the harness did not build (opts.pbx) has no phones to drive. */
const refuse = () => Promise.reject(new Error("no test phones on a PBX the harness did not build"));
const noPhones: TestPhones = {
  register: refuse,
  unregister: refuse,
  setPhoneOpen: refuse,
  hangUp: refuse,
  farHangup: refuse,
  dropPhone: refuse,
  placeInbound: refuse,
  legsOf: refuse,
};

/** The product's variants, each also offering `plugins`. */
function offering(plugins: string[]): VariantCatalogue {
  return Object.fromEntries(
    Object.entries(productVariants).map(([id, load]) => [
      id,
      async () => {
        const { default: v } = await load();
        return {
          default: { ...v, plugins: [...v.plugins, ...plugins.filter((p) => !v.plugins.includes(p))] },
        };
      },
    ]),
  ) as VariantCatalogue;
}

/**
 * The agent's page listening: its socket connected, every push it receives kept in order. `of(event)` lists the
 * payloads of one push.
 */
export async function listeningSocket(gw: TestGateway, c: TestClient) {
  const s = gw.socket(c);
  const seen: { event: ServerEventName; payload: unknown }[] = [];
  s.onAny((event: ServerEventName, payload: unknown) => seen.push({ event, payload }));
  s.connect();
  await new Promise<void>((r) => (s.connected ? r() : s.once("connect", () => r())));
  return {
    s,
    seen,
    of: (event: ServerEventName) => seen.filter((e) => e.event === event).map((e) => e.payload),
  };
}
