// The transfer targets on the gateway: the seeded demo targets of each call centre, as the widget reads them,
// and a manager's edit through PUT /settings/external-transfers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../../server/sdk/testing";
import { ExternalTransfersResponse, sunlifeAgentsOf, SunlifeAgentsResponse } from "./contract/targets";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

describe("GET /external/transfers and GET /external/agents/sunlife", () => {
  it("answer each call centre's own targets: a list, and Sunlife's map of phone to name", async () => {
    const isius = await gw.signIn("qualifier.isius@demo.test");
    const list = await isius.request("GET", "/external/transfers");
    expect(list.statusCode).toBe(200);
    const { data } = ExternalTransfersResponse.parse(list.json());
    expect(data.map((t) => t.name)).toContain("Medicare Enrollment Desk");
    expect((await isius.request("GET", "/external/agents/sunlife")).json()).toEqual({ data: {} });

    const slica = await gw.signIn("qualifier.slica@demo.test");
    const sunlife = SunlifeAgentsResponse.parse(
      (await slica.request("GET", "/external/agents/sunlife")).json(),
    );
    expect(sunlife.data).toEqual({ "5145550188": "Sophie Lavoie", "4165550136": "Daniel Roy" });
    expect(sunlifeAgentsOf(sunlife.data)).toEqual([
      { name: "Daniel Roy", phone: "4165550136" },
      { name: "Sophie Lavoie", phone: "5145550188" },
    ]);
    expect(
      ExternalTransfersResponse.parse((await slica.request("GET", "/external/transfers")).json()).data,
    ).not.toEqual(data);
    expect((await gw.client().request("GET", "/external/transfers")).statusCode).toBe(401);
  });

  it("a manager edits them (PUT /settings/external-transfers, 204); bad input is 422 and agents may not", async () => {
    // The edit changes ISIUS's targets for everyone: on a gateway of its own, so the seeded ones stay for the rest.
    const own = await startTestGateway();
    try {
      const manager = await own.signIn("manager.isius@demo.test");
      const targets = {
        external: [{ name: "Dental Plans Desk", phone: "2125550181" }],
        sunlife: [{ name: "Ana Silva", phone: "+12125550182" }],
        matcha: { enabled: false, phone: null },
      };
      expect((await manager.request("PUT", "/settings/external-transfers", targets)).statusCode).toBe(204);
      expect((await manager.request("GET", "/settings/external-transfers")).json()).toEqual(targets);
      const q = await own.signIn("qualifier2.isius@demo.test");
      expect((await q.request("GET", "/external/transfers")).json()).toEqual({ data: targets.external });
      expect((await q.request("GET", "/external/agents/sunlife")).json()).toEqual({
        data: { "+12125550182": "Ana Silva" },
      });

      const bad = await manager.request("PUT", "/settings/external-transfers", {
        ...targets,
        external: [{ name: "", phone: "12ab" }],
      });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys((bad.json() as { errors: object }).errors).sort()).toEqual([
        "external.0.name",
        "external.0.phone",
      ]);
      expect(
        (await manager.request("PUT", "/settings/external-transfers", { ...targets, extra: 1 })).statusCode,
      ).toBe(422);
      expect((await q.request("PUT", "/settings/external-transfers", targets)).statusCode).toBe(403);
    } finally {
      await own.close();
    }
  });
});
