// Send to iApp on the gateway: an ISIUS advisor sends the lead on its desk to iApp (the embedded demo receiver)
// and its client application page opens without a session; sending again answers the same application. iApp 2
// here is an external system over HTTP that fails once: the send answers 502 with the specification's text,
// and the retry reaches the system with the same key, so it opens one application. The rights: iApp 2 only for
// an iApp 2 agent where the call centre offers the choice, qualified_by an agent of the call centre, the
// agent's own leads only.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freeLeads, leads, startTestGateway, type TestClient, type TestGateway, users } from "../../server/sdk/testing";
import { IAPP_MESSAGES, IappSendResponse } from "./contract";
import { iappDemoApplications, iappSends } from "./tables";

let gw: TestGateway;
let system: Server;
/** What the external iApp 2 received: each request's key and body; it fails while `failing` is on. */
const received: { key: string | undefined; auth: string | undefined; body: Record<string, unknown> }[] = [];
let failing = true;

beforeAll(async () => {
  system = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => (text += chunk));
    req.on("end", () => {
      received.push({
        key: req.headers["idempotency-key"] as string | undefined,
        auth: req.headers.authorization,
        body: JSON.parse(text),
      });
      if (failing) {
        res.writeHead(503).end();
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ reference: "APP-2-0001", url: "https://iapp2.example/applications/APP-2-0001" }),
      );
    });
  });
  await new Promise<void>((resolve) => system.listen(0, "127.0.0.1", resolve));
  process.env.IAPP2_URL = `http://127.0.0.1:${(system.address() as AddressInfo).port}/applications`;
  process.env.IAPP_TOKEN = "system-token";
  try {
    gw = await startTestGateway();
  } finally {
    delete process.env.IAPP2_URL;
    delete process.env.IAPP_TOKEN;
  }
});
afterAll(async () => {
  await gw.close();
  await new Promise((resolve) => system.close(resolve));
});

/** An agent and an unowned lead of its call centre, now on its desk (the dial pad's lookup claims it). */
async function agentWithLead(email: string, tenantId: number) {
  const c = await gw.signIn(email);
  const [free] = await freeLeads(gw.db, tenantId, 1);
  const [lead] = await gw.db
    .select({ id: leads.id, phone: leads.phone, first: leads.firstName, last: leads.lastName })
    .from(leads)
    .where(eq(leads.id, free!.id));
  expect((await c.request("GET", `/leads/by-phone/${lead!.phone}`)).statusCode).toBe(200);
  const [me] = await gw.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { c, lead: lead!, me: me!.id };
}

const send = (c: TestClient, leadId: number, body: unknown) =>
  c.request("POST", `/leads/iapp/${leadId}`, body);

