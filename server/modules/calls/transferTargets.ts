// Who may start an external transfer, and to whom (agent-workspace §5, §6): the call centre's external-transfers
// feature flag and a number among its external targets (the `external-transfers` settings document). A plugin's
// partners (the transfers plugin's Sunlife and Matcha) are resolved by the plugin itself, which hands the call
// service the party to dial (`ctx.calls.transfers.start`, server/plugins/context.ts).
import { TRANSFER_MESSAGES as M, type TransferKind } from "../../../src/contract/calls";
import {
  DEFAULT_TRANSFER_TARGETS,
  TRANSFER_TARGETS_SETTING_KEY,
  type TransferTargetSettings,
} from "../../../src/contract/settings";
import type { Db } from "../../db/client";
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

/** The transfers to a party outside the call centre, on the call's conference in three levels: external or a plugin's partner. */
export type OutsideTransferKind = Exclude<TransferKind, "third-party" | "internal" | "live">;

/** A party an outside transfer dials, and what the lead's disposition becomes once it started. */
export interface OutsideParty {
  kind: OutsideTransferKind;
  /** As the target list has it; dialled through the compliance gate. */
  phone: string;
  name: string;
  /** The Sent External reason the lead's disposition takes (agent-workspace §4: the destination). */
  reason: string;
}

/** The outside transfers a plugin runs for its partners (the external one is the core's own). */
export type PartnerTransferKind = Exclude<OutsideTransferKind, "external">;
/** A plugin's partner as its transfer dials it. */
export type PartnerParty = OutsideParty & { kind: PartnerTransferKind };

export const samePhone = (a: string, b: string) => toE164(a) === toE164(b);

/** The external target an agent may transfer to now, or the refusal. */
export async function externalTransferTarget(
  db: Db,
  agent: { id: number; tenantId: number },
  phone: string | undefined,
): Promise<OutsideParty> {
  const features = await tenantFeatures(db, agent.tenantId);
  if (features["external-transfers"] !== true) throw new TransferRefused("forbidden", M.externalOff);
  const targets = await readSetting<TransferTargetSettings>(db, agent.tenantId, TRANSFER_TARGETS_SETTING_KEY, DEFAULT_TRANSFER_TARGETS);
  const target = phone === undefined ? undefined : targets.external.find((t) => samePhone(t.phone, phone));
  if (!target) throw new TransferRefused("forbidden", M.notATarget);
  return { kind: "external", phone: target.phone, name: target.name, reason: "External Transfer" };
}
