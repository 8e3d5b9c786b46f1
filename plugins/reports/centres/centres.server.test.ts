// Operations managers across call centres (issue 37) on a real test gateway: SLICA's admin gives SLICA's reports to
// ISIUS's operations manager by e-mail; every report then answers them SLICA's figures for `centre`, and refuses
// (403) any centre not given, as it refuses managers and admins another centre; taking the grant back refuses the
// next report at once. The grants' own refusals: no account, not an operations manager, one of the admin's own
// centre, given twice, taken back twice; and who may manage them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestClient, type TestGateway } from "../../../server/sdk/testing";
import { CENTRE_MESSAGES } from "./contract";

const ISIUS = 1;
const SLICA = 2;

let gw: TestGateway;
let ops: TestClient;
let slicaAdmin: TestClient;
let isiusAdmin: TestClient;
let manager: TestClient;

const REPORTS = [
  "/reports/agents?from=2026-03-01&to=2026-03-10&by=day",
  "/reports/campaigns?from=2026-03-01&to=2026-03-10&by=week",
  "/reports/publishers?from=2026-03-01&to=2026-03-10&by=month",
  "/reports/hours?from=2026-03-01&to=2026-03-10",
  "/reports/compliance?from=2026-03-01&to=2026-03-10",
  "/reports/calls?from=2026-03-01&to=2026-03-10",
  "/reports/calls/export?from=2026-03-01&to=2026-03-10",
];
const withCentre = (url: string, centre: number) => `${url}&centre=${centre}`;

beforeAll(async () => {
  gw = await startTestGateway();
  ops = await gw.signIn("ops@demo.test");
  slicaAdmin = await gw.signIn("admin.slica@demo.test");
  isiusAdmin = await gw.signIn("admin@demo.test");
  manager = await gw.signIn("manager.isius@demo.test");
});
afterAll(async () => {
  await gw?.close();
});

const centresOf = async (c: TestClient) => (await c.request("GET", "/reports/centres")).json().data;

describe("operations managers across call centres", () => {
  it("reads only its own centre until an admin of another gives it, then that centre's reports too", async () => {
    expect(await centresOf(ops)).toEqual([{ id: ISIUS, name: "ISIUS", own: true }]);
    for (const url of REPORTS) {
      const refused = await ops.request("GET", withCentre(url, SLICA));
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe(CENTRE_MESSAGES.notGiven);
    }

    const given = await slicaAdmin.request("POST", "/reports/centre-grants", { email: " Ops@Demo.test " });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json().data).toMatchObject({
      name: "Sam Patel",
      email: "ops@demo.test",
      centre: "ISIUS",
      granted_by: "Julie Bouchard",
    });
    expect(await centresOf(ops)).toEqual([
      { id: ISIUS, name: "ISIUS", own: true },
      { id: SLICA, name: "SLICA", own: false },
    ]);

    for (const url of REPORTS) {
      const slica = await ops.request("GET", withCentre(url, SLICA));
      expect(slica.statusCode, url).toBe(200);
    }
    // SLICA's report is SLICA's: its agents, not ISIUS's; its own zone.
    const agentsOf = async (centre?: number) => {
      const url = "/reports/agents?from=2026-03-01&to=2026-03-10&by=day";
      const r = await ops.request("GET", centre ? withCentre(url, centre) : url);
      return r.json().data as { agents: { name: string }[]; time_zone: string };
    };
    const slica = await agentsOf(SLICA);
    const isius = await agentsOf();
    expect(slica.agents.map((a) => a.name)).toContain("Émilie Tremblay");
    expect(slica.agents.map((a) => a.name)).not.toContain("Jordan Reyes");
    expect(isius.agents.map((a) => a.name)).toContain("Jordan Reyes");
    expect(isius.agents.map((a) => a.name)).not.toContain("Émilie Tremblay");
    // Their own centre asked by its id is their own.
    expect((await agentsOf(ISIUS)).agents).toEqual(isius.agents);

    // Managers and admins read their own centre only, whatever grants exist.
    for (const c of [manager, isiusAdmin]) {
      const r = await c.request("GET", withCentre(REPORTS[0]!, SLICA));
      expect(r.statusCode).toBe(403);
    }
    // A centre that does not exist is refused the same way.
    expect((await ops.request("GET", withCentre(REPORTS[0]!, 999))).statusCode).toBe(403);

    const listed = (await slicaAdmin.request("GET", "/reports/centre-grants")).json().data;
    expect(listed).toEqual([expect.objectContaining({ email: "ops@demo.test", centre: "ISIUS" })]);
    // ISIUS's admin sees no grant of ISIUS (SLICA's grant is SLICA's).
    expect((await isiusAdmin.request("GET", "/reports/centre-grants")).json().data).toEqual([]);

    const opsId = listed[0].user_id as number;
    // ISIUS's admin cannot take back SLICA's grant.
    expect((await isiusAdmin.request("DELETE", `/reports/centre-grants/${opsId}`)).statusCode).toBe(404);
    const taken = await slicaAdmin.request("DELETE", `/reports/centre-grants/${opsId}`);
    expect(taken.statusCode).toBe(204);
    expect((await ops.request("GET", withCentre(REPORTS[0]!, SLICA))).statusCode).toBe(403);
    expect(await centresOf(ops)).toEqual([{ id: ISIUS, name: "ISIUS", own: true }]);
    const again = await slicaAdmin.request("DELETE", `/reports/centre-grants/${opsId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(CENTRE_MESSAGES.notFound);
  });

  it("refuses a grant to no account, to someone not an operations manager, to one of the admin's own centre, and twice", async () => {
    const give = (email: unknown) => slicaAdmin.request("POST", "/reports/centre-grants", { email });
    const noAccount = await give("nobody@demo.test");
    expect(noAccount.statusCode).toBe(404);
    expect(noAccount.json().message).toBe(CENTRE_MESSAGES.noAccount);
    const notOps = await give("manager.isius@demo.test");
    expect(notOps.statusCode).toBe(422);
    expect(notOps.json().errors.email).toEqual([CENTRE_MESSAGES.notOperations]);
    for (const bad of ["", "not-an-e-mail", 42, null]) {
      const r = await give(bad);
      expect(r.statusCode, String(bad)).toBe(422);
    }
    const own = await isiusAdmin.request("POST", "/reports/centre-grants", { email: "ops@demo.test" });
    expect(own.statusCode).toBe(422);
    expect(own.json().errors.email).toEqual([CENTRE_MESSAGES.ownCentre]);

    expect((await give("ops@demo.test")).statusCode).toBe(201);
    const twice = await give("ops@demo.test");
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(CENTRE_MESSAGES.already);
  });

  it("lets admins and above manage the grants, and managers and above list their centres", async () => {
    for (const [method, url, body] of [
      ["GET", "/reports/centre-grants", undefined],
      ["POST", "/reports/centre-grants", { email: "ops@demo.test" }],
      ["DELETE", "/reports/centre-grants/1", undefined],
    ] as const)
      expect((await manager.request(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    const qualifier = await gw.signIn("qualifier.isius@demo.test");
    expect((await qualifier.request("GET", "/reports/centres")).statusCode).toBe(403);
    expect((await manager.request("GET", "/reports/centres")).statusCode).toBe(200);
  });
});
