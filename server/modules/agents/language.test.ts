// PUT /agents/me/language: the account keeps the language chosen in the user menu, and its next sign-in opens
// in it; only the call centre's own languages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LoginResponse } from "../../../src/contract/auth";
import { startTestGateway, type TestGateway } from "../../test/harness";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

describe("PUT /agents/me/language", () => {
  it("keeps the account's choice: the next sign-in answers it", async () => {
    const slica = await gw.signIn("advisor.slica@demo.test");
    try {
      expect((await slica.request("PUT", "/agents/me/language", { language: "en" })).statusCode).toBe(204);
      const login = await gw.client().request("POST", "/login", { email: "advisor.slica@demo.test", password: "demo-password" });
      expect(LoginResponse.parse(login.json()).language).toBe("en");
    } finally {
      const again = await gw.signIn("advisor.slica@demo.test");
      expect((await again.request("PUT", "/agents/me/language", { language: "fr" })).statusCode).toBe(204);
    }
    const login = await gw.client().request("POST", "/login", { email: "advisor.slica@demo.test", password: "demo-password" });
    expect(LoginResponse.parse(login.json()).language).toBe("fr");
  });

  it("refuses a language the call centre does not work in (422), and bad input", async () => {
    const isius = await gw.signIn("qualifier2.isius@demo.test");
    const fr = await isius.request("PUT", "/agents/me/language", { language: "fr" });
    expect(fr.statusCode).toBe(422);
    expect(fr.json()).toMatchObject({ errors: { language: [expect.any(String)] } });
    for (const body of [{}, { language: "de" }, { language: "es", extra: 1 }])
      expect((await isius.request("PUT", "/agents/me/language", body)).statusCode).toBe(422);
    expect((await gw.client().request("PUT", "/agents/me/language", { language: "es" })).statusCode).toBe(401);
  });
});
