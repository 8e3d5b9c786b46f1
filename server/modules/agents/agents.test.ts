import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADVISOR_RADIUS_KM,
  AVAILABLE_AGENTS_THRESHOLD,
  AvailableAdvisorsResponse,
  AvailableAgentsResponse,
  POSTAL_MESSAGES,
  PostalProblem,
} from "../../../src/contract/geo";
import { leads, users } from "../../db/schema";
import { geocode } from "../../geo";
import { distanceKm, KM_PER_DEGREE } from "../../geo/nearest";
import { FIELD_ADVISORS } from "../../seed/advisors";
import { startTestGateway, type TestClient, type TestGateway } from "../../test/harness";

let gw: TestGateway;
let isius: TestClient;
let slica: TestClient;
beforeAll(async () => {
  gw = await startTestGateway();
  isius = await gw.signIn("qualifier.isius@demo.test");
  slica = await gw.signIn("qualifier.slica@demo.test");
});
afterAll(() => gw?.close());

const count = async (c: TestClient, query: string) => {
  const res = await c.request("GET", `/available-agents?${query}`);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return AvailableAgentsResponse.parse(res.json()).data;
};
const advisors = async (c: TestClient, query: string) => {
  const res = await c.request("GET", `/agents/available-advisors?${query}`);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return AvailableAdvisorsResponse.parse(res.json());
};

let serial = 0;
/** An advisor of a tenant whose home base is `km` north of a postal code's centroid. */
async function advisorNorthOf(tenantId: number, postal: string, km: number, over: Partial<typeof users.$inferInsert> = {}) {
  const g = geocode(postal)!;
  const n = ++serial;
  const [u] = await gw.db
    .insert(users)
    .values({
      tenantId,
      email: `area-advisor-${n}@test.test`,
      passwordHash: "not-a-hash",
      firstName: "Area",
      lastName: `Advisor ${n}`,
      role: "advisor",
      homeLatitude: g.latitude + km / KM_PER_DEGREE,
      homeLongitude: g.longitude,
      ...over,
    })
    .returning({ id: users.id });
  return u!.id;
}

describe("GET /available-agents?mga&postal: the seeded demo", () => {
  it("counts the advisors within 25 km: 3 or more is available, fewer is a forced booking", async () => {
    expect(await count(isius, "postal=10001")).toEqual({ count: 5, available: true, threshold: 3, radius_km: 25, precision: "postal" });
    expect(await count(isius, "postal=90012")).toMatchObject({ count: 4, available: true });
    expect(await count(isius, "postal=77002")).toMatchObject({ count: 3, available: true });
    expect(await count(isius, "postal=02108")).toMatchObject({ count: 2, available: false });
    // A rural lead (Absarokee, Montana) and a large city without field advisors.
    expect(await count(isius, "postal=59001")).toMatchObject({ count: 0, available: false });
    expect(await count(isius, "postal=60601&mga=")).toMatchObject({ count: 0, available: false });
    expect(await count(slica, "postal=M5V%203L9")).toMatchObject({ count: 4, available: true });
    expect(await count(slica, "postal=h2x1y4")).toMatchObject({ count: 4, available: true });
    expect(await count(slica, "postal=K1P%205J2")).toMatchObject({ count: 3, available: true });
    expect(await count(slica, "postal=V6B%201A1")).toMatchObject({ count: 2, available: false });
    expect(await count(slica, "postal=S4P%203Y2")).toMatchObject({ count: 0, available: false });
  });

  it("gives the demo leads of both call centres to show: some with 3 or more advisors in the area, some with none", async () => {
    const people = await gw.db
      .select({ tenantId: users.tenantId, lat: users.homeLatitude, lon: users.homeLongitude })
      .from(users)
      .where(eq(users.role, "advisor"));
    const book = await gw.db.select({ tenantId: leads.tenantId, lat: leads.latitude, lon: leads.longitude }).from(leads);
    for (const tenantId of [1, 2]) {
      const around = book
        .filter((l) => l.tenantId === tenantId && l.lat !== null && l.lon !== null)
        .map((l) => people.filter((a) => a.tenantId === tenantId && a.lat !== null && distanceKm(l.lat!, l.lon!, a.lat, a.lon!) <= ADVISOR_RADIUS_KM).length);
      expect(around.filter((n) => n >= AVAILABLE_AGENTS_THRESHOLD).length, `tenant ${tenantId}`).toBeGreaterThanOrEqual(10);
      expect(around.filter((n) => n === 0).length, `tenant ${tenantId}`).toBeGreaterThanOrEqual(100);
    }
    expect(await count(isius, "postal=20001")).toMatchObject({ count: 3, available: true });
  });

  it("never counts another call centre's advisors", async () => {
    // ISIUS has five advisors around 10001, SLICA none; SLICA has four around Toronto, ISIUS none.
    expect(await count(slica, "postal=10001")).toMatchObject({ count: 0, available: false });
    expect(await count(isius, "postal=M5V%203L9")).toMatchObject({ count: 0, available: false });
    expect(FIELD_ADVISORS.every((a) => geocode(a.homePostal))).toBe(true);
  });

  it("counts nothing around an FSA it can only place at its province", async () => {
    expect(await count(slica, "postal=H0H%200H0")).toMatchObject({ count: 0, available: false, precision: "province" });
  });

  it("refuses a bad postal code as the geocode does: 422 too short or invalid, 404 not found, never a 5xx", async () => {
    const cases: [string, number, string][] = [
      ["postal=1234", 422, "too_short"],
      ["postal=M5V", 422, "too_short"],
      ["postal=ABCDE", 422, "invalid"],
      ["postal=", 422, "invalid"],
      ["postal=99999", 404, "not_found"],
    ];
    for (const [q, status, reason] of cases) {
      const res = await isius.request("GET", `/available-agents?${q}`);
      expect(res.statusCode, q).toBe(status);
      expect(PostalProblem.parse(res.json())).toMatchObject({ reason, message: POSTAL_MESSAGES[reason as keyof typeof POSTAL_MESSAGES] });
    }
    for (const q of ["", "mga=X", "postal=10001&radius=50", `postal=10001&mga=${"m".repeat(101)}`, "postal=10001&postal=10002"]) {
      const res = await isius.request("GET", `/available-agents?${q}`);
      expect(res.statusCode, q).toBe(422);
    }
    expect((await gw.client().request("GET", "/available-agents?postal=10001")).statusCode).toBe(401);
  });
});

