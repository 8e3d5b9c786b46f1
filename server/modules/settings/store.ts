// Per-tenant settings documents: each settings screen loads and saves its whole set under one key.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { settings } from "../../db/schema";

export async function readSetting<T>(db: Db, tenantId: number, key: string, fallback: T): Promise<T> {
  const r = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.tenantId, tenantId), eq(settings.key, key)))
    .limit(1);
  return r[0] ? ({ ...fallback, ...(r[0].value as T) } as T) : fallback;
}

export async function writeSetting(db: Db, tenantId: number, key: string, value: unknown, at: Date): Promise<void> {
  await db
    .insert(settings)
    .values({ tenantId, key, value, updatedAt: at })
    .onConflictDoUpdate({ target: [settings.tenantId, settings.key], set: { value, updatedAt: at } });
}
