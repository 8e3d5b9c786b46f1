// Live-transfer test helpers on a test gateway: a free lead the calling window allows, an agent's socket that
// keeps what it was pushed, a qualifier on an answered call. `gw` is read at each call: a test may restart it.
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { CallSnapshot, type TransferState } from "../../../src/contract/calls";
import { LiveTransferOffer, LiveTransferWithdrawn } from "../../../src/contract/liveTransfers";
import type { ServerEventName } from "../../../src/contract/socket";
import { leads } from "../../db/schema";
import { answeringLead, type TestClient, type TestGateway } from "../../test/harness";

/** Area codes whose calling window is open at the test clock's 10:00 in New York. */
const EASTERN = ["212", "646", "917", "718", "347", "516", "914"];

interface Seen {
  event: ServerEventName;
  payload: unknown;
}

export function liveTransferWorld(gateway: () => TestGateway) {
  /** Every agent a test signed in, so `leave()` can sign them off whatever the test's order. */
  let present: { c: TestClient; s: { disconnect(): unknown } }[] = [];

  async function freeLead() {
    const gw = gateway();
    const l = await answeringLead(gw.db, 1, EASTERN);
    // Known state, about life insurance: every advisor with live transfers on may take it.
    await gw.db.update(leads).set({ state: "ny", insurance: { type: ["life"] } }).where(eq(leads.id, l.id));
    return l;
  }

  /** A signed-in agent with a connected socket that records every push. */
  async function agent(email: string) {
    const gw = gateway();
    const c = await gw.signIn(email);
    const s = gw.socket(c);
    const seen: Seen[] = [];
    s.onAny((event: ServerEventName, payload: unknown) => seen.push({ event, payload }));
    s.connect();
    await new Promise<void>((r) => (s.connected ? r() : s.once("connect", () => r())));
    const id = await gw.idOf(email);
    const snapshots = (event: ServerEventName = "call") =>
      seen.filter((e) => e.event === event).map((e) => CallSnapshot.parse(e.payload));
    /** The call as the agent's page sees it last (whichever push brought it). */
    const latest = () =>
      seen
        .filter((e) => ["incoming", "answer", "call", "hangup"].includes(e.event))
        .map((e) => CallSnapshot.parse(e.payload))
        .at(-1);
    const offers = () =>
      seen.filter((e) => e.event === "confirm-live-transfer").map((e) => LiveTransferOffer.parse(e.payload));
    const withdrawn = () =>
      seen.filter((e) => e.event === "live-transfer-withdrawn").map((e) => LiveTransferWithdrawn.parse(e.payload));
    present.push({ c, s });
    return { c, s, id, seen, snapshots, latest, offers, withdrawn };
  }

  /** After each test: its agents go offline and their sockets close, so an advisor left Ready is not the next
   * test's second available advisor. */
  async function leave() {
    const gone = present;
    present = [];
    for (const { c, s } of gone) {
      await c.request("POST", "/agent-statuses", { status: "offline" }).catch(() => undefined);
      s.disconnect();
    }
  }

  async function ready(c: TestClient) {
    const res = await c.request("POST", "/agent-statuses", { status: "ready" });
    expect(res.statusCode, res.body).toBe(201);
  }

  /** The qualifier on an answered call with a free lead. */
  async function qualifierOnACall(email: string) {
    const q = await agent(email);
    const lead = await freeLead();
    // Finding the lead by its number makes it the qualifier's (as the dialer does).
    expect((await q.c.request("GET", `/leads/by-phone/${lead.phone}`)).statusCode).toBe(200);
    const res = await q.c.request("POST", `/leads/${lead.id}/calls`, { phone: lead.phone, direction: 0 });
    expect(res.statusCode, res.body).toBe(201);
    await gateway().run(5_000);
    expect(gateway().gw.calls.activeCallOf(q.id)?.bridged).toBe(true);
    const transfer = (): TransferState | null | undefined => q.latest()?.transfer;
    return { ...q, leadId: lead.id, phone: lead.phone, transfer };
  }

  return { freeLead, agent, ready, qualifierOnACall, leave };
}