describe("GET /agents/available-advisors", () => {
  it("lists the advisors behind the count, nearest first", async () => {
    const { data, meta } = await advisors(isius, "postal=10001");
    expect(meta).toEqual({ count: 5, available: true, threshold: 3, radius_km: 25, precision: "postal", health_state: null });
    expect(data.map((a) => a.postal)).toEqual(["10016", "07302", "10025", "11201", "11375"]);
    expect(data[0]).toMatchObject({ first_name: "Maria", last_name: "Lopez", extension: "1002", city: "New York", health_licensed: true, mga: null });
    expect(data[0]!.distance_km).toBeCloseTo(1.6, 1);
    expect(data.map((a) => a.distance_km)).toEqual([...data.map((a) => a.distance_km)].sort((a, b) => a! - b!));
    expect(data.find((a) => a.postal === "07302")).toMatchObject({ city: "Jersey City", extension: null, health_licensed: false });
  });

  it("with health insurance, keeps only those licensed for the lead's state (by default the postal code's)", async () => {
    const ny = await advisors(isius, "postal=10001&health=true");
    expect(ny.meta).toMatchObject({ count: 4, available: true, health_state: "ny" });
    expect(ny.data.every((a) => a.health_licensed)).toBe(true);
    // A New Jersey lead in the same area: two licensed there.
    const nj = await advisors(isius, "postal=10001&health=true&state=NJ");
    expect(nj.meta).toMatchObject({ count: 2, available: false, health_state: "nj" });
    expect(nj.data.map((a) => a.postal).sort()).toEqual(["07302", "10025"]);
    // Los Angeles: four advisors, one licensed for California.
    expect((await advisors(isius, "postal=90012")).meta).toMatchObject({ count: 4, available: true });
    expect((await advisors(isius, "postal=90012&health=true")).meta).toMatchObject({ count: 1, available: false, health_state: "ca" });
    // Ottawa: Gatineau's advisor holds a Quebec licence only.
    expect((await advisors(slica, "postal=K1P%205J2&health=true")).meta).toMatchObject({ count: 2, available: false, health_state: "on" });
    expect((await advisors(slica, "postal=K1P%205J2&health=false")).meta).toMatchObject({ count: 3, available: true, health_state: null });
  });

  it("refuses an unknown state or a health flag that is not true or false (422)", async () => {
    for (const q of ["postal=10001&health=true&state=zz", "postal=10001&health=yes", "postal=10001&state=new%20york"]) {
      const res = await isius.request("GET", `/agents/available-advisors?${q}`);
      expect(res.statusCode, q).toBe(422);
    }
    const res = await isius.request("GET", "/agents/available-advisors?postal=99999");
    expect(res.statusCode).toBe(404);
    expect(res.json().reason).toBe("not_found");
  });
});