describe("send to iApp", () => {
  it("sends the lead to the demo receiver once, and its page opens without a session", async () => {
    const { c, lead, me } = await agentWithLead("advisor.isius@demo.test", 1);
    const first = await send(c, lead.id, { qualified_by: me, destination: "iapp" });
    expect(first.statusCode, first.body).toBe(201);
    const sent = IappSendResponse.parse(first.json()).data;
    expect(sent).toMatchObject({ lead_id: lead.id, destination: "iapp" });
    expect(sent.url).toMatch(/^\/api\/v1\/iapp-demo\/applications\/[A-Za-z0-9_-]{32}$/);

    // Sending again (a double click, a retry after a lost answer) answers the same application.
    const again = await send(c, lead.id, { qualified_by: me, destination: "iapp" });
    expect(again.statusCode).toBe(200);
    expect(IappSendResponse.parse(again.json()).data).toEqual(sent);
    const kept = await gw.db.select().from(iappDemoApplications);
    expect(kept.filter((a) => a.reference === sent.reference)).toHaveLength(1);

    // The client application page: no session, the lead's name, never cached.
    const page = await gw.app.inject({ method: "GET", url: sent.url });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).toContain("Client application");
    expect(page.body).toContain(`${lead.first} ${lead.last}`.trim());
    expect(page.body).toContain("Maria Lopez");

    const list = await c.request("GET", `/leads/iapp/${lead.id}`);
    expect(list.json()).toEqual({ data: [sent] });
  });

  it("answers 502 with the specification's text when iApp 2 fails, and the retry reaches it with the same key", async () => {
    const { c, lead, me } = await agentWithLead("advisor.isius@demo.test", 1);
    failing = true;
    const failed = await send(c, lead.id, { qualified_by: me, destination: "iapp2" });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe(IAPP_MESSAGES.sendError);
    const [row] = await gw.db.select().from(iappSends).where(eq(iappSends.leadId, lead.id));
    expect(row?.state).toBe("failed");

    failing = false;
    const retried = await send(c, lead.id, { qualified_by: me, destination: "iapp2" });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(IappSendResponse.parse(retried.json()).data).toMatchObject({
      reference: "APP-2-0001",
      url: "https://iapp2.example/applications/APP-2-0001",
    });
    expect(received).toHaveLength(2);
    expect(received[1]!.key).toBe(received[0]!.key);
    expect(received[1]!.auth).toBe("Bearer system-token");
    expect(received[1]!.body).toMatchObject({
      destination: "iapp2",
      call_centre: expect.any(String),
      lead: { id: lead.id, first_name: lead.first },
      qualified_by: { id: me, name: "Maria Lopez" },
    });
  });

  it("keeps iApp 2 to iApp 2 agents where the call centre offers the choice", async () => {
    const qualifier = await agentWithLead("qualifier.isius@demo.test", 1);
    const refused = await send(qualifier.c, qualifier.lead.id, {
      qualified_by: qualifier.me,
      destination: "iapp2",
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(IAPP_MESSAGES.notIapp2);
    // SLICA has no choice: even an agent flagged for iApp 2 sends to iApp only there.
    const slica = await agentWithLead("advisor.slica@demo.test", 2);
    await gw.db.update(users).set({ isIapp2Agent: true }).where(eq(users.id, slica.me));
    expect(
      (await send(slica.c, slica.lead.id, { qualified_by: slica.me, destination: "iapp2" })).statusCode,
    ).toBe(403);
    const toIapp = await send(slica.c, slica.lead.id, { qualified_by: slica.me, destination: "iapp" });
    expect(toIapp.statusCode).toBe(201);
    const page = await gw.app.inject({ method: "GET", url: IappSendResponse.parse(toIapp.json()).data.url });
    // The page speaks the sender's language.
    expect(page.body).toContain("Demande du client");
  });

  it("refuses a qualifier of another call centre, another agent's lead and bad input", async () => {
    const { c, lead, me } = await agentWithLead("advisor.isius@demo.test", 1);
    const [slicaAgent] = await gw.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "qualifier.slica@demo.test"));
    const foreign = await send(c, lead.id, { qualified_by: slicaAgent!.id, destination: "iapp" });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ qualified_by: [IAPP_MESSAGES.unknownQualifier] });
    expect(await gw.db.select().from(iappSends).where(eq(iappSends.leadId, lead.id))).toEqual([]);

    const other = await gw.signIn("qualifier2.isius@demo.test");
    expect((await send(other, lead.id, { qualified_by: me, destination: "iapp" })).statusCode).toBe(403);
    expect((await send(c, lead.id, { qualified_by: me, destination: "iapp3" })).statusCode).toBe(422);
    expect((await send(c, lead.id, { destination: "iapp" })).statusCode).toBe(422);
    expect(
      (await gw.app.inject({ method: "GET", url: "/api/v1/iapp-demo/applications/AAAAAAAAAAAAAAAAAAAAAAAA" }))
        .statusCode,
    ).toBe(404);
    expect(
      (await gw.app.inject({ method: "GET", url: "/api/v1/iapp-demo/applications/short" })).statusCode,
    ).toBe(422);
  });
});
