// The call centre's "Duplicate leads" setting (the plugin's own table), as the intake takes it: read by the
// publishers' post and by the import job, written by the Publishers page's route.
import { eq } from "drizzle-orm";
import { DEFAULT_LEAD_INTAKE_SETTINGS, type LeadIntakeSettings } from "../../src/contract/leadIntake";
import type { Db } from "../../server/sdk";
import { leadIntakeSettings } from "./tables";

export async function intakeSettingsOf(db: Db, tenantId: number): Promise<LeadIntakeSettings> {
  const [row] = await db.select().from(leadIntakeSettings).where(eq(leadIntakeSettings.tenantId, tenantId));
  if (!row) return DEFAULT_LEAD_INTAKE_SETTINGS;
  return { duplicate_window_days: row.duplicateWindowDays, on_duplicate: row.onDuplicate === "update" ? "update" : "refuse" };
}
