// Issue 11, finding 7: two gateways on one PGlite data directory each kept their own pages and lost confirmed
// writes. The data directory is locked by the process that opens it: a second one is refused with a message
// that names the owner and the way to run several instances; a crashed owner's lock is taken over.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../seed/accounts";
import { startGatewayProcess, type GatewayProcess } from "../test/process";
import { LOCK_FILE, lockDataDir, openDatabase } from "./client";

const dirs: string[] = [];
const freshDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "dialer-lock-"));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid!;
const lockOf = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8")) as { pid: number };

describe("the PGlite data directory lock", () => {
  it("refuses a second opening while the first is open, naming its pid; a clean close removes the lock", async () => {
    const dir = freshDir();
    const first = await openDatabase({ dataDir: dir });
    try {
      expect(lockOf(dir).pid).toBe(process.pid);
      const second = openDatabase({ dataDir: dir });
      await expect(second).rejects.toThrow(`in use by another gateway (pid ${process.pid})`);
      await expect(second).rejects.toThrow("several instances need PostgreSQL (DATABASE_URL)");
      // The refused opening left the owner's lock alone.
      expect(lockOf(dir).pid).toBe(process.pid);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it("takes over the lock of a process that has died, and of one written half", async () => {
    const dir = freshDir();
    const dead = deadPid();
    fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: dead, host: os.hostname() }));
    const database = await openDatabase({ dataDir: dir });
    expect(lockOf(dir).pid).toBe(process.pid);
    await database.close();

    fs.writeFileSync(path.join(dir, LOCK_FILE), '{"pid":');
    lockDataDir(dir).release();
    expect(fs.readdirSync(dir).filter((f) => f.startsWith(LOCK_FILE))).toEqual([]);
  });

  it("refuses while another live process holds the lock", () => {
    const dir = freshDir();
    // The test runner's parent: alive for as long as this test runs.
    fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid, host: os.hostname() }));
    expect(() => lockDataDir(dir)).toThrow(`(pid ${process.ppid})`);
    expect(lockOf(dir).pid).toBe(process.ppid);
  });

  it("takes over a lock with this process's own pid that it does not hold (a container's previous boot)", () => {
    const dir = freshDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: process.pid, host: "a-previous-container" }));
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(`(pid ${process.pid})`);
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it("takes over the lock of a pid now reused by another process", () => {
    const dir = freshDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid, started: "1" }));
    lockDataDir(dir).release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });
});

describe.skipIf(process.env.TEST_DB === "postgres")("two gateway processes on one data directory", () => {
  let first: GatewayProcess | undefined;
  let dir: string;
  beforeAll(() => {
    dir = freshDir();
  });
  afterAll(async () => {
    await first?.stop("SIGKILL");
  });

  it("the second exits non-zero with the message while the first keeps serving", { timeout: 180_000 }, async () => {
    first = await startGatewayProcess({ dataDir: dir });
    const err = await startGatewayProcess({ dataDir: dir }).then(
      () => new Error("the second gateway started"),
      (e: Error) => e,
    );
    expect(err.message).toMatch(/exited before it listened \(exit code [1-9]\d*\)/);
    expect(err.message).toContain(`in use by another gateway (pid ${first.child.pid})`);
    expect(err.message).toContain("several instances need PostgreSQL (DATABASE_URL)");

    const login = await fetch(`${first.url}/api/v1/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "qualifier.isius@demo.test", password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(201);
    const made = await fetch(`${first.url}/api/v1/leads`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: login.headers.get("authorization")!,
        cookie: login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; "),
      },
      body: JSON.stringify({ phone: "5555557001", type: "manual" }),
    });
    expect(made.status).toBe(201);

    await first.stop("SIGTERM");
    expect(first.child.exitCode).toBe(0);
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });
});
