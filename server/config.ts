// Gateway configuration from the environment, read once at start.
import path from "node:path";
import { CALL_REJOIN_DEFAULT_SECONDS } from "../src/contract/calls";
import { DIALS_IN_FLIGHT_DEFAULT } from "./dialer/admission";
import { OPEN_METEO_CUSTOMER_URL, OPEN_METEO_FREE_URL } from "./geo/weather/openMeteo";
import { parseAllowedHosts, type AllowedHosts } from "./http/hostGuard";
import type { ObjectStorageConfig } from "./recordings/objectStore";

export interface GatewayConfig {
  port: number;
  host: string;
  /**
   * Host names the gateway answers to besides loopback's (ALLOWED_HOSTS, comma-separated; `.example.com` for the
   * domain and its subdomains, `*` for any): any other `Host` gets 421, against DNS rebinding. A gateway that
   * listens on the network answers IP addresses too (server/http/hostGuard.ts).
   */
  allowedHosts: AllowedHosts;
  /** PGlite data directory (embedded default); ignored when databaseUrl is set. "memory" keeps it in memory. */
  dataDir: string;
  databaseUrl?: string;
  /**
   * A streaming replica of DATABASE_URL's database (DATABASE_READ_URL) for the read lane's long reads (reports,
   * exports), so that they spend the replica's cores, not the primary's; DATABASE_URL when unset. PostgreSQL only.
   */
  databaseReadUrl?: string;
  redisUrl?: string;
  production: boolean;
  /**
   * The development mailbox (DEV_MAILBOX=true): reset codes are kept in the database and shown by
   * GET /login/dev-mailbox to loopback clients only. Never on with NODE_ENV=production (the gateway refuses to start).
   */
  devMailbox: boolean;
  /** Mail transport for reset codes (SMTP_URL, nodemailer's URL form: smtps://user:pass@mail.example:465). */
  smtpUrl?: string;
  /** Sender of the gateway's e-mails (MAIL_FROM); required with SMTP_URL, since mail servers refuse unknown senders. */
  mailFrom?: string;
  /** Signing key for access tokens (HS256). Generated per data directory when not given. */
  jwtSecret?: string;
  /** ISO instant the gateway clock starts at; it runs in real time from there. */
  clockStart?: number;
  /**
   * The real instant at which the clock read `clockStart` (CLOCK_START_AT); by default the process's start. Instances
   * of one cluster given the same pair share one pinned clock, whenever each started.
   */
  clockStartAt?: number;
  /** Directory of the built SPA to serve. */
  staticDir: string;
  logLevel: string;
  /** Seed the demo call centre into an empty database. */
  seedDemo: boolean;
  /** With the demo, today's calls and dispositions so far (goals and follow-ups show real numbers). */
  seedHistory: boolean;
  /**
   * The embedded SIP-over-WebSocket endpoint with its media peer (reference/telephony.md §2), at
   * `sipPath` on the gateway's own port: WebRTC softphones register there and carry real audio. Off, a
   * WebRTC agent counts as registered while its socket is connected (tests that need no audio).
   */
  sipEdge: boolean;
  sipPath: string;
  /** Where softphones connect when the SIP endpoint is a real PBX (wss://pbx.example:443); unset: the gateway's own. */
  sipWsUrl?: string;
  /**
   * The simulated PBX's profile overrides (SIM_PROFILE, JSON of a partial SimProfile; a field given replaces
   * the default field whole), e.g. '{"outcomeWeights":{"manual":{"human":1},"auto":{"human":1}}}' so every
   * auto dial reaches a person in an end-to-end test or a demonstration.
   */
  simProfile?: Record<string, unknown>;
  /**
   * Which PBX carries the calls (PBX): 'sim', the embedded simulated PBX (default), or 'asterisk', an
   * Asterisk reached through ARI (`ari`, docs/deploy.md).
   */
  pbx: "sim" | "asterisk";
  /**
   * How long a lead waits on hold for an agent whose phone dropped mid-call (a page reload, a browser crash),
   * in seconds (CALL_REJOIN_SECONDS, 0–600, default 60; 0: the call ends when the phone drops).
   */
  callRejoinSeconds: number;
  /**
   * How many auto-dials one instance runs at once (DIALS_IN_FLIGHT, 1–1000, default 8); the next is answered 503
   * with Retry-After at once, and the page asks again (server/dialer/admission.ts).
   */
  dialsInFlight: number;
  /** PBX=asterisk: ARI_URL, ARI_USER, ARI_PASSWORD, ARI_APP, ARI_TRUNK, ARI_AMD_CONTEXT, ARI_MOH_CLASS. */
  ari?: AriConfigFromEnv;
  /**
   * Where the booking form's weather comes from (WEATHER_PROVIDER): 'deterministic' (default: generated
   * offline, the same for the same place and day) or 'open-meteo' (OPEN_METEO_URL, OPEN_METEO_API_KEY).
   */
  weatherProvider: "deterministic" | "open-meteo";
  /** Open-Meteo's forecast endpoint; by default the customer host with an API key, else the free one. */
  openMeteoUrl: string;
  /** Open-Meteo's API key (a paid plan: the free endpoint is for non-commercial use only). */
  openMeteoApiKey?: string;
  /**
   * Where call recordings are kept (RECORDINGS_STORE): 'local' (default: files under DATA_DIR/recordings) or
   * 's3', S3-compatible object storage (S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID,
   * S3_SECRET_ACCESS_KEY, S3_PREFIX), spooled under DATA_DIR/recordings-spool until uploaded.
   */
  recordingsStore: { kind: "local" } | ({ kind: "s3" } & ObjectStorageConfig);
}

