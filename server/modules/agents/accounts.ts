// The call centre's accounts (issue 17; the specification shows neither the screen nor the paths, which follow
// §7's style): managers and above list every account, create agents and managers, edit them, deactivate and
// reactivate them (users.disabled: no sign-in at all, apart from users.deactivated, calling disabled) and make
// one reset its password. These write `users` rows, which modules/agents owns (server/README.md).
//
// The rules: a manager creates and edits the qualifiers and advisors of its own call centre only; managers are
// created and edited by an admin or higher; nobody gives a role above their own or touches an account above
// it. Deactivation and a role change end the account's sessions at once (server-side session rows). A new
// account gets a temporary password, answered once to the admin who created it (never stored in clear, not even
// in the Idempotency-Key's kept answer), and must create its own password at first sign-in
// (new_password_required, the flow of POST /login/create-password). An admin's password reset flags the account
// password_reset_required and ends its sessions: its next sign-in leads to the reset screen, whose code goes out
// through modules/auth's mail path (docs/decisions.md "Accounts").
import { randomInt } from "node:crypto";
import { and, asc, count, eq, ilike, ne, or, sql } from "drizzle-orm";
import {
  ACCOUNT_MESSAGES,
  createAccount,
  deactivateAccount,
  isAgentRole,
  listAccounts,
  mayManageRole,
  reactivateAccount,
  resetAccountPassword,
  saveAccount,
  type AccountListItem,
  type AccountRole,
  type AccountValues,
} from "../../../src/contract/accounts";
import type { Language } from "../../../src/contract/common";
import type { Caller } from "../../auth/access";
import { hashPassword } from "../../auth/passwords";
import { isUniqueViolation, type Db } from "../../db/client";
import { users } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { HttpError, MESSAGES } from "../../http/errors";
import { idempotent } from "../../http/idempotency";
import { defineRoute, type RouteDef } from "../../http/route";
import { isAllowedExtension } from "../extensions/routes";

/** The users area is for managers and above (admin-and-sign-in §6); the role rules narrow it per account. */
const MANAGERS = { roles: ["manager"], agentParam: "id", othersFrom: "manager" } as const;

/** What the account routes ask of the rest of the gateway: the allowed-extensions check (modules/extensions). */
export interface AccountChecks {
  isAllowedExtension(db: Db, tenantId: number, extension: string): Promise<boolean>;
}

/** 4 groups of 4 from 31 characters no one misreads on a screen (no 0/o, 1/l/i): about 79 bits. */
const TEMPORARY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export function temporaryPassword(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => TEMPORARY_ALPHABET[randomInt(TEMPORARY_ALPHABET.length)]).join(""),
  );
  return groups.join("-");
}

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Target = { id: number; role: AccountRole; extension: string | null; managerId: number | null; disabled: boolean; email: string };

