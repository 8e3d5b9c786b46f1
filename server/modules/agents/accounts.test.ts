import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, AccountListResponse, CreatedAccount, type AccountBody } from "../../../src/contract/accounts";
import { LoginChallenge } from "../../../src/contract/auth";
import { ErrorBody } from "../../../src/contract/common";
import { auditLog, users } from "../../db/schema";
import { startTestGateway, type TestClient, type TestGateway } from "../../test/harness";

let gw: TestGateway;
let manager: TestClient;
let admin: TestClient;
let ops: TestClient;
let managerId: number;
beforeAll(async () => {
  gw = await startTestGateway();
  manager = await gw.signIn("manager.isius@demo.test");
  admin = await gw.signIn("admin@demo.test");
  ops = await gw.signIn("ops@demo.test");
  managerId = await gw.idOf("manager.isius@demo.test");
});
afterAll(() => gw?.close());

let serial = 0;
/**
 * A valid body for a new account: a qualifier on one of the demo's free allowed extensions (1031–1039). Each test
 * that gives an account one of them has its own (1031, 1032, 1033, 1034, 1037, 1038, 1039), whatever ran before;
 * 1035 and 1036 go only into requests that are refused, so they are free for any test.
 */
function account(over: Partial<AccountBody> = {}): AccountBody {
  const n = ++serial;
  return {
    first_name: "Robin",
    last_name: `Hale ${n}`,
    email: `robin.hale.${n}@demo.test`,
    role: "qualifier",
    level: 1,
    extension: null,
    is_bilingual: false,
    language: "en",
    has_webrtc: true,
    manager_id: null,
    ...over,
  };
}

async function create(c: TestClient, body: AccountBody, headers?: Record<string, string>) {
  const res = await c.request("POST", "/accounts", body, headers);
  expect(res.statusCode, res.body).toBe(201);
  return CreatedAccount.parse(res.json());
}

/** The first sign-in of a new account: the temporary password, then its own password; the client is signed in. */
async function firstSignIn(email: string, temporary: string, password = "a-Fresh-start-42") {
  const c = gw.client();
  const first = await c.request("POST", "/login", { email, password: temporary });
  expect(first.statusCode, first.body).toBe(202);
  const challenge = LoginChallenge.parse(first.json());
  expect(challenge.challenge).toBe("new_password_required");
  const created = await c.request("POST", "/login/create-password", { email, session: challenge.session, password });
  expect(created.statusCode, created.body).toBe(204);
  return gw.signIn(email, password);
}

const refusal = (res: { statusCode: number; json(): unknown }) => ErrorBody.parse(res.json());

