// A request's authentication without a statement of its own (issue 39), and what must still hold with the sessions
// kept in each instance's memory: a sign-out or a disabled account refused at once on this instance and within a
// second on another; the upkeep written for all sessions together.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../db/schema";
import { startTestGateway, type TestClient, type TestGateway } from "../test/harness";
import { countStatements } from "../test/statements";
import { SESSION_LIMITS } from "./sessions";
import { UPKEEP_FLUSH_MS } from "./sessionUpkeep";

let a: TestGateway;
let b: TestGateway;
beforeAll(async () => {
  a = await startTestGateway();
  // Another instance on the same database and clock (it serves HTTP; the first drives the PBX).
  b = await startTestGateway({ peerOf: a, drivesTelephony: false });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** The same browser's next request, sent to the other instance. */
function onOther(c: TestClient, gw: TestGateway): TestClient {
  const other = gw.client();
  other.cookies = { ...c.cookies };
  other.token = c.token;
  return other;
}

const touchesSessions = (statements: string[]) => statements.filter((s) => /\bsessions\b/.test(s));

describe("a request's session, kept in memory", () => {
  it("costs the gateway no statement on the session once it is known: no read, no write", async () => {
    const c = await a.signIn("qualifier3.isius@demo.test");
    expect((await c.request("GET", "/tenant-features")).statusCode).toBe(200);
    const log = await countStatements(a.database);
    try {
      for (let i = 0; i < 5; i++) expect((await c.request("GET", "/tenant-features")).statusCode).toBe(200);
      expect(touchesSessions(log.take())).toEqual([]);
    } finally {
      log.stop();
    }
  });

  it("writes the sessions' last seen and generation together, once a second, in one statement", async () => {
    const clients = await Promise.all(
      ["qualifier4.isius@demo.test", "qualifier5.isius@demo.test", "advisor.isius@demo.test"].map((e) =>
        a.signIn(e),
      ),
    );
    for (const c of clients) expect((await c.request("GET", "/tenant-features")).statusCode).toBe(200);
    await a.run(UPKEEP_FLUSH_MS);
    a.clock.advance(SESSION_LIMITS.rotateEveryMs);
    const log = await countStatements(a.database);
    try {
      const before = clients.map((c) => c.token);
      for (const c of clients) expect((await c.request("GET", "/tenant-features")).statusCode).toBe(200);
      // Rotated: each answered with a token of the next generation.
      expect(clients.map((c) => c.token)).not.toEqual(before);
      expect(touchesSessions(log.take())).toEqual([]);
      await a.run(UPKEEP_FLUSH_MS);
      const writes = touchesSessions(log.take());
      expect(writes).toHaveLength(1);
      expect(writes[0]).toMatch(/^update sessions/);
    } finally {
      log.stop();
    }
    const seen = a.clock.now() - UPKEEP_FLUSH_MS;
    const written = async () =>
      (await a.db.select({ gen: sessions.gen, lastSeenAt: sessions.lastSeenAt }).from(sessions)).filter(
        (r) => r.gen === 2 && r.lastSeenAt.getTime() === seen,
      ).length;
    // On PostgreSQL the statement may still be on its way.
    await expect.poll(written, { timeout: 2000 }).toBe(3);
  });

  it("a token of a generation not written yet is this session's own, on any instance", async () => {
    const c = await a.signIn("qualifier2.isius@demo.test");
    a.clock.advance(SESSION_LIMITS.rotateEveryMs);
    expect((await c.request("GET", "/tenant-features")).statusCode).toBe(200); // generation 2, not written yet
    // The instance that signed it dies before its upkeep is written, or simply has not written it yet.
    const other = onOther(c, b);
    expect((await other.request("GET", "/tenant-features")).statusCode).toBe(200);
    expect((await c.request("GET", "/tenant-features")).statusCode).toBe(200);
  });

  it("a sign-out is refused at once on its instance and within a second on the other, which had the session kept", async () => {
    const c = await a.signIn("manager.isius@demo.test");
    const other = onOther(c, b);
    expect((await other.request("GET", "/tenant-features")).statusCode).toBe(200); // kept on the other now
    const token = c.token;
    expect((await c.request("POST", "/logout")).statusCode).toBe(204);
    // The token and the fingerprint cookie of before, replayed (the sign-out cleared the page's).
    c.token = token;
    c.cookies = { ...other.cookies };
    expect((await c.request("GET", "/tenant-features")).statusCode).toBe(401);
    other.token = token;
    await expect
      .poll(async () => (await other.request("GET", "/tenant-features")).statusCode, {
        timeout: 1000,
        interval: 50,
      })
      .toBe(401);
  });

  it("an account disabled by any writer (here a statement of its own) is refused within a second on both instances", async () => {
    const c = await a.signIn("qualifier.slica@demo.test");
    const other = onOther(c, b);
    expect((await c.request("GET", "/tenant-features")).statusCode).toBe(200);
    expect((await other.request("GET", "/tenant-features")).statusCode).toBe(200);
    await a.db.update(users).set({ disabled: true }).where(eq(users.email, "qualifier.slica@demo.test"));
    try {
      await expect
        .poll(async () => (await other.request("GET", "/tenant-features")).statusCode, {
          timeout: 1000,
          interval: 50,
        })
        .toBe(401);
      expect((await c.request("GET", "/tenant-features")).statusCode).toBe(401);
    } finally {
      await a.db.update(users).set({ disabled: false }).where(eq(users.email, "qualifier.slica@demo.test"));
    }
  });

  it("a role taken away applies at the next request, though the session was kept", async () => {
    const c = await a.signIn("manager.isius@demo.test");
    expect((await c.request("GET", "/allowed-extensions")).statusCode).toBe(200);
    const [me] = await a.db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.id, idOfToken(c)));
    await a.db.update(users).set({ role: "qualifier" }).where(eq(users.id, me!.id));
    try {
      await expect
        .poll(async () => (await c.request("GET", "/allowed-extensions")).statusCode, {
          timeout: 1000,
          interval: 50,
        })
        .toBe(403);
    } finally {
      await a.db.update(users).set({ role: me!.role }).where(eq(users.id, me!.id));
    }
  });
});

// PostgreSQL only: a row lock held on another connection keeps the upkeep's write on its way (PGlite has one
// connection, which the lock would hold for everyone).
describe.skipIf(process.env.TEST_DB !== "postgres")("the upkeep on its way", () => {
  it("a read of the database before this instance's upkeep has landed does not end the session as idle", async () => {
    const c = await a.signIn("advisor.slica@demo.test");
    const sid = sessionOfToken(c);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Another connection locks the session's row: each flush of last seen waits behind it, as under a loaded database.
    const lock = a.db.transaction(async (tx) => {
      await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, sid)).for("update");
      locked();
      await held;
    });
    await isLocked;
    try {
      // Ten minutes between requests for forty minutes: the database still says the sign-in's time, past the idle limit.
      for (let minute = 10; minute <= 40; minute += 10) {
        a.clock.advance(10 * 60_000);
        expect((await c.request("GET", "/tenant-features")).statusCode).toBe(200);
      }
    } finally {
      release();
      await lock;
    }
  });
});

/** The session id in a client's token. */
function sessionOfToken(c: TestClient): string {
  return (JSON.parse(Buffer.from(c.token!.split(".")[1]!, "base64url").toString()) as { sid: string }).sid;
}

/** The signed-in user's id, from the token's subject. */
function idOfToken(c: TestClient): number {
  const payload = JSON.parse(Buffer.from(c.token!.split(".")[1]!, "base64url").toString()) as { sub: string };
  return Number(payload.sub);
}
