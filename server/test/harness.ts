// A whole gateway in memory for tests: PGlite (or a fresh PostgreSQL database when TEST_DB=postgres), the demo
// seed, a manual clock, and clients that sign in and keep their rotated token and cookies like a browser.
import { randomBytes } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { manualClock, type ManualClock } from "../../src/core/clock";
import { API_BASE } from "../../src/contract/common";
import { buildGateway, type BuiltGateway } from "../app";
import { readConfig } from "../config";
import { openDatabase, type Database } from "../db/client";
import { DEMO_PASSWORD } from "../seed/accounts";

export interface TestGateway extends BuiltGateway {
  clock: ManualClock;
  db: Database["db"];
  client(): TestClient;
  /** Signs in a demo account (demo password) and returns its client. */
  signIn(email: string, password?: string): Promise<TestClient>;
  close(): Promise<void>;
}

export interface TestClient {
  token?: string;
  cookies: Record<string, string>;
  request(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (process.env.TEST_DB === "postgres" && process.env.DATABASE_URL) {
    const pg = (await import("pg")).default;
    const name = `dialer_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() });
    return {
      database,
      async drop() {
        await database.close();
        const a = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const database = await openDatabase({ dataDir: "memory" });
  return { database, drop: () => database.close() };
}

export async function startTestGateway(opts: { production?: boolean } = {}): Promise<TestGateway> {
  const clock = manualClock(Date.parse("2026-01-05T15:00:00Z"));
  const { database, drop } = await openTestDatabase();
  const config = {
    ...readConfig({}),
    dataDir: "memory",
    staticDir: "/nonexistent",
    production: opts.production ?? false,
    jwtSecret: "test-secret-".padEnd(48, "x"),
    logLevel: "silent",
  };
  const built = await buildGateway(config, { clock, database, logger: false });
  await built.app.ready();

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
          if (ck.value === "" || ck.maxAge === 0 || (ck.expires && ck.expires.getTime() < Date.now())) delete c.cookies[ck.name];
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
      if (res.statusCode !== 201) throw new Error(`sign-in of ${email} answered ${res.statusCode}: ${res.body}`);
      return c;
    },
    async close() {
      await built.app.close();
      await drop();
    },
  };
}