export function accountRoutes(gw: Gateway, checks: AccountChecks = { isAllowedExtension }): RouteDef[] {
  /**
   * The account of the caller's own call centre. The route's agentParam has already refused (403) an id of
   * another call centre, as for every route naming an agent; the 404 is a second lock.
   */
  const accountOf = async (caller: Caller, id: number): Promise<Target> => {
    const [row] = await gw.db
      .select({ id: users.id, role: users.role, extension: users.extension, managerId: users.managerId, disabled: users.disabled, email: users.email })
      .from(users)
      .where(and(eq(users.id, id), eq(users.tenantId, caller.tenantId)))
      .limit(1);
    if (!row) throw new HttpError(404, MESSAGES.resourceNotFound);
    return row as Target;
  };

  /** 403 unless the caller may manage accounts of this role. */
  const mayManage = (caller: Caller, role: AccountRole, message: string) => {
    if (!mayManageRole(caller.roles, role))
      throw new HttpError(403, role === "manager" ? ACCOUNT_MESSAGES.managersByAdmins : message);
  };

  /** Another active account (any call centre: the PBX knows extensions by number alone) with the extension. */
  const extensionHolder = async (extension: string, except?: number) =>
    (
      await gw.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.extension, extension), eq(users.disabled, false), except ? ne(users.id, except) : undefined))
        .limit(1)
    )[0];

  /** Every field refusal of the body at once (422), given the account it replaces (none: a new one). */
  const checkFields = async (caller: Caller, body: AccountValues, before?: Target) => {
    const errors: Record<string, string[]> = {};
    const refuse = (field: string, message: string) => (errors[field] ??= []).push(message);
    if (body.email !== before?.email) {
      const [taken] = await gw.db.select({ id: users.id }).from(users).where(eq(users.email, body.email)).limit(1);
      if (taken && taken.id !== before?.id) refuse("email", ACCOUNT_MESSAGES.emailTaken);
    }
    if (body.extension === null) {
      if (isAgentRole(body.role)) refuse("extension", ACCOUNT_MESSAGES.extensionRequired);
    } else if (body.extension !== before?.extension) {
      // An account keeps the extension it has; a new or changed one must be allowed and free.
      if (!(await checks.isAllowedExtension(gw.db, caller.tenantId, body.extension)))
        refuse("extension", ACCOUNT_MESSAGES.extensionNotAllowed);
      else if (await extensionHolder(body.extension, before?.id)) refuse("extension", ACCOUNT_MESSAGES.extensionTaken);
    }
    if (body.manager_id !== null) {
      if (!isAgentRole(body.role)) refuse("manager_id", ACCOUNT_MESSAGES.teamOnlyAgents);
      else if (body.manager_id !== before?.managerId) {
        const [manager] = await gw.db
          .select({ id: users.id })
          .from(users)
          .where(
            and(eq(users.id, body.manager_id), eq(users.tenantId, caller.tenantId), eq(users.role, "manager"), eq(users.disabled, false)),
          )
          .limit(1);
        if (!manager) refuse("manager_id", ACCOUNT_MESSAGES.teamInvalid);
      }
    }
    const fields = Object.keys(errors);
    if (fields.length) throw new HttpError(422, errors[fields[0]!]![0]!, errors);
  };

  const columnsOf = (body: AccountValues) => ({
    firstName: body.first_name,
    lastName: body.last_name,
    email: body.email,
    role: body.role,
    level: body.level,
    extension: body.extension,
    isBilingual: body.is_bilingual,
    language: body.language,
    hasWebrtc: body.has_webrtc,
    managerId: body.manager_id,
  });

  /** A unique-index race (two admins, one e-mail) is the same 422 as the check before it. */
  const emailRace = (e: unknown): never => {
    if (isUniqueViolation(e)) throw new HttpError(422, ACCOUNT_MESSAGES.emailTaken, { email: [ACCOUNT_MESSAGES.emailTaken] });
    throw e;
  };

  const audit = (caller: Caller, ip: string, action: string, accountId: number, detail: Record<string, unknown> = {}) =>
    gw.audit.record({ action, outcome: "success", userId: caller.id, tenantId: caller.tenantId, ip, detail: { accountId, ...detail } });

  const example = {
    first_name: "Robin",
    last_name: "Hale",
    email: "robin.hale@demo.test",
    role: "qualifier",
    level: 1,
    extension: "1039",
    is_bilingual: false,
    language: "en",
    has_webrtc: true,
    manager_id: null,
  };

  return [
    defineRoute(listAccounts, {
      access: { roles: ["manager"] },
      example: { query: { query: "re", page: "1", per_page: "10", role: "qualifier" } },
      async handler({ caller, query }) {
        const like = query.query ? containing(query.query) : null;
        const where = and(
          eq(users.tenantId, caller.tenantId),
          query.role ? eq(users.role, query.role) : undefined,
          like
            ? or(
                ilike(users.firstName, like),
                ilike(users.lastName, like),
                ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
                ilike(users.email, like),
                ilike(users.extension, like),
              )
            : undefined,
        );
        const [rows, [counted]] = await Promise.all([
          gw.db
            .select()
            .from(users)
            .where(where)
            .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id))
            .limit(query.per_page)
            .offset((query.page - 1) * query.per_page),
          gw.db.select({ n: count() }).from(users).where(where),
        ]);
        const data: AccountListItem[] = rows.map((u) => ({
          id: u.id,
          first_name: u.firstName,
          last_name: u.lastName,
          full_name: `${u.firstName} ${u.lastName}`.trim(),
          email: u.email,
          role: u.role as AccountRole,
          level: u.level,
          extension: u.extension,
          is_bilingual: u.isBilingual,
          language: u.language as Language,
          has_webrtc: u.hasWebrtc,
          manager_id: u.managerId,
          disabled: u.disabled,
          deactivated: u.deactivated,
          password_state: u.passwordState as AccountListItem["password_state"],
        }));
        return { data, meta: { total: counted?.n ?? 0, page: query.page, per_page: query.per_page } };
      },
    }),
    defineRoute(createAccount, {
      access: { roles: ["manager"] },
      example: { body: example },
      names: [{ kind: "extension", at: "body.extension", refusal: 422 }],
      async handler({ caller, body, raw }, reply) {
        mayManage(caller, body.role, ACCOUNT_MESSAGES.roleAboveOwn);
        return idempotent(gw, caller, raw, reply, async (claim) => {
          // Inside the claim: a retry of a created account answers its id instead of 'E-mail already in use'.
          await checkFields(caller, body);
          const password = temporaryPassword();
          const passwordHash = await hashPassword(password);
          const id = await gw.db
            .transaction(async (tx) => {
              const [row] = await tx
                .insert(users)
                .values({
                  tenantId: caller.tenantId,
                  passwordHash,
                  passwordState: "new_password_required",
                  createdAt: new Date(gw.clock.now()),
                  ...columnsOf(body),
                })
                .returning({ id: users.id });
              // Only the id is kept for a replay: the temporary password is nowhere but in this answer.
              await claim.keepIn(tx as unknown as Db, { status: 201, body: { id: row!.id } });
              return row!.id;
            })
            .catch(emailRace);
          await audit(caller, raw.ip, "account.create", id, { role: body.role });
          return { status: 201, body: { id, temporary_password: password } };
        });
      },
    }),
    defineRoute(saveAccount, {
      access: MANAGERS,
      example: { body: example },
      names: [{ kind: "extension", at: "body.extension", refusal: 422 }],
      async handler({ caller, params, body, raw }, reply) {
        const before = await accountOf(caller, params.id);
        if (before.id === caller.id && body.role !== before.role)
          throw new HttpError(422, ACCOUNT_MESSAGES.ownRole, { role: [ACCOUNT_MESSAGES.ownRole] });
        mayManage(caller, before.role, ACCOUNT_MESSAGES.accountAboveOwn);
        mayManage(caller, body.role, ACCOUNT_MESSAGES.roleAboveOwn);
        await checkFields(caller, body, before);
        await gw.db.update(users).set(columnsOf(body)).where(eq(users.id, before.id)).catch(emailRace);
        const roleChanged = body.role !== before.role;
        if (roleChanged) await gw.sessions.revokeAllOf(before.id, "role_changed");
        await audit(caller, raw.ip, "account.update", before.id, roleChanged ? { role: { from: before.role, to: body.role } } : {});
        reply.code(204);
        return null;
      },
    }),
    defineRoute(deactivateAccount, {
      access: MANAGERS,
      async handler({ caller, params, raw }, reply) {
        const account = await accountOf(caller, params.id);
        if (account.id === caller.id) throw new HttpError(409, ACCOUNT_MESSAGES.ownDeactivation);
        mayManage(caller, account.role, ACCOUNT_MESSAGES.accountAboveOwn);
        await gw.db.update(users).set({ disabled: true }).where(eq(users.id, account.id));
        await gw.sessions.revokeAllOf(account.id, "account_disabled");
        if (!account.disabled) await audit(caller, raw.ip, "account.deactivate", account.id);
        reply.code(201);
        return { id: account.id, disabled: true };
      },
    }),
    defineRoute(reactivateAccount, {
      access: MANAGERS,
      async handler({ caller, params, raw }, reply) {
        const account = await accountOf(caller, params.id);
        // The caller's own account is active (it is signed in): nothing to do, whatever its role.
        if (account.id !== caller.id) mayManage(caller, account.role, ACCOUNT_MESSAGES.accountAboveOwn);
        if (account.disabled) {
          if (account.extension && (await extensionHolder(account.extension, account.id)))
            throw new HttpError(409, ACCOUNT_MESSAGES.extensionTaken);
          await gw.db.update(users).set({ disabled: false }).where(eq(users.id, account.id));
          await audit(caller, raw.ip, "account.reactivate", account.id);
        }
        reply.code(204);
        return null;
      },
    }),
    defineRoute(resetAccountPassword, {
      access: MANAGERS,
      async handler({ caller, params, raw }, reply) {
        const account = await accountOf(caller, params.id);
        if (account.id === caller.id) throw new HttpError(409, ACCOUNT_MESSAGES.ownReset);
        mayManage(caller, account.role, ACCOUNT_MESSAGES.accountAboveOwn);
        await gw.db.update(users).set({ passwordState: "password_reset_required" }).where(eq(users.id, account.id));
        await gw.sessions.revokeAllOf(account.id, "password_reset_required");
        await audit(caller, raw.ip, "account.password_reset", account.id);
        reply.code(201);
        return { id: account.id, password_state: "password_reset_required" as const };
      },
    }),
  ];
}
