// The Sunlife and Matcha transfers, the plugin's own socket events, through the whole gateway on each PBX driver
// and the manual clock: who may start them, the three levels on the call's conference, the compliance gate on the
// number an agent picks, and the plugin's switch.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CallSnapshot, TRANSFER_MESSAGES as M, type TransferState } from "../../src/contract/calls";
import { PLUGIN_SETTINGS_MESSAGES } from "../../src/contract/pluginSettings";
import type { TransferTargetSettings } from "../../src/contract/settings";
import { SOCKET_MESSAGES, type ServerEventName, type SocketAck } from "../../src/contract/socket";
import {
  answeringLead,
  listeningSocket,
  startTestGateway,
  TELEPHONIES,
  tenants,
  users,
  type TestClient,
  type TestGateway,
} from "../../server/sdk/testing";
import { PARTNER_TRANSFER_MESSAGES as P } from "./contract/events";

describe.each(TELEPHONIES)("on %s", (telephony) => {
  let gw: TestGateway;
  let manager: TestClient;

  const TARGETS: TransferTargetSettings = {
    external: [{ name: "Medicare Desk", phone: "3125550147" }],
    sunlife: [{ name: "Sophie Lavoie", phone: "5145550188" }],
    matcha: { enabled: true, phone: "2125550175" },
  };

  beforeAll(async () => {
    gw = await startTestGateway({ listen: true, telephony });
    manager = await gw.signIn("manager.isius@demo.test");
    expect((await manager.request("PUT", "/settings/external-transfers", TARGETS)).statusCode).toBe(204);
  });
  afterAll(() => gw.close());

  const run = (ms: number, step?: number) => gw.run(ms, step);

  // Each test starts with every agent off the phone, whatever ran before (a failed assertion leaves its call up).
  afterEach(async () => {
    for (const email of ["qualifier2.isius@demo.test", "qualifier.slica@demo.test"])
      if (await gw.gw.calls.hangupFor(await gw.idOf(email))) await run(500);
  });

  /** Area codes whose calling window is open at the test clock's 10:00 in New York and Toronto. */
  const EASTERN = ["212", "646", "917", "718", "347", "516", "914", "514", "438", "416", "647", "613", "905"];

  /** A lead of the tenant nobody owns, with an Eastern number the simulated PBX answers with a person. */
  const freeLead = (tenantId: number) => answeringLead(gw.db, tenantId, EASTERN);

  /** Signs the agent in and opens its socket; `emit` sends an event naming the agent's extension. */
  async function agentSocket(email: string, ext: string) {
    const c = await gw.signIn(email);
    const { s, seen } = await listeningSocket(gw, c);
    const emit = (event: string, payload: object): Promise<SocketAck> =>
      s.emitWithAck(event as "hangup", { extension: ext, ...payload } as never);
    return { c, s, seen, emit, agentId: await gw.idOf(email) };
  }

  /** The agent's socket and an answered call to a free lead. */
  async function onACall(email: string, ext: string, tenantId = 1) {
    const a = await agentSocket(email, ext);
    const lead = await freeLead(tenantId);
    const found = await a.c.request("GET", `/leads/by-phone/${lead.phone}`);
    const leadId = (found.json() as { data: { id: number } }).data.id;
    const res = await a.c.request("POST", `/leads/${leadId}/calls`, { phone: lead.phone, direction: 0 });
    expect(res.statusCode, res.body).toBe(201);
    await run(5_000);
    expect(gw.gw.calls.activeCallOf(a.agentId)?.bridged).toBe(true);
    const snapshots = (event: ServerEventName = "call") =>
      a.seen.filter((e) => e.event === event).map((e) => CallSnapshot.parse(e.payload));
    const transfer = (): TransferState | null | undefined => snapshots().at(-1)?.transfer;
    return { ...a, snapshots, transfer };
  }

  it("refuses without the permission, the call centre's Matcha switch, a listed Sunlife agent or a call", async () => {
    const { s, emit, agentId: id } = await agentSocket("qualifier2.isius@demo.test", "1011");
    // As seeded, whatever another test granted.
    await gw.db.update(users).set({ canTransferToSunlife: false, canTransferToMatcha: false }).where(eq(users.id, id));
    expect(await emit("sunlife-start", { phone: "5145550188" })).toEqual({ ok: false, error: "forbidden", message: P.sunlifeNotAllowed });
    expect(await emit("matcha-start", {})).toEqual({ ok: false, error: "forbidden", message: P.matchaNotAllowed });
    await gw.db.update(users).set({ canTransferToSunlife: true, canTransferToMatcha: true }).where(eq(users.id, id));
    expect(await emit("sunlife-start", { phone: "3125550147" })).toEqual({ ok: false, error: "forbidden", message: P.notASunlifeAgent });
    expect(await emit("sunlife-start", { phone: "5145550188" })).toEqual({ ok: false, error: "unsupported", message: M.noCall });
    expect(await emit("matcha-start", {})).toEqual({ ok: false, error: "unsupported", message: M.noCall });
    // The controls of a level need the call's transfer.
    expect(await emit("matcha-join", {})).toEqual({ ok: false, error: "unsupported", message: M.noCall });
    // The call centre turns Matcha off; it comes back after, whatever fails.
    try {
      expect((await manager.request("PUT", "/settings/external-transfers", { ...TARGETS, matcha: { enabled: false, phone: "2125550175" } })).statusCode).toBe(204);
      expect(await emit("matcha-start", {})).toEqual({ ok: false, error: "forbidden", message: P.matchaOff });
    } finally {
      expect((await manager.request("PUT", "/settings/external-transfers", TARGETS)).statusCode).toBe(204);
      await gw.db.update(users).set({ canTransferToSunlife: false, canTransferToMatcha: false }).where(eq(users.id, id));
    }
    s.disconnect();
  });

  it("checks the payload, the agent's extension and calling, and the number an agent picks passes the compliance gate first", async () => {
    const { s, emit, agentId: id } = await agentSocket("qualifier2.isius@demo.test", "1011");
    expect(await emit("sunlife-start", {})).toMatchObject({ ok: false, error: "invalid_payload" });
    expect(await emit("matcha-start", { phone: "2125550175" })).toMatchObject({ ok: false, error: "invalid_payload" });
    expect(await emit("sunlife-start", { phone: "5145550188", extension: "1012" })).toMatchObject({ ok: false, error: "forbidden" });
    // Before the agent's permission: the gate's own refusals (calls.refused.<reason>, worded by the browser).
    expect(await emit("sunlife-start", { phone: "5555550100" })).toMatchObject({ ok: false, message: "calls.refused.no_zone" });
    // 2001 is no extension of ISIUS: as a number it is too short.
    expect(await emit("sunlife-start", { phone: "2001" })).toMatchObject({ ok: false, message: "calls.refused.invalid" });
    expect(await emit("sunlife-start", { phone: "+442079460018" })).toEqual({ ok: false, error: "forbidden", message: "calls.refused.country" });
    try {
      await gw.db.update(users).set({ deactivated: true }).where(eq(users.id, id));
      expect(await emit("matcha-kick", {})).toEqual({ ok: false, error: "forbidden", message: SOCKET_MESSAGES.callingDisabled });
    } finally {
      await gw.db.update(users).set({ deactivated: false }).where(eq(users.id, id));
    }
    s.disconnect();
  });

  it("are refused where the call centre's admin turned the transfers plugin off, as its routes are", async () => {
    const { c, s, emit } = await agentSocket("qualifier2.isius@demo.test", "1011");
    const [before] = await gw.db.select({ features: tenants.features }).from(tenants).where(eq(tenants.id, 1));
    try {
      await gw.db.update(tenants).set({ features: { ...before!.features, "plugin:transfers": false } }).where(eq(tenants.id, 1));
      const off = { ok: false, error: "forbidden", message: PLUGIN_SETTINGS_MESSAGES.pluginOff };
      expect(await emit("matcha-start", {})).toEqual(off);
      expect(await emit("sunlife-destroy", { phone: "5145550188" })).toEqual(off);
      expect((await c.request("GET", "/external/transfers")).statusCode).toBe(403);
    } finally {
      await gw.db.update(tenants).set({ features: before!.features }).where(eq(tenants.id, 1));
    }
    s.disconnect();
  });

  it("a Matcha transfer dials the call centre's Matcha number; its disposition is Sent External to Matcha", async () => {
    const a = await onACall("qualifier2.isius@demo.test", "1011");
    await gw.db.update(users).set({ canTransferToMatcha: true }).where(eq(users.id, a.agentId));
    try {
      expect(await a.emit("matcha-start", {})).toEqual({ ok: true });
      await run(4_000);
      expect(a.transfer()).toMatchObject({
        kind: "matcha",
        level: 2,
        party: "+12125550175",
        name: "Matcha",
        disposition: { disposition: "Sent External", reason: "Matcha", saved: false },
      });
      // Controls of another kind do not touch it.
      expect(await a.emit("external-transfer-kick", { phone: "2125550175" })).toMatchObject({ ok: false, message: M.notThisTransfer });
      expect(await a.emit("sunlife-kick", { phone: "2125550175" })).toMatchObject({ ok: false, message: M.notThisTransfer });
      expect(await a.emit("matcha-join", {})).toEqual({ ok: true });
      await run(200);
      expect(a.transfer()?.level).toBe(3);
      expect(await a.emit("matcha-kick", {})).toEqual({ ok: true });
      await run(300);
      expect(a.transfer()).toMatchObject({ level: 1, outcome: "kicked" });
      await a.emit("hangup", {});
      await run(500);
    } finally {
      await gw.db.update(users).set({ canTransferToMatcha: false }).where(eq(users.id, a.agentId));
    }
    a.s.disconnect();
  });

  it("a Sunlife transfer reaches one of the call centre's Sunlife agents (SLICA)", async () => {
    const a = await onACall("qualifier.slica@demo.test", "2001", 2);
    expect(await a.emit("sunlife-start", { phone: "5145550188" })).toEqual({ ok: true });
    await run(4_000);
    expect(a.transfer()).toMatchObject({ kind: "sunlife", level: 2, name: "Sophie Lavoie", disposition: { reason: "Sunlife" } });
    expect(await a.emit("sunlife-leave", { phone: "5145550188" })).toMatchObject({ ok: false, message: M.notAtLevel });
    expect(await a.emit("sunlife-destroy", { phone: "5145550188" })).toEqual({ ok: true });
    await run(500);
    expect(a.snapshots("hangup").at(-1)?.transfer).toMatchObject({ level: 1, outcome: "destroyed" });
    a.s.disconnect();
  });
});
