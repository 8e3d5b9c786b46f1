// The call script on the gateway: the four steps with their sub-parts, the facts of the caller's market and the
// caller's first name, for qualifiers, advisors and those above them; refused where the call centre's scripts
// feature is off (a tenant's own override of its variant's default), and to a caller not signed in.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, tenants, type TestGateway } from "../../server/sdk/testing";
import { SCRIPT_MESSAGES, ScriptsResponse } from "./contract";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const PAGES = [
  { step: "verify_identity", parts: ["intro"] },
  { step: "insurance_questions", parts: ["insurance_type", "conditions", "medications", "income"] },
  { step: "set_appointment", parts: ["meeting_setup"] },
  { step: "recap", parts: ["recap"] },
];

describe("GET /scripts", () => {
  it("gives an ISIUS qualifier the four steps, the US facts and its own first name", async () => {
    const qualifier = await gw.signIn("qualifier.isius@demo.test");
    const res = await qualifier.request("GET", "/scripts");
    expect(res.statusCode, res.body).toBe(200);
    expect(ScriptsResponse.parse(res.json()).data).toEqual({
      pages: PAGES,
      facts: {
        visit_from_hour: 9,
        visit_until_hour: 20,
        quotes_min: 3,
        quotes_max: 5,
        providers: 20,
        verification_minutes: 2,
      },
      agent: { first_name: "Jordan" },
    });
  });

  it("gives a SLICA advisor the Canadian facts, and a manager the script too", async () => {
    const advisor = await gw.signIn("advisor.slica@demo.test");
    const { data } = ScriptsResponse.parse((await advisor.request("GET", "/scripts")).json());
    expect([data.facts.providers, data.agent.first_name, data.pages]).toEqual([24, "Marc", PAGES]);
    const manager = await gw.signIn("manager.isius@demo.test");
    expect((await manager.request("GET", "/scripts")).statusCode).toBe(200);
  });

  it("is refused to a caller not signed in (401), and where the call centre turned scripts off (404)", async () => {
    expect((await gw.client().request("GET", "/scripts")).statusCode).toBe(401);
    // Turning SLICA's scripts off is call-centre-wide: on a gateway of its own, so the others keep theirs.
    const own = await startTestGateway();
    try {
      await own.db
        .update(tenants)
        .set({ features: { scripts: false } })
        .where(eq(tenants.id, 2));
      const advisor = await own.signIn("advisor.slica@demo.test");
      const off = await advisor.request("GET", "/scripts");
      expect([off.statusCode, off.json()]).toEqual([404, { message: SCRIPT_MESSAGES.off }]);
      // The other call centre keeps its script.
      const isius = await own.signIn("advisor.isius@demo.test");
      expect((await isius.request("GET", "/scripts")).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});
