// Manager notifications through a whole gateway: a manager posts, the agents it reaches hear `notification` on
// their sockets; team-only reaches that manager's team alone; bad bodies and other roles write nothing.
import { count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  AgentNotification,
  AgentNotificationList,
  NOTIFICATION_MESSAGES as M,
} from "../../../src/contract/notifications";
import { notificationRecipients, notifications, users } from "../../db/schema";
import { connected, next, none } from "../../realtime/testing";
import {
  startTestGateway,
  type AgentClientSocket,
  type TestClient,
  type TestGateway,
} from "../../test/harness";

let gw: TestGateway;
let manager: TestClient;
let manager2: TestClient;
const opened: AgentClientSocket[] = [];

beforeAll(async () => {
  gw = await startTestGateway({ listen: true });
  manager = await gw.signIn("manager.isius@demo.test");
  // A second ISIUS manager, whose team is qualifier5.isius: the demo has one manager per call centre.
  const [dana] = await gw.db.select().from(users).where(eq(users.email, "manager.isius@demo.test"));
  const [other] = await gw.db
    .insert(users)
    .values({
      tenantId: dana!.tenantId,
      email: "manager2.isius@demo.test",
      passwordHash: dana!.passwordHash,
      firstName: "Lee",
      lastName: "Hart",
      role: "manager",
    })
    .returning();
  await gw.db
    .update(users)
    .set({ managerId: other!.id })
    .where(eq(users.email, "qualifier5.isius@demo.test"));
  manager2 = await gw.signIn("manager2.isius@demo.test");
});
afterAll(() => gw.close());
afterEach(() => {
  for (const s of opened.splice(0)) s.disconnect();
});

const post = (c: TestClient, body: unknown, headers?: Record<string, string>) =>
  c.request("POST", "/notifications", body, headers);
const valid = {
  message: "Team meeting at 3 pm in room B",
  type: "warning",
  dismissible: true,
  expires: true,
  timeout: 30,
  teamMembersOnly: true,
};

async function agentOnline(email: string): Promise<{ c: TestClient; s: AgentClientSocket }> {
  const c = await gw.signIn(email);
  const s = gw.socket(c);
  opened.push(s);
  await connected(s);
  return { c, s };
}

const stored = async () => (await gw.db.select({ n: count() }).from(notifications))[0]!.n;

