// The notification sender page's promise (admin-and-sign-in §2 /notifications/create): an agent who was not
// signed in when the manager sent it still gets it at sign-in while it has not expired, and a team-only one
// never reaches an agent of another manager's team, signed in then or later.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentNotificationList } from "../../../src/contract/notifications";
import { users } from "../../db/schema";
import { startTestGateway, type TestClient, type TestGateway } from "../../test/harness";

let gw: TestGateway;
let manager: TestClient;
beforeAll(async () => {
  gw = await startTestGateway();
  manager = await gw.signIn("manager.isius@demo.test");
  // Another ISIUS manager's team: qualifier5 (the demo has one manager per call centre).
  const [dana] = await gw.db.select().from(users).where(eq(users.email, "manager.isius@demo.test"));
  const [lee] = await gw.db
    .insert(users)
    .values({ tenantId: 1, email: "lee.isius@demo.test", passwordHash: dana!.passwordHash, firstName: "Lee", lastName: "Hart", role: "manager" })
    .returning();
  await gw.db.update(users).set({ managerId: lee!.id }).where(eq(users.email, "qualifier5.isius@demo.test"));
});
afterAll(() => gw.close());

const waiting = async (email: string) => {
  const c = await gw.signIn(email);
  const res = await c.request("GET", "/agents/me/notifications");
  expect(res.statusCode).toBe(200);
  return AgentNotificationList.parse(res.json()).data.map((n) => ({ message: n.message, remainingMs: n.remainingMs }));
};

describe("an agent who signs in after a notification was sent", () => {
  it("gets it while it has not expired, and no longer after", async () => {
    const res = await manager.request(
      "POST",
      "/notifications",
      { message: "Huddle at the whiteboard", type: "warning", dismissible: true, expires: true, timeout: 60, teamMembersOnly: false },
      { "idempotency-key": "latecomer-1" },
    );
    expect(res.statusCode, res.body).toBe(201);
    gw.clock.advance(45_000);
    expect(await waiting("qualifier4.isius@demo.test")).toContainEqual({ message: "Huddle at the whiteboard", remainingMs: 15_000 });
    expect(await waiting("advisor.isius@demo.test")).toContainEqual({ message: "Huddle at the whiteboard", remainingMs: 15_000 });
    gw.clock.advance(15_000);
    expect((await waiting("qualifier2.isius@demo.test")).map((n) => n.message)).not.toContain("Huddle at the whiteboard");
  });

  it("a team-only one reaches a latecomer of the sender's team, never one of another team nor another call centre", async () => {
    const res = await manager.request("POST", "/notifications", {
      message: "Dana's team: new rebuttals",
      type: "success",
      dismissible: true,
      expires: true,
      timeout: 120,
      teamMembersOnly: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    gw.clock.advance(10_000);
    expect(await waiting("qualifier3.isius@demo.test")).toContainEqual({ message: "Dana's team: new rebuttals", remainingMs: 110_000 });
    expect((await waiting("qualifier5.isius@demo.test")).map((n) => n.message)).not.toContain("Dana's team: new rebuttals");
    expect((await waiting("qualifier.slica@demo.test")).map((n) => n.message)).not.toContain("Dana's team: new rebuttals");
  });
});
