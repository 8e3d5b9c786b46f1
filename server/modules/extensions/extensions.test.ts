// Allowed extensions through a whole gateway: a manager lists, adds and removes its call centre's extensions;
// the format and duplicate refusals are 422 on the field; another call centre's list is its own; agents get 403.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AllowedExtensionList, EXTENSION_MESSAGES } from "../../../src/contract/allowedExtensions";
import { OWNERSHIP_MESSAGES } from "../../../src/contract/ownership";
import { allowedExtensions, users } from "../../db/schema";
import { startTestGateway, type TestClient, type TestGateway } from "../../test/harness";
import { isAllowedExtension } from "./routes";

let gw: TestGateway;
let manager: TestClient;
beforeAll(async () => {
  gw = await startTestGateway();
  manager = await gw.signIn("manager.isius@demo.test");
});
afterAll(() => gw.close());

const list = async (c: TestClient) => {
  const res = await c.request("GET", "/allowed-extensions");
  expect(res.statusCode).toBe(200);
  return AllowedExtensionList.parse(res.json()).data.map((e) => e.extension);
};

describe("allowed extensions", () => {
  it("the seed allows every extension a demo account has, and free ones for new accounts", async () => {
    const listed = await list(manager);
    const accounts = await gw.db.select({ ext: users.extension }).from(users).where(eq(users.tenantId, 1));
    for (const { ext } of accounts) if (ext) expect(listed).toContain(ext);
    expect(listed).toEqual(expect.arrayContaining(["1001", "1002", "1011", "1015", "1031", "1039"]));
    expect(listed).not.toContain("2001");
  });

  it("with free=true lists only the extensions no account of the call centre holds (the accounts form's choices)", async () => {
    const res = await manager.request("GET", "/allowed-extensions?free=true");
    expect(res.statusCode).toBe(200);
    const free = AllowedExtensionList.parse(res.json()).data.map((e) => e.extension);
    const held = (await gw.db.select({ ext: users.extension }).from(users).where(eq(users.tenantId, 1))).map(
      (u) => u.ext,
    );
    expect(free.length).toBeGreaterThan(0);
    for (const ext of free) expect(held).not.toContain(ext);
    expect(free).toEqual(expect.arrayContaining(["1031", "1039"]));
    expect(free).not.toContain("1001");
    expect(free).toEqual((await list(manager)).filter((e) => !held.includes(e)));
    expect((await manager.request("GET", "/allowed-extensions?free=yes")).statusCode).toBe(422);
  });

  it("adds one (201, trimmed), refuses it again (422 'Extension already exists'), deletes it (204) and then 404", async () => {
    const add = await manager.request("POST", "/allowed-extensions", { extension: " 4321 " });
    expect(add.statusCode, add.body).toBe(201);
    expect(add.json()).toEqual({ data: { extension: "4321" } });
    expect(await list(manager)).toContain("4321");
    const [row] = await gw.db
      .select()
      .from(allowedExtensions)
      .where(and(eq(allowedExtensions.tenantId, 1), eq(allowedExtensions.extension, "4321")));
    expect(row!.createdBy).toBe(await gw.idOf("manager.isius@demo.test"));

    const again = await manager.request("POST", "/allowed-extensions", { extension: "4321" });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: EXTENSION_MESSAGES.duplicate,
      errors: { extension: [EXTENSION_MESSAGES.duplicate] },
    });

    expect((await manager.request("DELETE", "/allowed-extensions/4321")).statusCode).toBe(204);
    expect(await list(manager)).not.toContain("4321");
    expect((await manager.request("DELETE", "/allowed-extensions/4321")).statusCode).toBe(404);
  });

  it("refuses what is not 3 to 6 digits with 422 'Invalid extension format' on extension, and stores nothing", async () => {
    const before = await list(manager);
    for (const extension of ["12", "1234567", "12a4", "", "١٢٣٤", 1234, null]) {
      const res = await manager.request("POST", "/allowed-extensions", { extension });
      expect(res.statusCode, String(extension)).toBe(422);
      expect(res.json().errors.extension).toEqual([EXTENSION_MESSAGES.invalid]);
    }
    expect(
      (await manager.request("POST", "/allowed-extensions", { extension: "1234", more: 1 })).statusCode,
    ).toBe(422);
    expect((await manager.request("POST", "/allowed-extensions", {})).statusCode).toBe(422);
    expect((await manager.request("DELETE", "/allowed-extensions/12")).statusCode).toBe(422);
    expect(await list(manager)).toEqual(before);
  });

  it("is per call centre: another tenant's extension is not listed, cannot be allowed again (409), nor deleted from here", async () => {
    // It makes a SLICA account an admin and takes an ISIUS extension off the list: a gateway of its own.
    const gw = await startTestGateway();
    try {
      const manager = await gw.signIn("manager.isius@demo.test");
      const admin = await gw.signIn("admin@demo.test"); // ISIUS admin: the same list as the manager
      expect(await list(admin)).toEqual(await list(manager));
      // SLICA has no manager account: one of its accounts becomes its admin for this test.
      await gw.db.update(users).set({ role: "admin" }).where(eq(users.email, "advisor2.slica@demo.test"));
      const slicaAdmin = await gw.signIn("advisor2.slica@demo.test");
      const theirs = await list(slicaAdmin);
      expect(theirs).toContain("2001");
      expect(theirs).not.toContain("1001");
      // Extensions are one numbering plan on the PBX (issue 31): ISIUS's 1001 is not SLICA's to allow.
      const taken = await slicaAdmin.request("POST", "/allowed-extensions", { extension: "1001" });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({
        message: OWNERSHIP_MESSAGES.extensionTaken,
        errors: { extension: [OWNERSHIP_MESSAGES.extensionTaken] },
      });
      expect((await slicaAdmin.request("DELETE", "/allowed-extensions/1002")).statusCode).toBe(404);
      expect(await list(manager)).toContain("1002");
      expect(await isAllowedExtension(gw.db, 2, "1001")).toBe(false);
      // Nor one only held by an ISIUS account (an extension allowed nowhere, given before the list existed).
      await gw.db
        .delete(allowedExtensions)
        .where(and(eq(allowedExtensions.tenantId, 1), eq(allowedExtensions.extension, "1014")));
      expect(
        (await slicaAdmin.request("POST", "/allowed-extensions", { extension: "1014" })).statusCode,
      ).toBe(409);
      expect(await isAllowedExtension(gw.db, 2, "1002")).toBe(false);
      expect(await isAllowedExtension(gw.db, 1, "1002")).toBe(true);
      expect(await isAllowedExtension(gw.db, 1, "12")).toBe(false);
    } finally {
      await gw.close();
    }
  });

  it("agents may not read or change them (403)", async () => {
    const q = await gw.signIn("qualifier.isius@demo.test");
    expect((await q.request("GET", "/allowed-extensions")).statusCode).toBe(403);
    expect((await q.request("POST", "/allowed-extensions", { extension: "5555" })).statusCode).toBe(403);
    expect((await q.request("DELETE", "/allowed-extensions/1001")).statusCode).toBe(403);
    expect(await list(manager)).toContain("1001");
  });
});