describe("POST /notifications", () => {
  it("a manager's notification reaches the call centre's agents on their sockets, not another call centre's", async () => {
    const q = await agentOnline("qualifier.isius@demo.test");
    const q5 = await agentOnline("qualifier5.isius@demo.test");
    const slica = await agentOnline("qualifier.slica@demo.test");
    const heard = [next(q.s, "notification"), next(q5.s, "notification")];
    const silent = none(slica.s, "notification", 400);
    const res = await post(manager, {
      ...valid,
      message: "  Everyone: new scripts are live today  ",
      teamMembersOnly: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    const agents = await gw.db.select({ id: users.id }).from(users).where(eq(users.tenantId, 1));
    expect(res.json().data.recipients).toBeGreaterThan(0);
    expect(res.json().data.recipients).toBeLessThan(agents.length); // agents only: not the managers and admins
    for (const p of await Promise.all(heard)) {
      expect(AgentNotification.parse(p)).toEqual({
        id: res.json().data.id,
        message: "Everyone: new scripts are live today",
        type: "warning",
        dismissible: true,
        expires: true,
        timeout: 30,
        teamMembersOnly: false,
        sentAt: new Date(gw.clock.now()).toISOString(),
        remainingMs: 30_000,
      });
    }
    await silent;
    const [row] = await gw.db.select().from(notifications).where(eq(notifications.id, res.json().data.id));
    expect(row).toMatchObject({
      senderId: await gw.idOf("manager.isius@demo.test"),
      tenantId: 1,
      scope: "tenant",
      message: "Everyone: new scripts are live today",
    });
    expect(row!.expiresAt!.getTime()).toBe(gw.clock.now() + 30_000);
  });

  it("teamMembersOnly reaches only the sender's team: not another manager's agents, nor another call centre", async () => {
    const q = await agentOnline("qualifier.isius@demo.test");
    const q5 = await agentOnline("qualifier5.isius@demo.test");
    const slica = await agentOnline("qualifier.slica@demo.test");
    const mine = next(q.s, "notification");
    const notQ5 = none(q5.s, "notification", 400);
    const notSlica = none(slica.s, "notification", 400);
    const res = await post(manager, { ...valid, message: "Dana's team: huddle in five" });
    expect(res.statusCode, res.body).toBe(201);
    expect(await mine).toMatchObject({ message: "Dana's team: huddle in five", teamMembersOnly: true });
    await Promise.all([notQ5, notSlica]);
    const reached = await gw.db
      .select({ userId: notificationRecipients.userId })
      .from(notificationRecipients)
      .where(eq(notificationRecipients.notificationId, res.json().data.id));
    const team = await gw.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.managerId, await gw.idOf("manager.isius@demo.test")));
    expect(new Set(reached.map((r) => r.userId))).toEqual(new Set(team.map((u) => u.id)));
    expect(reached.map((r) => r.userId)).not.toContain(await gw.idOf("qualifier5.isius@demo.test"));

    // The other manager's team notification reaches qualifier5 only.
    const theirs = next(q5.s, "notification");
    const notQ = none(q.s, "notification", 400);
    const res2 = await post(manager2, { ...valid, message: "Lee's team: quiet hour now", type: "success" });
    expect(res2.json().data.recipients).toBe(1);
    expect(await theirs).toMatchObject({ message: "Lee's team: quiet hour now", type: "success" });
    await notQ;
  });

  it("admins and operations-managers may send; qualifiers and advisors get 403 and nothing is stored", async () => {
    for (const email of ["admin@demo.test", "ops@demo.test"]) {
      const res = await post(await gw.signIn(email), { ...valid, teamMembersOnly: false });
      expect(res.statusCode, email).toBe(201);
    }
    const before = await stored();
    for (const email of ["qualifier.isius@demo.test", "advisor.isius@demo.test"]) {
      const res = await post(await gw.signIn(email), valid);
      expect(res.statusCode, email).toBe(403);
    }
    expect(await stored()).toBe(before);
  });

  it("refuses bad bodies with 422 and the form's texts, and stores nothing", async () => {
    const before = await stored();
    const cases: [unknown, string, string][] = [
      [{ ...valid, message: "   short    " }, "message", M.tooShort],
      [{ ...valid, message: "x".repeat(101) }, "message", M.tooLong],
      [{ ...valid, message: "      " }, "message", M.required],
      [{ type: "success", timeout: 5 }, "message", M.required],
      [{ ...valid, type: undefined }, "type", M.typeRequired],
      [{ ...valid, type: "info" }, "type", M.typeRequired],
      [{ ...valid, timeout: undefined }, "timeout", M.timeoutRequired],
      [{ ...valid, timeout: null }, "timeout", M.timeoutRequired],
      [{ ...valid, timeout: 0 }, "timeout", M.timeoutTooLow],
    ];
    for (const [body, field, text] of cases) {
      const res = await post(manager, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field]?.[0], JSON.stringify(res.json())).toBe(text);
    }
    expect(await stored()).toBe(before);
  });

  it("trims the message (101 characters with blanks around is fine) and ignores the timeout when it does not expire", async () => {
    const res = await post(manager, {
      message: `  ${"y".repeat(100)}  `,
      type: "error",
      expires: false,
      timeout: 0,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await gw.db.select().from(notifications).where(eq(notifications.id, res.json().data.id));
    expect(row).toMatchObject({
      message: "y".repeat(100),
      expires: false,
      timeout: null,
      expiresAt: null,
      dismissible: true,
      scope: "team",
    });
  });

  it("takes an Idempotency-Key: a retry answers the first result and sends nothing again", async () => {
    const q = await agentOnline("qualifier.isius@demo.test");
    const first = next(q.s, "notification");
    const before = await stored();
    const headers = { "idempotency-key": "notif-retry-1" };
    const a = await post(manager, { ...valid, message: "Only once, please" }, headers);
    expect(a.statusCode).toBe(201);
    await first;
    const again = none(q.s, "notification", 400);
    const b = await post(manager, { ...valid, message: "Only once, please" }, headers);
    expect(b.statusCode).toBe(201);
    expect(b.headers["idempotent-replayed"]).toBe("true");
    expect(b.json()).toEqual(a.json());
    await again;
    expect(await stored()).toBe(before + 1);
    expect((await post(manager, { ...valid, message: "Another text, same key" }, headers)).statusCode).toBe(
      422,
    );
  });
});

describe("the notifications an agent still has", () => {
  it("an agent who opens the dialer later gets what still waits: expiring ones until their timeout, others until confirmed", async () => {
    const keeps = await post(manager, { ...valid, message: "Please read the new policy", expires: false });
    const goes = await post(manager, { ...valid, message: "Coffee in the kitchen", timeout: 60 });
    gw.clock.advance(20_000);
    const c = await gw.signIn("qualifier3.isius@demo.test");
    const list = async () =>
      AgentNotificationList.parse((await c.request("GET", "/agents/me/notifications")).json()).data;
    let waiting = await list();
    expect(waiting.find((n) => n.id === keeps.json().data.id)).toMatchObject({
      expires: false,
      remainingMs: null,
    });
    expect(waiting.find((n) => n.id === goes.json().data.id)).toMatchObject({
      expires: true,
      timeout: 60,
      remainingMs: 40_000,
    });

    gw.clock.advance(40_000);
    waiting = await list();
    expect(waiting.map((n) => n.id)).toContain(keeps.json().data.id);
    expect(waiting.map((n) => n.id)).not.toContain(goes.json().data.id);

    const confirm = await c.request("PUT", `/agents/me/notifications/${keeps.json().data.id}`, {
      answer: "confirmed",
    });
    expect(confirm.statusCode).toBe(204);
    // A retry, or a dismissal after it, keeps the first answer.
    expect(
      (await c.request("PUT", `/agents/me/notifications/${keeps.json().data.id}`, { answer: "dismissed" }))
        .statusCode,
    ).toBe(204);
    expect((await list()).map((n) => n.id)).not.toContain(keeps.json().data.id);
    const mine = await gw.db
      .select()
      .from(notificationRecipients)
      .where(eq(notificationRecipients.userId, await gw.idOf("qualifier3.isius@demo.test")));
    expect(mine.find((r) => r.notificationId === keeps.json().data.id)).toMatchObject({
      answer: "confirmed",
    });
  });

  it("answering a notification not sent to the caller is 404", async () => {
    const res = await post(manager, { ...valid, message: "Dana's team only, again" });
    const slica = await gw.signIn("qualifier.slica@demo.test");
    expect(
      (await slica.request("PUT", `/agents/me/notifications/${res.json().data.id}`, { answer: "confirmed" }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await manager.request("PUT", `/agents/me/notifications/${res.json().data.id}`, {
          answer: "confirmed",
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("the OpenAPI page", () => {
  it("describes the notification routes", async () => {
    const res = await gw.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/api/v1/notifications",
        "/api/v1/agents/me/notifications",
        "/api/v1/agents/me/notifications/{id}",
      ]),
    );
  });
});