describe("POST /accounts", () => {
  it("a manager creates a qualifier, who signs in with the temporary password and sets its own", async () => {
    const body = account({ extension: "1031", manager_id: managerId, is_bilingual: true, language: "es" });
    const { id, temporary_password } = await create(manager, body);
    expect(temporary_password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    const [row] = await gw.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ tenantId: 1, role: "qualifier", extension: "1031", managerId, passwordState: "new_password_required", isBilingual: true, language: "es" });
    // Stored as a hash only.
    expect(row!.passwordHash).not.toContain(temporary_password);
    const list = AccountListResponse.parse((await manager.request("GET", `/accounts?query=${encodeURIComponent(body.email)}`)).json());
    expect(list.data).toEqual([expect.objectContaining({ id, email: body.email, disabled: false, password_state: "new_password_required" })]);

    const agent = await firstSignIn(body.email, temporary_password!);
    expect((await agent.request("GET", "/agents/me/status")).statusCode).toBe(200);
    // The temporary password worked once: it is no longer the account's.
    expect((await gw.client().request("POST", "/login", { email: body.email, password: temporary_password })).statusCode).toBe(422);
  });

  it("a manager cannot create a manager (403); an admin can, and cannot give a role above its own", async () => {
    const asManager = await manager.request("POST", "/accounts", account({ role: "manager" }));
    expect(asManager.statusCode).toBe(403);
    expect(refusal(asManager).message).toBe(ACCOUNT_MESSAGES.managersByAdmins);
    expect((await manager.request("POST", "/accounts", account({ role: "admin" }))).statusCode).toBe(403);
    await create(admin, account({ role: "manager" }));
    await create(admin, account({ role: "admin" }));
    for (const role of ["super", "operations-manager"] as const) {
      const res = await admin.request("POST", "/accounts", account({ role }));
      expect(res.statusCode, role).toBe(403);
      expect(refusal(res).message).toBe(ACCOUNT_MESSAGES.roleAboveOwn);
    }
    await create(ops, account({ role: "operations-manager" }));
  });

  it("refuses a used e-mail, whatever its case, with 422 on the field", async () => {
    // An extension no test gives an account: the e-mail is the only refusal, whichever tests ran before.
    const res = await manager.request("POST", "/accounts", account({ email: "Qualifier.ISIUS@demo.test", extension: "1035" }));
    expect(res.statusCode).toBe(422);
    expect(refusal(res).errors).toEqual({ email: [ACCOUNT_MESSAGES.emailTaken] });
  });

  it("checks the fields: names at most 64, a valid e-mail, an allowed and free extension, a manager as the team", async () => {
    const cases: [Partial<AccountBody>, string, string][] = [
      [{ first_name: "x".repeat(65) }, "first_name", ACCOUNT_MESSAGES.nameTooLong],
      [{ last_name: "   " }, "last_name", ACCOUNT_MESSAGES.required],
      [{ email: "not-an-address" }, "email", ACCOUNT_MESSAGES.emailInvalid],
      [{ email: `${"a".repeat(96)}@x.io` }, "email", ACCOUNT_MESSAGES.emailTooLong],
      [{ extension: "12" }, "extension", ACCOUNT_MESSAGES.extensionInvalid],
      [{ extension: "1234567" }, "extension", ACCOUNT_MESSAGES.extensionInvalid],
      [{ extension: "" }, "extension", ACCOUNT_MESSAGES.extensionRequired],
      [{ extension: "1098" }, "extension", ACCOUNT_MESSAGES.extensionNotAllowed],
      [{ extension: "1002" }, "extension", ACCOUNT_MESSAGES.extensionTaken],
      [{ level: 0 }, "level", ACCOUNT_MESSAGES.levelInvalid],
      [{ manager_id: 1 }, "manager_id", ACCOUNT_MESSAGES.teamInvalid],
    ];
    for (const [over, field, message] of cases) {
      const res = await manager.request("POST", "/accounts", account(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(refusal(res).errors?.[field], JSON.stringify(over)).toEqual([message]);
    }
    const team = await admin.request("POST", "/accounts", account({ role: "manager", manager_id: managerId }));
    expect(refusal(team).errors?.manager_id).toEqual([ACCOUNT_MESSAGES.teamOnlyAgents]);
    // A manager's account needs no extension.
    await create(admin, account({ role: "manager", extension: null }));
  });

  it("takes an Idempotency-Key: a retry answers the id again, without the password, and creates nothing more", async () => {
    const body = account({ extension: "1032" });
    const headers = { "idempotency-key": "create-robin-once" };
    const first = await create(manager, body, headers);
    const again = await manager.request("POST", "/accounts", body, headers);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ id: first.id });
    expect(await gw.db.select({ id: users.id }).from(users).where(eq(users.email, body.email))).toHaveLength(1);
  });

  it("audits who created which account, never the password", async () => {
    const { id, temporary_password } = await create(manager, account({ extension: "1034" }));
    const rows = await gw.db.select().from(auditLog).where(and(eq(auditLog.action, "account.create"), eq(auditLog.userId, managerId)));
    const row = rows.find((r) => (r.detail as { accountId?: number }).accountId === id);
    expect(row).toMatchObject({ outcome: "success", tenantId: 1 });
    expect(JSON.stringify(rows)).not.toContain(temporary_password);
  });
});