function recordingsStoreFrom(env: NodeJS.ProcessEnv): GatewayConfig["recordingsStore"] {
  const kind = env.RECORDINGS_STORE || "local";
  if (kind === "local") return { kind };
  if (kind !== "s3") throw new Error(`RECORDINGS_STORE must be local or s3: ${kind}`);
  const missing = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`RECORDINGS_STORE=s3 needs ${missing.join(", ")}`);
  if (!URL.canParse(env.S3_ENDPOINT!)) throw new Error(`S3_ENDPOINT is not a URL: ${env.S3_ENDPOINT}`);
  return {
    kind,
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION || "us-east-1",
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    prefix: env.S3_PREFIX ?? "",
  };
}

const WEATHER_PROVIDERS = ["deterministic", "open-meteo"] as const;

export function readConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const clockStart = env.CLOCK_START ? Date.parse(env.CLOCK_START) : undefined;
  if (env.CLOCK_START && Number.isNaN(clockStart)) throw new Error(`CLOCK_START is not an ISO instant: ${env.CLOCK_START}`);
  const clockStartAt = env.CLOCK_START_AT ? Date.parse(env.CLOCK_START_AT) : undefined;
  if (env.CLOCK_START_AT && (Number.isNaN(clockStartAt) || !env.CLOCK_START))
    throw new Error(`CLOCK_START_AT needs CLOCK_START and must be an ISO instant: ${env.CLOCK_START_AT}`);
  const production = env.NODE_ENV === "production";
  const devMailbox = env.DEV_MAILBOX === "true";
  // The mailbox hands out reset codes: a production build that asks for it is misconfigured, not a demo.
  if (devMailbox && production) {
    throw new Error(
      "DEV_MAILBOX=true is refused with NODE_ENV=production: reset codes go by e-mail (SMTP_URL, MAIL_FROM). " +
        "npm start turns the mailbox on for the demo; start a production gateway with `npx tsx server/index.ts`.",
    );
  }
  if (env.SMTP_URL && !env.MAIL_FROM) throw new Error("SMTP_URL is set without MAIL_FROM, the sender address of the gateway's e-mails");
  const weatherProvider = (env.WEATHER_PROVIDER || "deterministic") as GatewayConfig["weatherProvider"];
  if (!WEATHER_PROVIDERS.includes(weatherProvider))
    throw new Error(`WEATHER_PROVIDER must be one of ${WEATHER_PROVIDERS.join(", ")}: ${env.WEATHER_PROVIDER}`);
  const databaseReadUrl = env.DATABASE_READ_URL || undefined;
  // A replica is a PostgreSQL server's: the embedded PGlite has no second place to read from.
  if (databaseReadUrl && !env.DATABASE_URL)
    throw new Error("DATABASE_READ_URL is a replica of DATABASE_URL's database: set DATABASE_URL too");
  if (databaseReadUrl && !URL.canParse(databaseReadUrl))
    throw new Error("DATABASE_READ_URL is not a URL (postgres://user@host:5432/database)");
  const openMeteoApiKey = env.OPEN_METEO_API_KEY || undefined;
  const openMeteoUrl = env.OPEN_METEO_URL || (openMeteoApiKey ? OPEN_METEO_CUSTOMER_URL : OPEN_METEO_FREE_URL);
  if (!URL.canParse(openMeteoUrl)) throw new Error(`OPEN_METEO_URL is not a URL: ${openMeteoUrl}`);
  return {
    port: Number(env.PORT ?? 8080),
    // Loopback unless told otherwise: the demo's accounts share a published password.
    host: env.HOST || "127.0.0.1",
    allowedHosts: parseAllowedHosts(env.ALLOWED_HOSTS),
    dataDir: env.DATA_DIR ?? path.resolve("data"),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrl,
    redisUrl: env.REDIS_URL || undefined,
    production,
    devMailbox,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    clockStart,
    clockStartAt,
    staticDir: env.STATIC_DIR ?? path.resolve("dist"),
    logLevel: env.LOG_LEVEL ?? "info",
    seedDemo: env.SEED_DEMO !== "false",
    seedHistory: env.SEED_HISTORY !== "false",
    sipEdge: env.SIP_EDGE !== "false",
    sipPath: "/sip",
    sipWsUrl: env.SIP_WS_URL || undefined,
    simProfile: env.SIM_PROFILE ? parseJsonObject("SIM_PROFILE", env.SIM_PROFILE) : undefined,
    ...pbxFrom(env),
    callRejoinSeconds: rejoinSecondsFrom(env),
    dialsInFlight: dialsInFlightFrom(env),
    weatherProvider,
    openMeteoUrl,
    openMeteoApiKey,
    recordingsStore: recordingsStoreFrom(env),
  };
}

