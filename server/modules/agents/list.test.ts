import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentListResponse, type AgentListItem } from "../../../src/contract/agents";
import { ErrorBody } from "../../../src/contract/common";
import { users } from "../../db/schema";
import { startTestGateway, type TestClient, type TestGateway } from "../../test/harness";

let gw: TestGateway;
let qualifier: TestClient;
let advisor: TestClient;
let manager: TestClient;
let slica: TestClient;
beforeAll(async () => {
  gw = await startTestGateway();
  qualifier = await gw.signIn("qualifier.isius@demo.test");
  advisor = await gw.signIn("advisor.isius@demo.test");
  manager = await gw.signIn("manager.isius@demo.test");
  slica = await gw.signIn("qualifier.slica@demo.test");
});
afterAll(() => gw?.close());

const list = async (c: TestClient, query = "") => {
  const res = await c.request("GET", `/agents${query ? `?${query}` : ""}`);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return AgentListResponse.parse(res.json());
};
const names = (rows: AgentListItem[]) => rows.map((r) => r.full_name);

let serial = 0;
/** An agent of a tenant; qualifier with an extension unless told otherwise. */
async function agent(tenantId: number, firstName: string, lastName: string, over: Partial<typeof users.$inferInsert> = {}) {
  const n = ++serial;
  const [u] = await gw.db
    .insert(users)
    .values({
      tenantId,
      email: `listed-${n}@test.test`,
      passwordHash: "not-a-hash",
      firstName,
      lastName,
      role: "qualifier",
      extension: String(7000 + n),
      ...over,
    })
    .returning({ id: users.id, extension: users.extension });
  return u!;
}

describe("GET /agents: search", () => {
  it("finds agents by first name, last name, full name and extension, without case", async () => {
    for (const q of ["jordan", "REYES", "Jordan%20Reyes", "jordan%20r", "1001"]) {
      const { data } = await list(qualifier, `query=${q}`);
      expect(names(data), q).toContain("Jordan Reyes");
    }
    const { data, meta } = await list(qualifier, "query=1002");
    expect(data).toEqual([
      { id: expect.any(Number), first_name: "Maria", last_name: "Lopez", full_name: "Maria Lopez", extension: "1002", role: "advisor", level: 1, is_bilingual: false },
    ]);
    expect(meta).toEqual({ total: 1, page: 1, per_page: 25 });
    // Trimmed; a blank search is no search.
    expect(names((await list(qualifier, "query=%20%20maria%20")).data)).toContain("Maria Lopez");
    expect((await list(qualifier, "query=%20")).meta.total).toBe((await list(qualifier)).meta.total);
  });

  it("takes %, _ and \\ in the search literally", async () => {
    await agent(1, "Per%cent", "Under_score");
    expect(names((await list(qualifier, "query=%25")).data)).toEqual(["Per%cent Under_score"]);
    expect(names((await list(qualifier, "query=_")).data)).toEqual(["Per%cent Under_score"]);
    expect((await list(qualifier, "query=%5C")).meta.total).toBe(0);
  });

  it("lists only qualifiers and advisors: never managers and above", async () => {
    for (const q of ["Whitfield", "Morgan", "Patel"]) expect((await list(manager, `query=${q}`)).meta.total, q).toBe(0);
    const everyone = await list(manager, "per_page=100");
    expect(new Set(everyone.data.map((r) => r.role))).toEqual(new Set(["qualifier", "advisor"]));
    const advisors = await list(qualifier, "role=advisor&per_page=100");
    expect(advisors.data.every((r) => r.role === "advisor")).toBe(true);
    expect(names(advisors.data)).toContain("Maria Lopez");
    expect(names(advisors.data)).not.toContain("Jordan Reyes");
    const qualifiers = await list(qualifier, "role=qualifier&per_page=100");
    expect(advisors.meta.total + qualifiers.meta.total).toBe(everyone.meta.total);
  });
});