describe("GET /accounts", () => {
  it("lists every role of the caller's call centre only, searched and paged", async () => {
    const all = AccountListResponse.parse((await manager.request("GET", "/accounts?per_page=100")).json());
    const emails = all.data.map((a) => a.email);
    expect(emails).toEqual(expect.arrayContaining(["manager.isius@demo.test", "admin@demo.test", "ops@demo.test", "qualifier.isius@demo.test"]));
    expect(emails).not.toContain("qualifier.slica@demo.test");
    const page = AccountListResponse.parse((await manager.request("GET", "/accounts?per_page=10&page=2")).json());
    expect(page.meta).toEqual({ total: all.meta.total, page: 2, per_page: 10 });
    expect(page.data[0]?.id).toBe(all.data[10]?.id);
    const found = AccountListResponse.parse((await manager.request("GET", "/accounts?query=whitfield")).json());
    expect(found.data.map((a) => a.email)).toEqual(["manager.isius@demo.test"]);
    expect((await manager.request("GET", "/accounts?per_page=20")).statusCode).toBe(422);
    const q = await gw.signIn("qualifier.isius@demo.test");
    expect((await q.request("GET", "/accounts")).statusCode).toBe(403);
  });
});

describe("PUT /accounts/{id}", () => {
  it("edits an agent; a manager cannot edit a manager or an admin, an admin cannot edit an operations-manager", async () => {
    const body = account({ extension: "1033" });
    const { id } = await create(manager, body);
    const edited = await manager.request("PUT", `/accounts/${id}`, { ...body, first_name: "Robyn", level: 3 });
    expect(edited.statusCode, edited.body).toBe(204);
    expect((await gw.db.select().from(users).where(eq(users.id, id)))[0]).toMatchObject({ firstName: "Robyn", level: 3 });
    // Its own extension is kept without a second check.
    expect((await manager.request("PUT", `/accounts/${id}`, { ...body, first_name: "Robyn" })).statusCode).toBe(204);

    const adminId = await gw.idOf("admin@demo.test");
    const opsId = await gw.idOf("ops@demo.test");
    const asManager = await manager.request("PUT", `/accounts/${adminId}`, account({ role: "qualifier", extension: "1034" }));
    expect(asManager.statusCode).toBe(403);
    // Promoting an agent to manager needs an admin.
    expect((await manager.request("PUT", `/accounts/${id}`, { ...body, role: "manager" })).statusCode).toBe(403);
    expect((await admin.request("PUT", `/accounts/${opsId}`, account({ role: "admin" }))).statusCode).toBe(403);
  });

  it("refuses another call centre's account (the object-level check) and changes nothing", async () => {
    const slicaId = await gw.idOf("qualifier.slica@demo.test");
    const res = await admin.request("PUT", `/accounts/${slicaId}`, account({ extension: "1035" }));
    expect(res.statusCode).toBe(403);
    for (const path of ["deactivation", "password-reset"]) expect((await admin.request("POST", `/accounts/${slicaId}/${path}`)).statusCode).toBe(403);
    const [row] = await gw.db.select().from(users).where(eq(users.id, slicaId));
    expect(row).toMatchObject({ email: "qualifier.slica@demo.test", disabled: false, passwordState: "active" });
  });

  it("refuses a change of the caller's own role", async () => {
    const adminId = await gw.idOf("admin@demo.test");
    const res = await admin.request("PUT", `/accounts/${adminId}`, account({ role: "qualifier", extension: "1036" }));
    expect(res.statusCode).toBe(422);
    expect(refusal(res).errors).toEqual({ role: [ACCOUNT_MESSAGES.ownRole] });
  });

  it("a role change ends the account's sessions at once: the old token gets 401", async () => {
    const body = account({ extension: "1037" });
    const { id, temporary_password } = await create(manager, body);
    const agent = await firstSignIn(body.email, temporary_password!);
    expect((await agent.request("GET", "/agents/me/status")).statusCode).toBe(200);
    expect((await manager.request("PUT", `/accounts/${id}`, { ...body, role: "advisor" })).statusCode).toBe(204);
    expect((await agent.request("GET", "/agents/me/status")).statusCode).toBe(401);
  });
});