function rejoinSecondsFrom(env: NodeJS.ProcessEnv): number {
  if (!env.CALL_REJOIN_SECONDS) return CALL_REJOIN_DEFAULT_SECONDS;
  const s = Number(env.CALL_REJOIN_SECONDS);
  if (!Number.isInteger(s) || s < 0 || s > 600)
    throw new Error(`CALL_REJOIN_SECONDS must be a whole number of seconds from 0 to 600: ${env.CALL_REJOIN_SECONDS}`);
  return s;
}

function dialsInFlightFrom(env: NodeJS.ProcessEnv): number {
  if (!env.DIALS_IN_FLIGHT) return DIALS_IN_FLIGHT_DEFAULT;
  const n = Number(env.DIALS_IN_FLIGHT);
  if (!Number.isInteger(n) || n < 1 || n > 1000)
    throw new Error(`DIALS_IN_FLIGHT must be a whole number from 1 to 1000: ${env.DIALS_IN_FLIGHT}`);
  return n;
}

export interface AriConfigFromEnv {
  url: string;
  user: string;
  password: string;
  app?: string;
  trunk?: string;
  amdContext?: string;
  mohClass?: string;
}

/** PBX and, for Asterisk, the ARI variables: a gateway told to use Asterisk without its address refuses to start. */
function pbxFrom(env: NodeJS.ProcessEnv): Pick<GatewayConfig, "pbx" | "ari"> {
  const pbx = (env.PBX || "sim") as GatewayConfig["pbx"];
  if (pbx !== "sim" && pbx !== "asterisk") throw new Error(`PBX must be sim or asterisk: ${env.PBX}`);
  if (pbx === "sim") return { pbx };
  // Softphones register to Asterisk itself (its wss transport), not to the gateway's embedded endpoint.
  const missing = ["ARI_URL", "ARI_USER", "ARI_PASSWORD", "SIP_WS_URL"].filter((k) => !env[k]);
  if (missing.length) throw new Error(`PBX=asterisk needs ${missing.join(", ")} (docs/deploy.md)`);
  if (!URL.canParse(env.ARI_URL!)) throw new Error(`ARI_URL is not a URL: ${env.ARI_URL}`);
  return {
    pbx,
    ari: {
      url: env.ARI_URL!,
      user: env.ARI_USER!,
      password: env.ARI_PASSWORD!,
      ...(env.ARI_APP ? { app: env.ARI_APP } : {}),
      ...(env.ARI_TRUNK ? { trunk: env.ARI_TRUNK } : {}),
      ...(env.ARI_AMD_CONTEXT ? { amdContext: env.ARI_AMD_CONTEXT } : {}),
      ...(env.ARI_MOH_CLASS ? { mohClass: env.ARI_MOH_CLASS } : {}),
    },
  };
}

function parseJsonObject(name: string, raw: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new Error(`${name} is not JSON: ${raw}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error(`${name} must be a JSON object`);
  return value as Record<string, unknown>;
}
