// The Plugins and features page on the gateway: an admin reads the call centre's variant, plugins and flags, turns
// the disclosures plugin and a feature off; the agents' sockets hear it, GET /tenant-features carries it, the
// plugin's routes refuse the call centre with a 403 that says why, and the change is audited with who and when.
// Floor managers and agents may not; unknown plugins and features, and the page turning itself off, are 422.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLUGIN_SETTINGS_MESSAGES as M, PluginSettings } from "../../../src/contract/pluginSettings";
import { auditLog, tenants } from "../../db/schema";
import { connected, next, none } from "../../realtime/testing";
import { startTestGateway, type TestClient, type TestGateway } from "../../test/harness";
import { PLUGIN_SETTINGS_AUDIT_ACTION } from "./pluginSwitches";

let gw: TestGateway;
let admin: TestClient;
beforeAll(async () => {
  gw = await startTestGateway({ listen: true });
  admin = await gw.signIn("admin@demo.test");
});
afterAll(() => gw.close());

const read = async (c: TestClient) => PluginSettings.parse((await c.request("GET", "/settings/plugins")).json());

describe("GET /settings/plugins", () => {
  it("gives an admin the variant's plugins, all on, and its features with their defaults, never changed yet", async () => {
    const page = await read(admin);
    expect(page.variant).toBe("isius");
    expect(page.plugins).toContainEqual({ id: "disclosures", enabled: true, default: true });
    expect(page.features).toContainEqual({ id: "scripts", enabled: true, default: true, plugin: "scripts" });
    expect(page.features).toContainEqual({ id: "manual-transfer", enabled: true, default: true, plugin: "transfers" });
    expect(page.last_change).toBeNull();
  });

  it("refuses a floor manager and the agents: turning a call centre's plugins on or off is an admin's", async () => {
    for (const email of ["manager.isius@demo.test", "qualifier.isius@demo.test", "advisor.isius@demo.test"]) {
      const c = await gw.signIn(email);
      expect((await c.request("GET", "/settings/plugins")).statusCode, email).toBe(403);
      expect((await c.request("PUT", "/settings/plugins", { plugins: {}, features: {} })).statusCode, email).toBe(403);
    }
  });
});

describe("PUT /settings/plugins", () => {
  it("turns disclosures off for the call centre: the agents hear it, the plugin's routes refuse it, and the change is audited", async () => {
    // A gateway of its own: it leaves scripts off and a last change on the page, where GET /settings/plugins
    // expects the variant's defaults, never changed.
    const own = await startTestGateway({ listen: true });
    try {
      const ownAdmin = await own.signIn("admin@demo.test");
      const advisor = await own.signIn("advisor.isius@demo.test");
      const slicaAgent = await own.signIn("qualifier.slica@demo.test");
      expect((await advisor.request("GET", "/calls/disclosures")).statusCode).toBe(200);
      const s = own.socket(advisor);
      const other = own.socket(slicaAgent);
      await Promise.all([connected(s), connected(other)]);
      const heard = next(s, "tenant-features");
      const silent = none(other, "tenant-features", 300);

      const res = await ownAdmin.request("PUT", "/settings/plugins", {
        plugins: { disclosures: false, goals: true },
        features: { scripts: false, "qualifier-redial": true },
      });
      expect(res.statusCode, res.body).toBe(204);

      expect(await heard).toEqual({
        changes: [
          { kind: "plugin", id: "disclosures", enabled: false },
          { kind: "feature", id: "scripts", enabled: false },
        ],
      });
      await silent;
      const page = await read(ownAdmin);
      expect(page.plugins).toContainEqual({ id: "disclosures", enabled: false, default: true });
      expect(page.features).toContainEqual({ id: "scripts", enabled: false, default: true, plugin: "scripts" });
      expect(page.last_change?.by).toMatch(/\S/);
      expect(page.last_change?.at).toBe(new Date(own.clock.now()).toISOString());

      const features = (await advisor.request("GET", "/tenant-features")).json().features;
      expect(features).toMatchObject({ "plugin:disclosures": false, scripts: false });
      // Values equal to the variant's defaults are not stored: the call centre follows the variant there.
      const [t] = await own.db.select({ features: tenants.features }).from(tenants).where(eq(tenants.id, 1));
      expect(t!.features).not.toHaveProperty("plugin:goals");

      const refused = await advisor.request("GET", "/calls/disclosures");
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(M.pluginOff);

      const [audit] = await own.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.tenantId, 1), eq(auditLog.action, PLUGIN_SETTINGS_AUDIT_ACTION)));
      expect(audit!.userId).toBe(await own.idOf("admin@demo.test"));
      expect(audit!.detail).toEqual({
        changes: [
          { kind: "plugin", id: "disclosures", old: true, new: false },
          { kind: "feature", id: "scripts", old: true, new: false },
        ],
      });

      // On again: the routes answer, and the flag is gone from the call centre's own.
      expect((await ownAdmin.request("PUT", "/settings/plugins", { plugins: { disclosures: true }, features: {} })).statusCode).toBe(204);
      expect((await advisor.request("GET", "/calls/disclosures")).statusCode).toBe(200);
      s.disconnect();
      other.disconnect();
    } finally {
      await own.close();
    }
  });

  it("refuses a plugin or feature the variant does not have, and the page turning itself off, changing nothing", async () => {
    const before = await read(admin);
    const cases = [
      [{ plugins: { "no-such-plugin": false }, features: {} }, "plugins.no-such-plugin", M.unknownPlugin],
      [{ plugins: {}, features: { "no-such-feature": true } }, "features.no-such-feature", M.unknownFeature],
      [{ plugins: {}, features: { "plugin:goals": false } }, "features.plugin:goals", M.unknownFeature],
      [{ plugins: { "plugin-settings": false }, features: {} }, "plugins.plugin-settings", M.ownPlugin],
    ] as const;
    for (const [body, field, message] of cases) {
      const res = await admin.request("PUT", "/settings/plugins", { ...body, plugins: { goals: false, ...body.plugins } });
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    expect((await admin.request("PUT", "/settings/plugins", { plugins: {} })).statusCode).toBe(422);
    expect(await read(admin)).toEqual(before);
  });
});