describe("deactivation and reactivation", () => {
  it("ends the sessions at once, refuses sign-in, and a reactivated account signs in again", async () => {
    const body = account({ extension: "1038" });
    const { id, temporary_password } = await create(manager, body);
    const agent = await firstSignIn(body.email, temporary_password!, "a-Fresh-start-42");
    const off = await manager.request("POST", `/accounts/${id}/deactivation`);
    expect(off.statusCode).toBe(201);
    expect(off.json()).toEqual({ id, disabled: true });
    expect((await agent.request("GET", "/agents/me/status")).statusCode).toBe(401);
    expect((await gw.client().request("POST", "/login", { email: body.email, password: "a-Fresh-start-42" })).statusCode).toBe(403);
    const listed = AccountListResponse.parse((await manager.request("GET", `/accounts?query=${encodeURIComponent(body.email)}`)).json());
    expect(listed.data[0]).toMatchObject({ disabled: true, deactivated: false });
    // Its extension is free for another account while it is deactivated, so reactivating checks it again.
    expect((await manager.request("DELETE", `/accounts/${id}/deactivation`)).statusCode).toBe(204);
    await gw.signIn(body.email, "a-Fresh-start-42");
    const actions = (await gw.db.select().from(auditLog).where(eq(auditLog.userId, managerId))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["account.deactivate", "account.reactivate"]));
  });

  it("a manager cannot deactivate an admin; nobody deactivates its own account", async () => {
    const adminId = await gw.idOf("admin@demo.test");
    expect((await manager.request("POST", `/accounts/${adminId}/deactivation`)).statusCode).toBe(403);
    const own = await admin.request("POST", `/accounts/${adminId}/deactivation`);
    expect(own.statusCode).toBe(409);
    expect(refusal(own).message).toBe(ACCOUNT_MESSAGES.ownDeactivation);
    expect((await admin.request("GET", "/accounts")).statusCode).toBe(200);
  });

  it("refuses to reactivate an account whose extension another active account took meanwhile", async () => {
    const first = account({ extension: "1039" });
    const { id } = await create(manager, first);
    expect((await manager.request("POST", `/accounts/${id}/deactivation`)).statusCode).toBe(201);
    await create(manager, account({ extension: "1039" }));
    const res = await manager.request("DELETE", `/accounts/${id}/deactivation`);
    expect(res.statusCode).toBe(409);
    expect(refusal(res).message).toBe(ACCOUNT_MESSAGES.extensionTaken);
  });
});

describe("POST /accounts/{id}/password-reset", () => {
  it("ends the sessions and makes the next sign-in lead to the reset", async () => {
    // A gateway of its own: qualifier4 leaves unable to sign in with the demo password.
    const own = await startTestGateway();
    try {
      const ownManager = await own.signIn("manager.isius@demo.test");
      const q = await own.signIn("qualifier4.isius@demo.test");
      const id = await own.idOf("qualifier4.isius@demo.test");
      const res = await ownManager.request("POST", `/accounts/${id}/password-reset`);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ id, password_state: "password_reset_required" });
      expect((await q.request("GET", "/agents/me/status")).statusCode).toBe(401);
      const next = await own.client().request("POST", "/login", { email: "qualifier4.isius@demo.test", password: "demo-password" });
      expect(next.statusCode).toBe(202);
      expect(LoginChallenge.parse(next.json()).challenge).toBe("password_reset_required");
      const ownReset = await ownManager.request("POST", `/accounts/${await own.idOf("manager.isius@demo.test")}/password-reset`);
      expect(ownReset.statusCode).toBe(409);
    } finally {
      await own.close();
    }
  });
});
