// Builds the gateway: Fastify 5 with zod as the wire contract, OpenAPI at /api/docs, the route table under
// /api/v1, and the built SPA. Used by `npm start` and, in memory, by every gateway test.
import type { VariantCatalogue } from "../src/core/variant";
import { variants as productVariants } from "../variants/index";
import { existsSync } from "node:fs";
import { Socket } from "node:net";
import path from "node:path";
import Fastify, { LogController, type FastifyInstance } from "fastify";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform, validatorCompiler } from "fastify-type-provider-zod";
import { systemClock, type Clock } from "../src/shared/clock";
import { TelephonyLease } from "./pbx/lease";
import { ownCalls, RedisCallOwner } from "./pbx/callOwner";
import { runForStandby, type HttpCommand } from "./http/forwarding";
import { runEventForStandby, type EventCommand } from "./realtime/forwarding";
import { API_BASE, SERVER_TIME_HEADER } from "../src/contract/common";
import type { GatewayConfig } from "./config";
import { openDatabase, type Database } from "./db/client";
import { TokenService } from "./auth/tokens";
import { SessionService } from "./auth/sessions";
import { LoginThrottle } from "./auth/throttle";
import { Audit } from "./http/audit";
import { registerErrorHandling, MESSAGES } from "./http/errors";
import { LOG_REDACT, LOG_SERIALIZERS } from "./http/logging";
import { oncePer } from "./http/oncePer";
import { guardHosts, hostAllowed, loggableHost, MISDIRECTED_MESSAGE } from "./http/hostGuard";
import { registerRoutes } from "./http/register";
import { docsCsp, registerSecurityHeaders } from "./http/securityHeaders";
import { routeTable } from "./routes";
import type { Gateway } from "./gateway";
import { signingSecret } from "./auth/secret";
import { seedIfEmpty } from "./seed/seed";
import type { PbxDriver } from "./pbx/driver";
import { release } from "./dialer/claim";
import { InboundRouter } from "./modules/calls/inbound";
import { CallFacetSources } from "./modules/leads/history";
import { PluginClientEvents } from "./realtime/pluginEvents";
import { recordingStoreFor } from "./recordings/select";
import type { RecordingStore } from "./recordings/store";
import { CallService } from "./modules/calls/service";
import { CallViewMirror, noCallViews } from "./modules/calls/views";
import { AriDriver } from "./pbx/asterisk/driver";
import { attachSipEdge } from "./pbx/edge";
import type { ChatPost } from "./modules/status/chatNotices";
import { SimPbx, type SimProfile } from "./pbx/sim/extensions";
import { usersDirectory } from "./pbx/directory";
import { Push } from "./realtime/push";
import { Realtime } from "./realtime/server";
import { BackgroundWork } from "./modules/status/background";
import { RequestsInFlight } from "./http/requestsInFlight";
import { answerSerializer, writeLargeAnswers } from "./http/answers";
import { statusServices } from "./modules/status/wiring";
import { StopSteps } from "./stopping";

export interface BuiltGateway {
  app: FastifyInstance;
  gw: Gateway;
  database: Database;
  realtime: Realtime;
  /** Which instance drives the PBX (tests crash an instance by abandoning it). */
  lease: TelephonyLease;
  /** The step a clean stop is at (server/stopping.ts: a stop that overruns names it). */
  stopping: StopSteps;
}

export interface BuildOptions {
  clock?: Clock;
  database?: Database;
  /** false silences the log (tests). */
  logger?: false;
  /** Where log lines go instead of stdout (tests that read the log); the gateway's redaction applies. */
  logStream?: { write(line: string): void };
  /** Telephony driver; the simulated PBX by default. */
  pbx?: PbxDriver;
  /** The recording store, when the caller built it (a PBX driver given in `pbx` writes into it too). */
  recordings?: RecordingStore;
  /** Namespaces Redis channels and keys (default: derived from the signing key, one per cluster). */
  redisKeyPrefix?: string;
  /** How overstay notices reach a call centre's chat (default: an HTTPS POST; tests record them). */
  chatPost?: ChatPost;
  /** The variant manifests (default: the product's, variants/index.ts); a test may offer a plugin no variant lists yet. */
  variants?: VariantCatalogue;
  /**
   * false: a second instance beside the one that drives the PBX, on its database without Redis (a test's peer that
   * serves HTTP): it neither waits for the telephony lease nor follows the PBX's calls again at start.
   */
  drivesTelephony?: boolean;
  /**
   * With Redis: the PBX given in `pbx` is the one every instance of the cluster reaches (a test's stand-in for a PBX
   * outside the gateways, as Asterisk is), so the telephony lease decides which instance drives it and the others
   * send it their call commands. Asterisk always is; the embedded SimPbx of each process is not.
   */
  pbxSharedByCluster?: boolean;
}

