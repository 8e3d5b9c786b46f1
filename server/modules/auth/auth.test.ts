import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LoginChallenge, LoginResponse } from "../../../src/contract/auth";
import { SERVER_TIME_HEADER } from "../../../src/contract/common";
import { startTestGateway, type TestGateway } from "../../test/harness";
import { SESSION_LIMITS } from "../../auth/sessions";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../seed/accounts";
import { auditLog, users } from "../../db/schema";
import { eq } from "drizzle-orm";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

describe("POST /login", () => {
  it("answers 201 with every account field and a rotated bearer token for each demo account", async () => {
    for (const a of DEMO_ACCOUNTS.filter((x) => x.passwordState !== "new_password_required")) {
      const c = gw.client();
      const res = await c.request("POST", "/login", { email: a.email, password: DEMO_PASSWORD });
      expect(res.statusCode, a.email).toBe(201);
      const account = LoginResponse.parse(res.json());
      expect(account.email).toBe(a.email);
      expect(res.headers.authorization).toBe(`Bearer ${account.access_token}`);
      expect(String(res.headers["access-control-expose-headers"])).toContain("Authorization");
      expect(c.cookies.dialer_fp).toBeTruthy();
    }
  });

  it("stamps every API answer, a refusal too, with the gateway's clock (X-Server-Time) for the page to keep time by", async () => {
    // The test clock stands still, so the stamp is exactly its time.
    const refused = await gw.client().request("GET", "/agents/me/status");
    expect(refused.statusCode).toBe(401);
    expect(Number(refused.headers[SERVER_TIME_HEADER])).toBe(gw.clock.now());
    expect(String(refused.headers["access-control-expose-headers"])).toContain(SERVER_TIME_HEADER);
    const q = await gw.signIn("qualifier.isius@demo.test");
    expect(Number((await q.request("GET", "/agents/me/status")).headers[SERVER_TIME_HEADER])).toBe(gw.clock.now());
  });

  it("gives roles and role-filtered permissions", async () => {
    const advisor = LoginResponse.parse((await gw.client().request("POST", "/login", { email: "advisor.isius@demo.test", password: DEMO_PASSWORD })).json());
    expect(advisor.permissions).toEqual(["has_auto_ready"]);
    // Advisors dial outbound unless their eligibility is none or they are inbound-only.
    expect(advisor.roles).toEqual(["advisor", "outbound-eligible"]);
    // Put back whatever happens: other tests sign this advisor in as the demo has it.
    await gw.db.update(users).set({ inboundOnly: true }).where(eq(users.email, "advisor.slica@demo.test"));
    try {
      const inbound = LoginResponse.parse((await gw.client().request("POST", "/login", { email: "advisor.slica@demo.test", password: DEMO_PASSWORD })).json());
      expect(inbound.roles).toEqual(["advisor"]);
    } finally {
      await gw.db.update(users).set({ inboundOnly: false }).where(eq(users.email, "advisor.slica@demo.test"));
    }
    const q = LoginResponse.parse((await gw.client().request("POST", "/login", { email: "qualifier.isius@demo.test", password: DEMO_PASSWORD })).json());
    expect(q.roles).toContain("qualifier");
    expect(q).toMatchObject({ extension: "1001", has_webrtc: true, deactivated: "0", tenant_id: 1 });
  });

  it("refuses a wrong password with 422 and an unknown user with 404, in the specification's words", async () => {
    const wrong = await gw.client().request("POST", "/login", { email: "qualifier2.isius@demo.test", password: "nope-nope" });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe("The username/password combination is incorrect.");
    const unknown = await gw.client().request("POST", "/login", { email: "nobody@demo.test", password: "whatever" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("The username does not exist.");
  });

  it("treats the e-mail case-insensitively", async () => {
    const res = await gw.client().request("POST", "/login", { email: "  Manager.ISIUS@demo.test ", password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(201);
  });
});

describe("session and token rotation", () => {
  it("401 without a token, or with a token but without the fingerprint cookie", async () => {
    expect((await gw.client().request("GET", "/tenant-features")).statusCode).toBe(401);
    const c = await gw.signIn("qualifier3.isius@demo.test");
    const stolen = gw.client();
    stolen.token = c.token;
    expect((await stolen.request("GET", "/tenant-features")).statusCode).toBe(401);
    expect((await c.request("GET", "/tenant-features")).statusCode).toBe(200);
  });

  it("rotates the token on every response and keeps parallel requests and superseded tokens valid", async () => {
    const c = await gw.signIn("qualifier4.isius@demo.test");
    const first = c.token!;
    gw.clock.advance(SESSION_LIMITS.rotateEveryMs);
    // 20 parallel requests all carrying the same token: none is refused.
    const results = await Promise.all(Array.from({ length: 20 }, () => c.request("GET", "/tenant-features")));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(c.token).not.toBe(first);
    // The superseded token still works, with its own session's fingerprint cookie.
    const old = gw.client();
    old.cookies = { ...c.cookies };
    old.token = first;
    gw.clock.advance(29_000);
    expect((await old.request("GET", "/tenant-features")).statusCode).toBe(200);
  });

  it("overload never signs out: a superseded token that reaches a busy gateway minutes late is accepted", async () => {
    const c = await gw.signIn("qualifier5.isius@demo.test");
    const first = c.token!;
    gw.clock.advance(SESSION_LIMITS.rotateEveryMs);
    await c.request("GET", "/tenant-features"); // rotates: the first token is now superseded
    // Before: a superseded token presented more than 30 s after it was superseded ended the whole session.
    gw.clock.advance(5 * 60_000);
    const late = gw.client();
    late.cookies = { ...c.cookies };
    late.token = first;
    expect((await late.request("GET", "/tenant-features")).statusCode).toBe(200);
    expect((await c.request("GET", "/tenant-features")).statusCode).toBe(200);
  });

  it("a token presented with another client's fingerprint cookie ends its session (theft)", async () => {
    const victim = await gw.signIn("ops@demo.test");
    const thief = await gw.signIn("manager.isius@demo.test");
    const stolen = gw.client();
    stolen.cookies = { ...thief.cookies };
    stolen.token = victim.token;
    expect((await stolen.request("GET", "/tenant-features")).statusCode).toBe(401);
    // The token left its browser: the victim's session ends too, and must sign in again.
    expect((await victim.request("GET", "/tenant-features")).statusCode).toBe(401);
    expect((await thief.request("GET", "/tenant-features")).statusCode).toBe(200);
  });

  it("stays signed in through an 8-hour shift of activity, ends after 30 idle minutes and at the absolute limit", async () => {
    // A gateway of its own: the shift moves its clock over ten hours on, which no other test expects.
    const own = await startTestGateway();
    try {
      const c = await own.signIn("advisor.isius@demo.test");
      for (let minute = 0; minute < 8 * 60; minute += 10) {
        own.clock.advance(10 * 60_000);
        expect((await c.request("GET", "/tenant-features")).statusCode).toBe(200);
      }
      const idle = await own.signIn("advisor.isius@demo.test");
      own.clock.advance(SESSION_LIMITS.idleMs + 1000);
      expect((await idle.request("GET", "/tenant-features")).statusCode).toBe(401);
      own.clock.advance(2 * 60 * 60_000); // the shift client is now past 10 hours
      expect((await c.request("GET", "/tenant-features")).statusCode).toBe(401);
    } finally {
      await own.close();
    }
  });

  it("logout ends the session: the last tokens are refused", async () => {
    const c = await gw.signIn("manager.isius@demo.test");
    const before = c.token!;
    expect((await c.request("POST", "/logout")).statusCode).toBe(204);
    const replay = gw.client();
    replay.token = before;
    replay.cookies = { dialer_fp: "anything" };
    expect((await replay.request("GET", "/tenant-features")).statusCode).toBe(401);
    c.token = before;
    expect((await c.request("GET", "/tenant-features")).statusCode).toBe(401);
  });

  it("disabling an account ends its sessions at the next request", async () => {
    const c = await gw.signIn("qualifier2.isius@demo.test");
    // Put back whatever happens: other tests sign this qualifier in.
    await gw.db.update(users).set({ disabled: true }).where(eq(users.email, "qualifier2.isius@demo.test"));
    try {
      expect((await c.request("GET", "/tenant-features")).statusCode).toBe(401);
      const again = await gw.client().request("POST", "/login", { email: "qualifier2.isius@demo.test", password: DEMO_PASSWORD });
      expect(again.statusCode).toBe(403);
    } finally {
      await gw.db.update(users).set({ disabled: false }).where(eq(users.email, "qualifier2.isius@demo.test"));
    }
  });

  it("rejects forged tokens: alg none, wrong key, garbage", async () => {
    const c = await gw.signIn("qualifier.slica@demo.test");
    const [, payload] = c.token!.split(".");
    for (const forged of [
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${payload}.`,
      `${c.token!.slice(0, -4)}AAAA`,
      "not-a-jwt",
    ]) {
      const f = gw.client();
      f.cookies = { ...c.cookies };
      f.token = forged;
      expect((await f.request("GET", "/tenant-features")).statusCode).toBe(401);
    }
  });
});

describe("create-password challenge", () => {
  it("newcomer gets the challenge, creates a password and then signs in with it", async () => {
    // A gateway of its own: the newcomer leaves with a password of its own, no longer the challenge.
    const own = await startTestGateway();
    try {
      const c = own.client();
      const first = await c.request("POST", "/login", { email: "newcomer@demo.test", password: DEMO_PASSWORD });
      expect(first.statusCode).toBe(202);
      const challenge = LoginChallenge.parse(first.json());
      expect(challenge.challenge).toBe("new_password_required");
      const short = await c.request("POST", "/login/create-password", { email: "newcomer@demo.test", session: challenge.session, password: "short" });
      expect(short.statusCode).toBe(422);
      expect(short.json().errors.password).toBeDefined();
      const forged = await c.request("POST", "/login/create-password", { email: "newcomer@demo.test", session: "x.y.z", password: "a-Brand-new-pass" });
      expect(forged.statusCode).toBe(401);
      const ok = await c.request("POST", "/login/create-password", { email: "newcomer@demo.test", session: challenge.session, password: "a-Brand-new-pass" });
      expect(ok.statusCode).toBe(204);
      // The challenge works once.
      const again = await c.request("POST", "/login/create-password", { email: "newcomer@demo.test", session: challenge.session, password: "another-pass-123" });
      expect(again.statusCode).toBe(401);
      expect((await own.client().request("POST", "/login", { email: "newcomer@demo.test", password: "a-Brand-new-pass" })).statusCode).toBe(201);
    } finally {
      await own.close();
    }
  });
});

describe("reset password", () => {
  it("sends a code to the development mailbox and changes the password with it", async () => {
    // A gateway of its own: qualifier3 leaves with a new password, and other tests sign it in with the demo one.
    const own = await startTestGateway();
    try {
      const email = "qualifier3.isius@demo.test";
      const c = own.client();
      const req = await c.request("POST", "/login/reset-password", { email });
      expect(req.statusCode).toBe(202);
      expect(req.json().message).toBe("The password reset request has been sent. You should receive the code.");
      const mailbox = await c.request("GET", `/login/dev-mailbox?email=${encodeURIComponent(email)}`);
      const code: string = mailbox.json().data[0].code;
      expect(code).toMatch(/^\d{6}$/);
      const wrongCode = code === "000000" ? "111111" : "000000";
      const bad = await c.request("POST", "/login/reset-password/confirm", { email, code: wrongCode, password: "Reset-pass-2026" });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.code).toEqual(["The code is invalid or has expired."]);
      const ok = await c.request("POST", "/login/reset-password/confirm", { email, code, password: "Reset-pass-2026" });
      expect(ok.statusCode).toBe(204);
      expect((await own.client().request("POST", "/login", { email, password: "Reset-pass-2026" })).statusCode).toBe(201);
      expect((await own.client().request("POST", "/login", { email, password: DEMO_PASSWORD })).statusCode).toBe(422);
      // Used codes do not work twice.
      expect((await c.request("POST", "/login/reset-password/confirm", { email, code, password: "Other-pass-2026" })).statusCode).toBe(422);
    } finally {
      await own.close();
    }
  });

  it("answers 202 for an unknown address too, and the mailbox does not exist in production", async () => {
    expect((await gw.client().request("POST", "/login/reset-password", { email: "ghost@demo.test" })).statusCode).toBe(202);
    const prod = await startTestGateway({ production: true });
    try {
      expect((await prod.client().request("GET", "/login/dev-mailbox?email=a@b.c")).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe("throttling", () => {
  it("answers 429 with Retry-After after ten failures in a row from one client, and never locks out the agent's own browser", async () => {
    // A gateway of its own: the ten failures lock advisor.slica out for every client here without its device
    // cookie (they all come from one address), and the clock moves on; other tests sign that advisor in.
    const own = await startTestGateway();
    try {
      const email = "advisor.slica@demo.test";
      const agent = await own.signIn(email); // this browser now holds the account's device cookie
      await agent.request("POST", "/logout");
      const stranger = own.client();
      for (let i = 0; i < 10; i++) {
        expect((await stranger.request("POST", "/login", { email, password: `guess-${i}` }, { "x-forwarded-for": "203.0.113.9" })).statusCode).toBe(422);
      }
      const locked = await stranger.request("POST", "/login", { email, password: DEMO_PASSWORD });
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
      // The agent's browser (device cookie) still signs in.
      expect((await agent.request("POST", "/login", { email, password: DEMO_PASSWORD })).statusCode).toBe(201);
      own.clock.advance(16 * 60_000);
      expect((await stranger.request("POST", "/login", { email, password: DEMO_PASSWORD })).statusCode).toBe(201);
    } finally {
      await own.close();
    }
  });
});

describe("logging", () => {
  it("audits sign-ins and never stores a password or token", async () => {
    await gw.client().request("POST", "/login", { email: "admin@demo.test", password: "wrong-password!" });
    const rows = await gw.db.select().from(auditLog);
    expect(rows.some((r) => r.action === "login" && r.outcome === "failure")).toBe(true);
    const dump = JSON.stringify(rows);
    expect(dump).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
    expect(dump).not.toContain("wrong-password!");
    expect(dump).not.toContain(DEMO_PASSWORD);
  });
});
