// The per-tenant settings the engine reads (settings table, one document per key; the store's readSetting
// semantics), with their defaults.
import { and, eq, inArray, sql } from "drizzle-orm";
import { DEFAULT_GLOBAL_SETTINGS, type GlobalSettings } from "../../src/contract/settings";
import {
  DEFAULT_DIALER_SETTINGS,
  DEFAULT_DIALING_SEQUENCE,
  DEFAULT_DIALS_PER_LEVEL,
  DEFAULT_OPERATION_HOURS,
  DEFAULT_PUBLISHER_SUPPRESSION,
  DEFAULT_QUOTAS,
  DIALER_SETTING_KEYS as K,
  type DialerSettings,
  type DialingSequence,
  type DialsPerLevel,
  type OperationHours,
  type PublisherSuppression,
  type QuotaTable,
} from "../../src/contract/dialer";
import type { Db } from "../db/client";
import { preparedOn } from "../db/prepared";
import { settings } from "../db/schema";

export interface EngineSettings {
  operationHours: OperationHours;
  dialingSequence: DialingSequence;
  dialsPerLevel: DialsPerLevel;
  publisherSuppression: PublisherSuppression;
  dialsQuota: QuotaTable;
  dialer: DialerSettings;
  /** globals' follow-up-window: a follow-up is due from this long before its time and overdue this long after. */
  followUpWindowMs: number;
}

/** The documents the engine reads, with their defaults. */
const ENGINE_KEYS = {
  operationHours: [K.operationHours, DEFAULT_OPERATION_HOURS],
  dialingSequence: [K.dialingSequence, DEFAULT_DIALING_SEQUENCE],
  dialsPerLevel: [K.dialsPerLevel, DEFAULT_DIALS_PER_LEVEL],
  publisherSuppression: [K.publisherSuppression, DEFAULT_PUBLISHER_SUPPRESSION],
  dialsQuota: [K.quotas("dials"), DEFAULT_QUOTAS.dials],
  dialer: [K.dialer, DEFAULT_DIALER_SETTINGS],
  globals: ["globals", DEFAULT_GLOBAL_SETTINGS],
} as const;

/** The settings keys the engine reads (the auto-dial reads them with the call centre: load.ts). */
export const ENGINE_SETTING_KEYS: readonly string[] = Object.values(ENGINE_KEYS).map(([k]) => k);

const engineSettingsQuery = preparedOn((db: Db) =>
  db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(eq(settings.tenantId, sql.placeholder("tenantId")), inArray(settings.key, [...ENGINE_SETTING_KEYS])))
    .prepare("dialer_engine_settings"),
);

/** One query for every key; each document merges over its defaults as readSetting does. */
export async function readEngineSettings(db: Db, tenantId: number): Promise<EngineSettings> {
  return engineSettingsOf(await engineSettingsQuery(db).execute({ tenantId }));
}

/** The engine's settings from the stored documents of its keys (absent ones take their defaults). */
export function engineSettingsOf(rows: readonly { key: string; value: unknown }[]): EngineSettings {
  const keys = ENGINE_KEYS;
  const stored = new Map(rows.map((r) => [r.key, r.value as object]));
  const read = <T extends object>([key, fallback]: readonly [string, T]): T => ({ ...fallback, ...stored.get(key) }) as T;
  return {
    operationHours: read<OperationHours>(keys.operationHours),
    dialingSequence: read<DialingSequence>(keys.dialingSequence),
    dialsPerLevel: read<DialsPerLevel>(keys.dialsPerLevel),
    publisherSuppression: read<PublisherSuppression>(keys.publisherSuppression),
    dialsQuota: read<QuotaTable>(keys.dialsQuota),
    dialer: read<DialerSettings>(keys.dialer),
    followUpWindowMs: Math.max(0, read<GlobalSettings>(keys.globals)["follow-up-window"]) * 60_000,
  };
}
