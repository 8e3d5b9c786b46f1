// Issue 31, findings 1, 2 and 4: a dialled number and an extension belong to one call centre of the installation.
// Through a whole gateway: ISIUS's manager cannot take SLICA's main number, its call-tracking DID or its
// extensions, in whichever table ISIUS would put them; ISIUS's own values still save, audited; two call centres
// claiming one new number at the same moment end with one owner.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWNERSHIP_MESSAGES } from "../../../src/contract/ownership";
import { retreaverMappings, tenants, users } from "../../db/schema";
import { startTestGateway, type TestClient, type TestGateway } from "../../test/harness";

/** A gateway with ISIUS's manager and SLICA's admin signed in. */
async function callCentres(): Promise<{ gw: TestGateway; isius: TestClient; slica: TestClient }> {
  const gw = await startTestGateway();
  const isius = await gw.signIn("manager.isius@demo.test");
  // SLICA has no manager account: one of its advisors becomes its admin for this test.
  await gw.db.update(users).set({ role: "admin" }).where(eq(users.email, "advisor2.slica@demo.test"));
  const slica = await gw.signIn("advisor2.slica@demo.test");
  return { gw, isius, slica };
}

// Shared by the tests that are refused and write nothing; a test whose numbers change runs on a gateway of its own.
let gw: TestGateway;
let isius: TestClient;
beforeAll(async () => {
  ({ gw, isius } = await callCentres());
});
afterAll(() => gw?.close());

const telephonyOf = async (tenantId: number, on: TestGateway = gw) =>
  (await on.db.select().from(tenants).where(eq(tenants.id, tenantId)))[0]!;

describe("the call centre's main inbound number (PUT /settings/telephony)", () => {
  it("refuses another call centre's main number and its call-tracking DIDs with 409 on inbound_did, writing nothing", async () => {
    const before = await telephonyOf(1);
    // SLICA's main number, in any spelling, and the DID SLICA maps for its call-tracking provider.
    for (const did of ["+18005550200", "18005550200", "8005550200", "+18775550102"]) {
      const res = await isius.request("PUT", "/settings/telephony", { inbound_did: did, inbound_alert_extension: null });
      expect(res.statusCode, did).toBe(409);
      expect(res.json()).toEqual({
        message: OWNERSHIP_MESSAGES.numberTaken,
        errors: { inbound_did: [OWNERSHIP_MESSAGES.numberTaken] },
      });
      expect(res.body).not.toMatch(/slica/i);
    }
    expect(await telephonyOf(1)).toEqual(before);
    expect((await telephonyOf(2)).inboundDid).toBe("+18005550200");
  });

  it("refuses an Inbound Call Alert extension another call centre allows or gives an account (409)", async () => {
    const res = await isius.request("PUT", "/settings/telephony", {
      inbound_did: "+18005550100",
      inbound_alert_extension: "2001",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ inbound_alert_extension: [OWNERSHIP_MESSAGES.extensionTaken] });
    expect((await telephonyOf(1)).inboundAlertExtension).toBe("1001");
  });

  it("saves the call centre's own number and extension (204), with an audit row", async () => {
    // A gateway of its own: ISIUS's main number and alert extension change, and SLICA ends up mapping 8005550199.
    const { gw: own, isius, slica } = await callCentres();
    try {
      const res = await isius.request("PUT", "/settings/telephony", {
        inbound_did: "8005550199",
        inbound_alert_extension: "1002",
      });
      expect(res.statusCode, res.body).toBe(204);
      expect(await telephonyOf(1, own)).toMatchObject({ inboundDid: "+18005550199", inboundAlertExtension: "1002" });
      const [change] = (await isius.request("GET", "/settings/changes?subject=telephony&limit=1")).json().changes;
      expect(change).toMatchObject({
        old: { inbound_did: "+18005550100", inbound_alert_extension: "1001" },
        new: { inbound_did: "+18005550199", inbound_alert_extension: "1002" },
      });
      // A number the call centre both has as its main number and maps for tracking is still its own.
      expect((await isius.request("POST", "/settings/retreaver-mappings/8005550199?mode=add", { prefix: "ISF" })).statusCode).toBe(201);
      // Released: once ISIUS moves off a number, SLICA may have it.
      expect((await isius.request("PUT", "/settings/telephony", { inbound_did: "+18005550100", inbound_alert_extension: "1001" })).statusCode).toBe(204);
      expect((await isius.request("DELETE", "/settings/retreaver-mappings/8005550199")).statusCode).toBe(204);
      expect((await slica.request("POST", "/settings/retreaver-mappings/8005550199?mode=add", { prefix: "SLQ" })).statusCode).toBe(201);
    } finally {
      await own.close();
    }
  });
});

describe("a number two call centres claim at the same moment", () => {
  it("ends with one owner: the other claim is 409, whichever table each writes", async () => {
    // A gateway of its own: SLICA may win, and then its main number is no longer +18005550200.
    const { gw: own, isius, slica } = await callCentres();
    try {
      const answers = await Promise.all([
        isius.request("POST", "/settings/retreaver-mappings/8665550123?mode=add", { prefix: "ISF" }),
        slica.request("PUT", "/settings/telephony", { inbound_did: "+18665550123", inbound_alert_extension: null }),
        slica.request("POST", "/settings/retreaver-mappings/8665550123?mode=add", { prefix: "SLQ" }),
      ]);
      const codes = answers.map((a) => a.statusCode);
      const won = codes.filter((c) => c < 300).length;
      // One call centre owns it: ISIUS alone, or SLICA (its main number and its own mapping of it).
      expect(codes.filter((c) => c === 409).length, codes.join()).toBeGreaterThanOrEqual(1);
      expect(won).toBeGreaterThanOrEqual(1);
      const mappings = await own.db.select().from(retreaverMappings).where(eq(retreaverMappings.did, "8665550123"));
      const mains = (await own.db.select().from(tenants)).filter((t) => t.inboundDid === "+18665550123");
      const owners = new Set([...mappings.map((m) => m.tenantId), ...mains.map((t) => t.id)]);
      expect(owners.size).toBe(1);
    } finally {
      await own.close();
    }
  });
});