describe("advisors in the area: the rules", () => {
  it("counts an advisor at the 25 km boundary and not one just beyond it", async () => {
    // Denver has no seeded advisor.
    expect(await count(isius, "postal=80202")).toMatchObject({ count: 0 });
    await advisorNorthOf(1, "80202", ADVISOR_RADIUS_KM - 0.01);
    await advisorNorthOf(1, "80202", ADVISOR_RADIUS_KM + 0.01);
    await advisorNorthOf(1, "80202", -(ADVISOR_RADIUS_KM - 0.01)); // south, inside
    const { data, meta } = await advisors(isius, "postal=80202");
    expect(meta.count).toBe(2);
    expect(data.every((a) => a.distance_km! <= 25)).toBe(true);
  });

  it(`is available from ${AVAILABLE_AGENTS_THRESHOLD} advisors on`, async () => {
    // Atlanta has no seeded advisor.
    await advisorNorthOf(1, "30303", 3);
    await advisorNorthOf(1, "30303", 8);
    expect(await count(isius, "postal=30303")).toMatchObject({ count: 2, available: false });
    await advisorNorthOf(1, "30303", 20);
    expect(await count(isius, "postal=30303")).toMatchObject({ count: 3, available: true });
  });

  it("counts with and without the health licence for the lead's state", async () => {
    // Las Vegas: two licensed for Nevada (one in upper case), one for Arizona, one with none.
    await advisorNorthOf(1, "89101", 1, { healthLicenses: ["nv"] });
    await advisorNorthOf(1, "89101", 2, { healthLicenses: ["NV", "az"] });
    await advisorNorthOf(1, "89101", 3, { healthLicenses: ["az"] });
    await advisorNorthOf(1, "89101", 4);
    expect((await advisors(isius, "postal=89101")).meta).toMatchObject({ count: 4, available: true });
    expect((await advisors(isius, "postal=89101&health=true")).meta).toMatchObject({ count: 2, available: false, health_state: "nv" });
    expect((await advisors(isius, "postal=89101&health=true&state=AZ")).meta).toMatchObject({ count: 2, health_state: "az" });
  });

  it("an agent of one call centre never counts another's advisors, wherever they are", async () => {
    // SLICA advisors around Seattle: SLICA's agents count them, ISIUS's do not.
    for (const km of [1, 2, 3, 4]) await advisorNorthOf(2, "98101", km);
    expect(await count(slica, "postal=98101")).toMatchObject({ count: 4, available: true });
    expect(await count(isius, "postal=98101")).toMatchObject({ count: 0, available: false });
    expect((await advisors(isius, "postal=98101")).data).toEqual([]);
    // A manager of ISIUS neither.
    const manager = await gw.signIn("manager.isius@demo.test");
    expect(await count(manager, "postal=98101")).toMatchObject({ count: 0 });
  });

  it("with an MGA, counts that MGA's advisors and those of none; disabled accounts and other roles never", async () => {
    // Salt Lake City has no seeded advisor.
    await advisorNorthOf(1, "84101", 1, { mga: "Desert MGA" });
    await advisorNorthOf(1, "84101", 2, { mga: "Desert MGA" });
    await advisorNorthOf(1, "84101", 3, { mga: "Canyon MGA" });
    await advisorNorthOf(1, "84101", 4);
    const disabled = await advisorNorthOf(1, "84101", 5, { mga: "Desert MGA" });
    await gw.db.update(users).set({ disabled: true }).where(eq(users.id, disabled));
    await advisorNorthOf(1, "84101", 6, { role: "qualifier" });
    expect(await count(isius, "postal=84101")).toMatchObject({ count: 4 });
    expect(await count(isius, "postal=84101&mga=desert%20mga")).toMatchObject({ count: 3, available: true });
    expect(await count(isius, "postal=84101&mga=Canyon%20MGA")).toMatchObject({ count: 2, available: false });
    expect(await count(isius, "postal=84101&mga=Other")).toMatchObject({ count: 1 });
    const listed = await advisors(isius, "postal=84101&mga=Desert%20MGA");
    expect(listed.data.map((a) => a.mga)).toEqual(["Desert MGA", "Desert MGA", null]);
  });

  it("ignores an advisor without a home base", async () => {
    await gw.db.insert(users).values({
      tenantId: 1,
      email: "no-home@test.test",
      passwordHash: "not-a-hash",
      firstName: "No",
      lastName: "Home",
      role: "advisor",
    });
    expect(await count(isius, "postal=59001")).toMatchObject({ count: 0 });
  });
});
