// A plugin's routes serve only a call centre that has the plugin, from its manifest alone (no route checks it by
// hand): the variant must list it, the flags it requires be on, and the admin's switch not turned off.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISCLOSURE_MESSAGES } from "../../plugins/disclosures/contract";
import { SCRIPT_MESSAGES } from "../../plugins/scripts/contract";
import { PLUGIN_SETTINGS_MESSAGES } from "../../src/contract/pluginSettings";
import { tenants } from "../db/schema";
import { startTestGateway, type TestGateway } from "../test/harness";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const SLICA = 2;
const setFeatures = (features: Record<string, boolean>) =>
  gw.db.update(tenants).set({ features }).where(eq(tenants.id, SLICA));

describe("a plugin's routes and its call centre", () => {
  it("answer 404 with the plugin's own text where the variant does not list the plugin (SLICA has no disclosures)", async () => {
    const advisor = await gw.signIn("advisor.slica@demo.test");
    // Even a call centre that turns the disclosures flag on does not get a plugin its variant does not offer.
    await setFeatures({ disclosures: true });
    try {
      const res = await advisor.request("GET", "/calls/disclosures");
      expect([res.statusCode, res.json()]).toEqual([404, { message: DISCLOSURE_MESSAGES.off }]);
      expect(
        (await (await gw.signIn("advisor.isius@demo.test")).request("GET", "/calls/disclosures")).statusCode,
      ).toBe(200);
    } finally {
      await setFeatures({});
    }
  });

  it("answer 404 where a flag the plugin requires is off, and 403 where the admin turned the plugin off", async () => {
    const advisor = await gw.signIn("advisor.slica@demo.test");
    expect((await advisor.request("GET", "/scripts")).statusCode).toBe(200);
    try {
      await setFeatures({ scripts: false });
      const off = await advisor.request("GET", "/scripts");
      expect([off.statusCode, off.json()]).toEqual([404, { message: SCRIPT_MESSAGES.off }]);
      await setFeatures({ "plugin:scripts": false });
      const switchedOff = await advisor.request("GET", "/scripts");
      expect([switchedOff.statusCode, switchedOff.json()]).toEqual([
        403,
        { message: PLUGIN_SETTINGS_MESSAGES.pluginOff },
      ]);
    } finally {
      await setFeatures({});
    }
    expect((await advisor.request("GET", "/scripts")).statusCode).toBe(200);
  });
});
