// The embedded demo e-app that the Foresters E-App button opens on `npm start`: it answers without a session, in
// the tab's language, shows the lead's reference and nothing else, and refuses an address that is not a lead id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../../server/sdk/testing";
import { DEMO_EAPP_URL, HealthEappConfig, LEAD_ID } from "./config";
import { pageLanguage } from "./demoPage.server";
import { eappUrl } from "./licence";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

describe("the demo health e-app", () => {
  it("opens at the button's default address without a session, with the lead's reference", async () => {
    const address = eappUrl(HealthEappConfig.parse({}).url, 31);
    const res = await gw.client().request("GET", address);

    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toContain("<h1>Foresters E-App</h1>");
    expect(res.body).toContain("<dd>31</dd>");
  });

  it("speaks the tab's language", async () => {
    const address = eappUrl(DEMO_EAPP_URL, 7);
    const fr = await gw.client().request("GET", address, undefined, { "accept-language": "fr-CA,fr;q=0.9,en;q=0.8" });
    const es = await gw.client().request("GET", address, undefined, { "accept-language": "es-US" });

    expect(fr.body).toContain('<html lang="fr">');
    expect(fr.body).toContain("Référence du prospect");
    expect(es.body).toContain("Referencia del prospecto");
  });

  it("refuses a reference that is not a lead id, so nothing of the request is written into the page", async () => {
    const res = await gw.client().request("GET", DEMO_EAPP_URL.replace(LEAD_ID, "%3Cscript%3E"));
    expect(res.statusCode).toBe(422);
  });
});

describe("pageLanguage", () => {
  it.each([
    [undefined, "en"],
    ["", "en"],
    ["de-DE,de;q=0.9", "en"],
    ["de-DE,es;q=0.5,fr;q=0.7", "fr"],
    ["fr;q=0,es", "es"],
    ["EN-us", "en"],
  ])("%s → %s", (header, language) => {
    expect(pageLanguage(header)).toBe(language);
  });
});
