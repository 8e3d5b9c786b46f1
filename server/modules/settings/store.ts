// Per-tenant settings documents: each settings screen loads and saves its whole set under one key.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedOn } from "../../db/prepared";
import { settings } from "../../db/schema";
import { recordSettingsChange } from "./audit";

/** Read on every dial and call (the call centre's switches): prepared once per database (server/db/prepared.ts). */
const settingQuery = preparedOn((db: Db) =>
  db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.tenantId, sql.placeholder("tenantId")), eq(settings.key, sql.placeholder("key"))))
    .limit(1)
    .prepare("setting_read"),
);

export async function readSetting<T>(db: Db, tenantId: number, key: string, fallback: T): Promise<T> {
  const r = await settingQuery(db).execute({ tenantId, key });
  return r[0] ? ({ ...fallback, ...(r[0].value as T) } as T) : fallback;
}

/**
 * Saves a document and, in the same transaction, its audit row (who, when, old and new; issue 18 item 4). `old`
 * is the stored document as it was, or the `fallback` the pages showed while it had never been saved.
 */
export async function writeSetting(
  db: Db,
  write: { tenantId: number; key: string; value: unknown; at: Date; by: number | null; fallback?: unknown },
): Promise<void> {
  const { tenantId, key, value, at } = write;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(and(eq(settings.tenantId, tenantId), eq(settings.key, key)))
      .for("update");
    await tx
      .insert(settings)
      .values({ tenantId, key, value, updatedAt: at })
      .onConflictDoUpdate({ target: [settings.tenantId, settings.key], set: { value, updatedAt: at } });
    await recordSettingsChange(tx, { tenantId, by: write.by, subject: key, old: before?.value ?? write.fallback ?? null, new: value, at });
  });
}
