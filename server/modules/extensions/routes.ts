// Allowed extensions (admin-and-sign-in §2 Allowed-extensions screen, §5, §7): the extensions a call centre's
// accounts may have, per tenant. Managers and above list, add and remove them; the accounts of the users area
// take an extension only when it is allowed (isAllowedExtension). One rule for the page and the gateway
// (src/contract/allowedExtensions.ts): 3 to 6 digits, else 'Invalid extension format'; a duplicate is
// 'Extension already exists'.
import { and, asc, eq, notExists, sql } from "drizzle-orm";
import {
  addAllowedExtension,
  EXTENSION_MESSAGES,
  isValidExtension,
  listAllowedExtensions,
  removeAllowedExtension,
} from "../../../src/contract/allowedExtensions";
import { OWNERSHIP_MESSAGES } from "../../../src/contract/ownership";
import { isUniqueViolation, type Db } from "../../db/client";
import { allowedExtensions, users } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { fieldError, HttpError, MESSAGES } from "../../http/errors";
import { defineRoute, type RouteDef } from "../../http/route";
import type { Caller } from "../../auth/access";
import { claimExtension } from "../ownership/owners";
import { recordSettingsChange } from "../settings/audit";

/** The settings audit trail's row for an extension allowed (old null) or no longer allowed (new null). */
const audit = (db: Db, caller: Caller, at: Date, old: string | null, added: string | null) =>
  recordSettingsChange(db, {
    tenantId: caller.tenantId,
    by: caller.id,
    subject: "allowed-extensions",
    old: old && { extension: old },
    new: added && { extension: added },
    at,
  });

/** The users area (and its allowed extensions) belongs to managers, admins and operations-managers (§6). */
const MANAGERS = { roles: ["manager"] } as const;

/** Whether an account of the tenant may have this extension (the accounts' check before they store one). */
export async function isAllowedExtension(db: Db, tenantId: number, extension: string): Promise<boolean> {
  if (!isValidExtension(extension)) return false;
  const [row] = await db
    .select({ extension: allowedExtensions.extension })
    .from(allowedExtensions)
    .where(and(eq(allowedExtensions.tenantId, tenantId), eq(allowedExtensions.extension, extension)))
    .limit(1);
  return row !== undefined;
}

export function extensionRoutes(gw: Gateway): RouteDef[] {
  return [
    defineRoute(listAllowedExtensions, {
      access: MANAGERS,
      async handler({ caller, query }) {
        const held = gw.db
          .select({ one: sql`1` })
          .from(users)
          .where(and(eq(users.tenantId, caller.tenantId), eq(users.extension, allowedExtensions.extension)));
        const rows = await gw.db
          .select({ extension: allowedExtensions.extension })
          .from(allowedExtensions)
          .where(and(eq(allowedExtensions.tenantId, caller.tenantId), query.free ? notExists(held) : undefined))
          // Numeric order: 999 before 1001.
          .orderBy(sql`length(${allowedExtensions.extension})`, asc(allowedExtensions.extension));
        return { data: rows };
      },
    }),
    defineRoute(addAllowedExtension, {
      access: MANAGERS,
      example: { body: { extension: "1099" } },
      names: [{ kind: "extension", at: "body.extension" }],
      async handler({ caller, body }, reply) {
        const at = new Date(gw.clock.now());
        const inserted = await gw.db.transaction(async (tx) => {
          // One numbering plan on the PBX: an extension another call centre allows or uses is 409.
          await claimExtension(tx, caller.tenantId, body.extension, "extension");
          const rows = await tx
            .insert(allowedExtensions)
            .values({ tenantId: caller.tenantId, extension: body.extension, createdAt: at, createdBy: caller.id })
            .onConflictDoNothing({ target: [allowedExtensions.tenantId, allowedExtensions.extension] })
            .returning({ extension: allowedExtensions.extension })
            .catch((e: unknown) => {
              // The extension's unique index, not per tenant, behind claimExtension.
              if (isUniqueViolation(e))
                throw new HttpError(409, OWNERSHIP_MESSAGES.extensionTaken, { extension: [OWNERSHIP_MESSAGES.extensionTaken] });
              throw e;
            });
          if (rows.length) await audit(tx, caller, at, null, body.extension);
          return rows;
        });
        if (!inserted.length) throw fieldError("extension", EXTENSION_MESSAGES.duplicate);
        reply.code(201);
        return { data: { extension: body.extension } };
      },
    }),
    defineRoute(removeAllowedExtension, {
      access: MANAGERS,
      async handler({ caller, params }, reply) {
        const gone = await gw.db.transaction(async (tx) => {
          const rows = await tx
            .delete(allowedExtensions)
            .where(and(eq(allowedExtensions.tenantId, caller.tenantId), eq(allowedExtensions.extension, params.extension)))
            .returning({ extension: allowedExtensions.extension });
          if (rows.length) await audit(tx, caller, new Date(gw.clock.now()), params.extension, null);
          return rows;
        });
        if (!gone.length) throw new HttpError(404, MESSAGES.resourceNotFound);
        reply.code(204);
        return null;
      },
    }),
  ];
}