export async function buildGateway(config: GatewayConfig, opts: BuildOptions = {}): Promise<BuiltGateway> {
  const clock = opts.clock ?? systemClock(config.clockStart, config.clockStartAt);
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: LOG_REDACT,
            serializers: LOG_SERIALIZERS,
            ...(opts.logStream && { stream: opts.logStream }),
          },
    bodyLimit: 64 * 1024,
    trustProxy: process.env.TRUST_PROXY === "true",
    // One line per request only when debugging: a shift of auto-dial ticks would drown the log otherwise.
    logController: new LogController({ disableRequestLogging: config.logLevel !== "debug" }),
  });
  // Against DNS rebinding, before anything the server answers: Fastify's routes and the SPA, and socket.io and the
  // SIP endpoint, which attach to the raw server below and answer their paths before Fastify sees them.
  const hostPolicy = { listenHost: config.host, allowedHosts: config.allowedHosts };
  const allowsHost = (host: string | undefined) => hostAllowed(host, hostPolicy);
  const refusedHostLogged = oncePer(60_000, 1000);
  const onRefusedHost = (host: string, kind: "request" | "upgrade") => {
    const shown = loggableHost(host);
    if (refusedHostLogged.due(shown, clock.now()))
      app.log.warn(
        { host: shown, kind },
        "refused a request for a host name not in ALLOWED_HOSTS (421; once a minute per name)",
      );
  };
  guardHosts(app.server, allowsHost, onRefusedHost);
  // Fastify also answers on servers other than app.server: HOST=localhost binds 127.0.0.1 and ::1, the second
  // address on a server of Fastify's own whose requests go straight to the router. The same check there, for
  // requests that came over a socket (app.inject has none: tests choose their Host).
  app.addHook("onRequest", async (req, reply) => {
    if (!(req.raw.socket instanceof Socket) || allowsHost(req.headers.host)) return;
    onRefusedHost(req.headers.host ?? "", "request");
    return reply.code(421).header("connection", "close").send({ message: MISDIRECTED_MESSAGE });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer);
  app.addHook("preSerialization", writeLargeAnswers);
  registerErrorHandling(app);
  await registerSecurityHeaders(app, { sipWsUrl: config.sipWsUrl });
  await app.register(cookie);

  const database =
    opts.database ??
    (await openDatabase({
      url: config.databaseUrl,
      ...(config.databaseReadUrl && { readUrl: config.databaseReadUrl }),
      dataDir: config.dataDir,
      onIdleError: (e) => app.log.warn({ err: e }, "a database connection was dropped; the pool replaces it"),
      onNoticeError: (message, e) => app.log.warn({ err: e }, message),
    }));
  const db = database.db;
  const secret = config.jwtSecret ?? (await signingSecret(db));
  const tokens = new TokenService(secret, () => clock.now());
  const sessions = new SessionService(db, tokens, clock, {
    notifications: database.notifications,
    onUpkeepError: (e) =>
      app.log.warn({ err: e }, "could not write the sessions' last seen; kept for the next second"),
  });
  const recordings =
    opts.recordings ?? recordingStoreFor(config, (message, detail) => app.log.warn(detail ?? {}, message));
  // With the SIP endpoint on, real REGISTERs say whether a softphone is there; off, its socket does.
  const pbx =
    opts.pbx ??
    (config.pbx === "asterisk" && config.ari
      ? new AriDriver({
          config: config.ari,
          clock,
          directory: usersDirectory(db),
          log: (msg, err) => app.log.warn({ err }, msg),
          recordings,
        })
      : new SimPbx({
          clock,
          directory: usersDirectory(db),
          softphoneFollowsSocket: !config.sipEdge,
          profile: config.simProfile as Partial<SimProfile> | undefined,
        }));
  const push = new Push();
  const background = new BackgroundWork(app.log);
  const requests = new RequestsInFlight();
  // Every request, however it ends, so that background work lets them go first (requestsInFlight.ts).
  app.addHook("onRequest", async (req) => requests.begin(req));
  app.addHook("onResponse", async (req) => requests.end(req));
  app.addHook("onRequestAbort", async (req) => requests.end(req));
  let markStarted!: () => void;
  // What a standby sends with a forwarded request, so that the holder runs it as its own (http/forwarding.ts).
  const ownerMark = tokens.mac("call-owner");
  const gw: Gateway = {
    started: new Promise<void>((resolve) => (markStarted = resolve)),
    config,
    db,
    readLane: database.readLane,
    clock,
    tokens,
    sessions,
    throttle: new LoginThrottle(db, clock),
    audit: new Audit(db, clock, app.log),
    log: app.log,
    pbx,
    push,
    clientEvents: new PluginClientEvents(),
    background,
    requests,
    ...statusServices({
      db,
      clock,
      pbx,
      push,
      log: app.log,
      background,
      sessions,
      ...(opts.chatPost ? { chatPost: opts.chatPost } : {}),
    }),
    calls: undefined as unknown as CallService,
    // Replaced below in a cluster on one PBX, where the telephony lease decides.
    callOwner: ownCalls(ownerMark),
    callViews: noCallViews,
    callFacets: new CallFacetSources(),
    recordings,
    variants: opts.variants ?? productVariants,
  };
  // Signing out hands the leads the agent held in process back to the pool (as DELETE /in-process-leads).
  sessions.onRevoked(async (e) => {
    if (e.reason === "logout") await release(db, { agentId: e.userId });
  });
  gw.calls = new CallService({
    db,
    clock,
    pbx,
    push,
    statuses: gw.statuses,
    log: app.log,
    background,
    rejoinLimitMs: config.callRejoinSeconds * 1000,
  });
  const inbound = new InboundRouter(
    { db, clock, pbx, push, statuses: gw.statuses, log: app.log, background },
    gw.calls,
  );
  if (config.seedDemo) await seedIfEmpty(db, clock, app.log, { history: config.seedHistory });

  await app.register(swagger, {
    openapi: {
      info: {
        title: "Dialer gateway",
        version: "1.0.0",
        description:
          "The call-centre dialer's HTTP contract. Every authenticated response carries a rotated `Authorization: Bearer` token; store it for the next request.",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true, transformStaticCSP: docsCsp });

  app.addHook("onSend", async (req, reply) => {
    if (req.url.startsWith(API_BASE)) {
      reply.header("access-control-expose-headers", `Authorization, Retry-After, ${SERVER_TIME_HEADER}`);
      reply.header("cache-control", "no-store");
      // The page keeps time by the gateway's clock (a pinned CLOCK_START, or a PC whose clock is off).
      reply.header(SERVER_TIME_HEADER, String(clock.now()));
    }
  });
  registerRoutes(app, gw, routeTable(gw));

  const staticDir = path.resolve(config.staticDir);
  const hasSpa = existsSync(path.join(staticDir, "index.html"));
  if (hasSpa)
    await app.register(fastifyStatic, { root: staticDir, wildcard: false, index: false, dotfiles: "ignore" });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith("/api/") || req.method !== "GET" || !hasSpa) {
      return reply.code(404).send({ message: MESSAGES.notFound });
    }
    // Client-side routes (/auth/login, /admin/…) all load the SPA.
    return reply.type("text/html").sendFile("index.html");
  });

  // One gateway drives the PBX at a time (pbx/lease.ts). A lone gateway takes the lease before it connects to the
  // PBX: started beside another one on the same database (a restart that overlaps the old process, a crash whose
  // lease has not yet run out), it waits for that one to hand the PBX over instead of ending its calls in resume().
  // In a cluster on one PBX (Asterisk) the holder drives it and the standbys send it their call commands
  // (pbx/callOwner.ts); a standby that takes the lease over follows the PBX's calls on from there. A cluster whose
  // instances each run their embedded SimPbx has as many PBXs: each instance drives its own, the lease gates nothing.
  // The lease runs on the host's time, whatever the call centre's clock says (CLOCK_START, a test's manual clock):
  // it is about processes being alive.
  // Instances of one cluster share JWT_SECRET, hence this prefix; other deployments on the same Redis do not.
  const redisKeyPrefix = opts.redisKeyPrefix ?? `dialer:${tokens.mac("socket-cluster").slice(0, 16)}`;
  const lone = !config.redisUrl && opts.drivesTelephony !== false;
  const leased = Boolean(config.redisUrl) && (config.pbx === "asterisk" || opts.pbxSharedByCluster === true);
  const owner = leased
    ? await RedisCallOwner.connect({
        redisUrl: config.redisUrl!,
        keyPrefix: redisKeyPrefix,
        mark: ownerMark,
        onError: (err, what) => app.log.error({ err }, `call commands: ${what}`),
      })
    : null;
  if (owner) {
    gw.callOwner = owner;
    gw.callViews = owner.viewStore();
  }
  // The holder mirrors each agent's call view for the standbys' GET /calls/current (modules/calls/views.ts).
  const views = owner
    ? new CallViewMirror(
        gw.callViews,
        (agentId) => gw.calls.current(agentId),
        (err) => app.log.error({ err }, "mirroring a call view failed"),
      )
    : null;
  if (views) push.watchAgents((agentId) => views.changed(agentId));
  let stopInbound = () => {};
  let connected = false;
  // Connects to the PBX, follows again the calls it still has (ending those it no longer has), then listens.
  const followThePbx = async (resume: boolean) => {
    await pbx.connect();
    connected = true;
    if (resume) await gw.calls.resume();
    gw.calls.start();
    stopInbound = inbound.start();
    if (resume) await inbound.resume();
  };
  const standDown = () => {
    gw.calls.stop();
    stopInbound();
    inbound.stop();
    stopInbound = () => {};
  };
  let driving: Promise<void> | null = null;
  const drive = (term: number) =>
    (driving ??= (async () => {
      // From before the calls are followed again, so that what the takeover changes reaches the standbys' views
      // (written once the calls are back in memory: `resumed`).
      views!.drive(term);
      await followThePbx(true);
      views!.resumed(gw.calls.agentsWithCalls());
      await owner!.serve((command) =>
        (command as { kind: string }).kind === "http"
          ? runForStandby(app, ownerMark, command as HttpCommand)
          : runEventForStandby(gw, command as EventCommand),
      );
    })());
  const lease = new TelephonyLease(db, systemClock(), app.log);
  lease.start({
    gained: (term) => {
      // Not awaited: the heartbeat must go on while the calls are followed again (a takeover of many calls).
      if (leased) drive(term).catch((err: unknown) => app.log.error({ err }, "taking over the calls failed"));
    },
    lost: () => {
      app.log.error("telephony lease lost: another gateway may drive this PBX too");
      if (!leased || !driving) return;
      driving = null;
      views!.standDown();
      standDown();
      void owner!.standDown();
    },
  });
  if (lone) {
    await lease.whenHeld();
    await followThePbx(true);
  } else if (leased) {
    await lease.firstBeat();
    // `gained` started driving during the first beat.
    if (lease.held) await driving;
  } else {
    // A cluster of embedded SimPbxs, or a test's peer: another instance may still be following the calls.
    await followThePbx(false);
  }
  markStarted();
  const realtime = await Realtime.attach(gw, app.server, {
    redisUrl: config.redisUrl,
    keyPrefix: redisKeyPrefix,
  });
  realtime.start();
  gw.overstays.start();
  gw.throttle.start((e) => app.log.warn({ err: e }, "sweeping old sign-in counters failed"));
  const sipEdge = config.sipEdge && pbx instanceof SimPbx ? await attachSipEdge(gw, pbx, app.server) : null;
  // Before the HTTP server closes: sockets would otherwise hold it open, and timers must not outlive it.
  const stopping = new StopSteps();
  app.addHook("preClose", async () => {
    const step = stopping.run.bind(stopping);
    gw.overstays.stop();
    gw.throttle.stop();
    // First no command is heard any more (the standbys offer theirs again until the next holder serves), and those
    // under way are answered; then the call service stops.
    await step("hearing no more call commands", () => owner?.standDown());
    standDown();
    // The last views this instance wrote are the next holder's starting point on the standbys.
    await step("writing the last call views", () => views?.settled());
    views?.standDown();
    await step("closing the SIP edge", () => sipEdge?.close());
    await step("closing the sockets", () => realtime.close());
    await step("stopping the background jobs", () => background.close());
    // A standby never connected: the PBX it shares with the holder is not its to close.
    if (connected) await step("closing the PBX connection", () => pbx.close());
    // The next gateway takes the PBX once this one no longer touches it.
    await step("releasing the telephony lease", () => lease.release());
    // Last: this instance's own forwarded requests may wait for their answers until here.
    await step("closing the call-command channel", () => owner?.close());
    stopping.mark("answering the HTTP requests under way");
  });

  app.addHook("onClose", async () => {
    // After the last request: what they wrote of their sessions' upkeep.
    await stopping.run("writing the sessions' upkeep", () => sessions.close());
    if (!opts.database) await stopping.run("closing the database", () => database.close());
  });
  return { app, gw, database, realtime, lease, stopping };
}
