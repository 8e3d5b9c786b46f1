// GET /leads/{id}: the lead as the workspace works it (agent-workspace §3 Lead), in the gateway's snake case.
// The local DID has no column yet and is sent empty; a few fields are derived: the
// campaign's name, who qualified the lead (the last qualifier who disposed it) and whether it came in on
// an inbound call.
import { and, desc, eq, ne } from "drizzle-orm";
import { clientToWire, insuranceToWire, type WireLead } from "../../../src/contract/lead";
import type { Db } from "../../db/client";
import { calls, dispositions, leadCampaigns, leads, users } from "../../db/schema";
import { madeBy } from "./lookup";
import { storedClient, storedInsurance } from "./stored";

export type LeadRow = typeof leads.$inferSelect;

export async function leadRow(db: Db, tenantId: number, leadId: number): Promise<LeadRow | null> {
  const [row] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.tenantId, tenantId)))
    .limit(1);
  return row ?? null;
}

async function derived(db: Db, row: LeadRow) {
  const [campaign, qualifier, lastCall] = await Promise.all([
    row.campaignId === null
      ? []
      : db
          .select({ name: leadCampaigns.name })
          .from(leadCampaigns)
          .where(eq(leadCampaigns.id, row.campaignId)),
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(dispositions)
      .innerJoin(users, eq(users.id, dispositions.agentId))
      .where(and(eq(dispositions.leadId, row.id), eq(users.role, "qualifier")))
      .orderBy(desc(dispositions.createdAt), desc(dispositions.id))
      .limit(1),
    db
      .select({ direction: calls.direction })
      .from(calls)
      // An advisor's leg of a live transfer is incoming to the advisor, not a call the lead made.
      .where(and(eq(calls.leadId, row.id), ne(calls.type, "transfer")))
      .orderBy(desc(calls.startedAt), desc(calls.id))
      .limit(1),
  ]);
  return {
    campaign: campaign[0]?.name ?? null,
    qualifier: qualifier[0] ?? null,
    inbound: lastCall[0] ? lastCall[0].direction === 1 : madeBy(row.marketingId) === "inbound",
  };
}

export async function readLead(db: Db, row: LeadRow): Promise<WireLead> {
  const d = await derived(db, row);
  return {
    id: row.id,
    marketing_id: row.marketingId,
    crm_id: row.crmId,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    phone_other: JSON.stringify(row.phoneOther ?? []),
    email: row.email,
    language: row.language,
    status: row.status,
    status_description: row.statusDescription,
    new: row.isNew,
    dials: row.dials,
    notes: row.notes,
    cre_notes: row.creNotes,
    keywords: row.keywords,
    mga: row.mga,
    website: row.website,
    is_annuity: row.isAnnuity,
    reasons: row.reasons ?? [],
    reason_other: row.reasonOther,
    campaign: d.campaign,
    local_did: null,
    is_inbound: d.inbound,
    is_redistributed_followup: row.isRedistributedFollowup,
    qualifier_name: d.qualifier ? `${d.qualifier.firstName} ${d.qualifier.lastName}`.trim() : null,
    qualified_by: d.qualifier?.id ?? null,
    country: row.country,
    created: madeBy(row.marketingId) === "manual",
    created_at: row.createdAt.toISOString(),
    address: {
      street: row.street,
      apartment: row.apartment,
      buzzer: row.buzzer,
      city: row.city,
      zip: row.postal,
      state: row.state,
      province: row.country === "CA" ? row.state : null,
      latitude: row.latitude,
      longitude: row.longitude,
      timezone: row.timezone || null,
      type: row.addressType,
      // Never set by the workspace (seeded, imported): an address with a postal code and a region counts as checked.
      valid: row.addressValid ?? Boolean(row.postal && row.state),
    },
    clients: (row.clients ?? []).map((c) => clientToWire(storedClient(c))),
    insurance: insuranceToWire(storedInsurance(row.insurance)),
  };
}
