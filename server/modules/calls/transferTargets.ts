// Who may start which transfer, and to whom (agent-workspace §5, §6): external transfers need the call
// centre's external-transfers feature flag and a number among its external targets; Sunlife the agent's
// canTransferToSunlife and one of the call centre's Sunlife agents; Matcha the agent's canTransferToMatcha,
// the call centre's Matcha flag and its number. Targets are the `external-transfers` settings document.
import { eq } from "drizzle-orm";
import { TRANSFER_MESSAGES as M } from "../../../src/contract/calls";
import {
  DEFAULT_TRANSFER_TARGETS,
  TRANSFER_TARGETS_SETTING_KEY,
  type TransferTargetSettings,
} from "../../../src/contract/settings";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { tenantFeatures } from "../../dialer/features";
import { readSetting } from "../settings/store";
import { toE164 } from "./phone";

/**
 * A refused transfer control: `forbidden` (rights, targets, the compliance gate), `unsupported` (no call in a
 * state that allows it) or `rate_limited` (an internal transfer within 30 s of the last). `status` is the HTTP
 * answer of the same refusal; `field` names the body field at fault (422).
 */
export class TransferRefused extends Error {
  constructor(
    readonly error: "forbidden" | "unsupported" | "rate_limited",
    message: string,
    readonly status: 403 | 404 | 409 | 422 | 429 = error === "forbidden" ? 403 : error === "rate_limited" ? 429 : 409,
    readonly extra: { field?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }
}

export type OutsideTransferKind = "external" | "sunlife" | "matcha";

/** The name Matcha's number goes by. */
export const MATCHA = "Matcha";

export const samePhone = (a: string, b: string) => toE164(a) === toE164(b);

/** The target an agent may transfer to now, or the refusal. `phone` is ignored for Matcha (its number is the call centre's). */
export async function transferTargetFor(
  db: Db,
  agent: { id: number; tenantId: number },
  kind: OutsideTransferKind,
  phone: string | undefined,
): Promise<{ phone: string; name: string }> {
  const targets = await readSetting<TransferTargetSettings>(db, agent.tenantId, TRANSFER_TARGETS_SETTING_KEY, DEFAULT_TRANSFER_TARGETS);
  if (kind === "external") {
    const features = await tenantFeatures(db, agent.tenantId);
    if (features["external-transfers"] !== true) throw new TransferRefused("forbidden", M.externalOff);
    const target = phone === undefined ? undefined : targets.external.find((t) => samePhone(t.phone, phone));
    if (!target) throw new TransferRefused("forbidden", M.notATarget);
    return target;
  }
  const [flags] = await db
    .select({ sunlife: users.canTransferToSunlife, matcha: users.canTransferToMatcha })
    .from(users)
    .where(eq(users.id, agent.id))
    .limit(1);
  if (kind === "sunlife") {
    if (!flags?.sunlife) throw new TransferRefused("forbidden", M.sunlifeNotAllowed);
    const target = phone === undefined ? undefined : targets.sunlife.find((t) => samePhone(t.phone, phone));
    if (!target) throw new TransferRefused("forbidden", M.notASunlifeAgent);
    return target;
  }
  if (!flags?.matcha) throw new TransferRefused("forbidden", M.matchaNotAllowed);
  if (!targets.matcha.enabled || !targets.matcha.phone) throw new TransferRefused("forbidden", M.matchaOff);
  return { phone: targets.matcha.phone, name: MATCHA };
}