describe("GET /agents: pages", () => {
  it("pages through the matches in name order with the total of every page", async () => {
    for (let i = 1; i <= 23; i++) await agent(1, "Pager", `Person ${String(i).padStart(2, "0")}`, { role: i % 2 ? "qualifier" : "advisor" });
    const pages = [];
    for (const page of [1, 2, 3, 4]) pages.push(await list(qualifier, `query=pager&per_page=10&page=${page}`));
    expect(pages.map((p) => p.data.length)).toEqual([10, 10, 3, 0]);
    expect(pages.map((p) => p.meta)).toEqual([1, 2, 3, 4].map((page) => ({ total: 23, page, per_page: 10 })));
    const all = pages.flatMap((p) => names(p.data));
    expect(all).toEqual(Array.from({ length: 23 }, (_, i) => `Pager Person ${String(i + 1).padStart(2, "0")}`));
    // 25 by default.
    const first = await list(qualifier, "query=pager");
    expect(first.data).toHaveLength(23);
    expect(first.meta).toEqual({ total: 23, page: 1, per_page: 25 });
    // By role: the advisors first, then the qualifiers, each by name.
    const byRole = await list(qualifier, "query=pager&sort=role&per_page=50");
    expect(byRole.data.map((r) => r.role)).toEqual([...Array(11).fill("advisor"), ...Array(12).fill("qualifier")]);
  });

  it("counts the whole call centre's agents in total, not only the page", async () => {
    const [{ n }] = await gw.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.tenantId, 1), inArray(users.role, ["qualifier", "advisor"])));
    const { data, meta } = await list(qualifier, "per_page=10");
    expect(data).toHaveLength(10);
    expect(meta.total).toBe(n);
  });

  it("orders by extension (no extension last)", async () => {
    await agent(1, "Sortext", "Nine", { extension: "999" });
    await agent(1, "Sortext", "None", { extension: null });
    await agent(1, "Sortext", "Long", { extension: "10001" });
    await agent(1, "Sortext", "Four", { extension: "1234" });
    const { data } = await list(qualifier, "query=sortext&sort=extension");
    expect(data.map((r) => r.extension)).toEqual(["999", "1234", "10001", null]);
  });

  it("refuses a page size other than 10, 25, 50 or 100, and any other bad parameter (422)", async () => {
    for (const size of ["10", "25", "50", "100"]) expect((await list(qualifier, `per_page=${size}`)).meta.per_page).toBe(Number(size));
    for (const q of [
      "per_page=5",
      "per_page=20",
      "per_page=1000",
      "per_page=",
      "per_page=ten",
      "per_page=010",
      "page=0",
      "page=-1",
      "page=1.5",
      "sort=email",
      "role=manager",
      "callable=yes",
      `query=${"a".repeat(101)}`,
      "query=a&query=b",
      "limit=10",
    ]) {
      const res = await qualifier.request("GET", `/agents?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(ErrorBody.safeParse(res.json()).success, q).toBe(true);
    }
    expect((await gw.client().request("GET", "/agents")).statusCode).toBe(401);
  });
});

describe("GET /agents: one call centre, what each role sees", () => {
  it("never lists another call centre's agents", async () => {
    await agent(2, "Isolated", "Slica");
    await agent(1, "Isolated", "Isius");
    expect(names((await list(slica, "query=isolated")).data)).toEqual(["Isolated Slica"]);
    expect(names((await list(qualifier, "query=isolated")).data)).toEqual(["Isolated Isius"]);
    expect(names((await list(manager, "query=isolated")).data)).toEqual(["Isolated Isius"]);
    expect((await list(slica, "query=Jordan")).meta.total).toBe(0);
    expect((await list(slica, "query=1001")).meta.total).toBe(0);
    const isius = await gw.db.select({ id: users.id }).from(users).where(eq(users.tenantId, 1));
    const isiusIds = new Set(isius.map((u) => u.id));
    const all = await list(slica, "per_page=100");
    expect(all.data.length).toBeGreaterThan(0);
    expect(all.data.some((r) => isiusIds.has(r.id))).toBe(false);
    expect(names(all.data)).toContain("Émilie Tremblay");
  });

  it("gives the e-mail and the calling flag to managers only, and lets only them search by e-mail", async () => {
    for (const c of [qualifier, advisor]) {
      const { data } = await list(c, "query=maria");
      expect(data[0]).not.toHaveProperty("email");
      expect(data[0]).not.toHaveProperty("deactivated");
      expect((await list(c, "query=advisor.isius%40demo")).meta.total).toBe(0);
    }
    const { data } = await list(manager, "query=maria");
    expect(data.find((r) => r.full_name === "Maria Lopez")).toMatchObject({ email: "advisor.isius@demo.test", deactivated: false });
    expect(names((await list(manager, "query=ADVISOR.ISIUS%40demo")).data)).toEqual(["Maria Lopez"]);
  });

  it("with callable=true, keeps only agents with an extension, calling on and the account enabled", async () => {
    await agent(1, "Callable", "Yes");
    await agent(1, "Callable", "No Extension", { extension: null });
    await agent(1, "Callable", "Blank Extension", { extension: "" });
    await agent(1, "Callable", "Calling Off", { deactivated: true });
    await agent(1, "Callable", "Account Off", { disabled: true });
    await agent(1, "Callable", "Advisor", { role: "advisor" });
    expect((await list(qualifier, "query=callable")).meta.total).toBe(6);
    expect(names((await list(qualifier, "query=callable&callable=true")).data)).toEqual(["Callable Advisor", "Callable Yes"]);
    expect(names((await list(qualifier, "query=callable&callable=true&role=advisor")).data)).toEqual(["Callable Advisor"]);
    const managers = await list(manager, "query=callable");
    expect(managers.data.find((r) => r.last_name === "Calling Off")?.deactivated).toBe(true);
  });
});

describe("GET /agents/advisors", () => {
  const advisors = async (c: TestClient, query = "") => {
    const res = await c.request("GET", `/agents/advisors${query ? `?${query}` : ""}`);
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    return AgentListResponse.parse(res.json());
  };

  it("lists only the advisors of the caller's own call centre, paged and searched as GET /agents", async () => {
    const { data, meta } = await advisors(qualifier, "per_page=100");
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((r) => r.role === "advisor")).toBe(true);
    expect(meta.total).toBe(data.length);
    expect(names((await advisors(qualifier, "query=maria")).data)).toEqual(["Maria Lopez"]);
    expect(names((await advisors(qualifier, "query=jordan")).data)).toEqual([]);
    const slicaNames = names((await advisors(slica, "per_page=100")).data);
    expect(slicaNames).not.toContain("Maria Lopez");
  });

  it("keeps the bilingual advisors and those who take a kind of live transfer", async () => {
    await agent(1, "Filter", "Bilingual Internal", { role: "advisor", isBilingual: true, internalLiveTransfers: true });
    await agent(1, "Filter", "External", { role: "advisor", externalLiveTransfers: true });
    await agent(1, "Filter", "Qualifier", { isBilingual: true });
    expect(names((await advisors(qualifier, "query=filter")).data)).toEqual(["Filter Bilingual Internal", "Filter External"]);
    expect(names((await advisors(qualifier, "query=filter&bilingual=true")).data)).toEqual(["Filter Bilingual Internal"]);
    expect(names((await advisors(qualifier, "query=filter&live_transfers=internal")).data)).toEqual(["Filter Bilingual Internal"]);
    expect(names((await advisors(qualifier, "query=filter&live_transfers=external")).data)).toEqual(["Filter External"]);
  });

  it("refuses a role, an unknown filter value or a stranger with a clear error", async () => {
    for (const q of ["role=qualifier", "live_transfers=both", "bilingual=yes", "per_page=7"]) {
      const res = await qualifier.request("GET", `/agents/advisors?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(ErrorBody.parse(res.json()).message, q).toBeTruthy();
    }
    expect((await gw.client().request("GET", "/agents/advisors")).statusCode).toBe(401);
  });
});
