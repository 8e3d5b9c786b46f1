// Leads coming into the lead book from outside (issue 36): a publisher's post (POST /lead-intake) and the rows of
// a list a manager imports go through here, in batches, and nowhere else. Each lead is checked by the lead
// contract (src/contract/leadIntake.ts) and against the book: its postal code with its state, its marketing-id
// prefix with the call centre's campaigns (and the key's allowed prefixes), the allowed countries, every Do Not
// Call list, and duplicates (the same phone within the call centre's window, or the same marketing id). It gets
// its time zone from its postal code, else from its area code when that has one zone, and its prefix's campaign;
// written, it is in the dialer's pool at once (no owner, status New, 0 dials).
import { and, eq, gt, sql, type AnyColumn } from "drizzle-orm";
import type { z } from "zod";
import {
  INTAKE_MESSAGES,
  LeadIntake,
  type IntakeOutcome,
  type LeadIntakeSettings,
} from "../../../src/contract/leadIntake";
import { allowedCountries } from "../../compliance/gate";
import { listedAmong, lockNumbers } from "../../compliance/dncLists";
import { rowsOf, type Db } from "../../db/client";
import { leadCampaigns, leads } from "../../db/schema";
import { geocode, region } from "../../geo/index";
import { numberRegion } from "../../geo/numbers";
import { storedClient } from "./stored";

export interface IntakeOptions {
  policy: LeadIntakeSettings;
  /** The marketing-id prefixes the caller may use (a publisher key's); null: any of the call centre's. */
  allowedPrefixes: readonly string[] | null;
  /** The campaign every lead goes to (an import's choice); null: each lead's prefix decides. */
  campaignId: number | null;
  at: Date;
  /** Judge only: nothing is written (an import's dry run). */
  dryRun?: boolean;
}

export interface IntakeResult {
  outcome: IntakeOutcome;
  /** The lead written or updated, or the one a duplicate matched. */
  leadId: number | null;
  /** A duplicate's match: an earlier row of the same batch ("file") or a lead of the book ("book"). */
  duplicateOf?: "file" | "book";
  /** Why, per field, for "invalid"; the refusal's sentence for the other outcomes. */
  errors?: Record<string, string[]>;
  message?: string;
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ""));

/** A lead that passed the contract and the address checks, ready to write. */
interface Checked {
  lead: LeadIntake;
  prefix: string;
  campaignId: number | null;
  country: "US" | "CA";
  state: string | null;
  postal: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  timezone: string;
}

interface CallCentreFacts {
  /** Every prefix of the call centre's campaigns (main and additional), longest first, with its campaign. */
  prefixes: { prefix: string; campaignId: number }[];
  allowedCountries: string[];
}

async function callCentreFacts(db: Db, tenantId: number): Promise<CallCentreFacts> {
  const [campaigns, allowed] = await Promise.all([
    db
      .select({ id: leadCampaigns.id, prefix: leadCampaigns.prefix, prefixes: leadCampaigns.prefixes })
      .from(leadCampaigns)
      .where(eq(leadCampaigns.tenantId, tenantId)),
    allowedCountries(db, tenantId),
  ]);
  const prefixes = campaigns
    .flatMap((c) => [c.prefix, ...c.prefixes].filter(Boolean).map((p) => ({ prefix: p.toUpperCase(), campaignId: c.id })))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  return { prefixes, allowedCountries: allowed };
}

/** The campaign prefix a marketing id starts with (the longest that leaves the lead's own number after it). */
export function prefixOf(marketingId: string, prefixes: CallCentreFacts["prefixes"]) {
  return prefixes.find((p) => marketingId.startsWith(p.prefix) && marketingId.length > p.prefix.length) ?? null;
}

const issuesByField = (error: z.ZodError): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  for (const i of error.issues) (out[i.path.join(".") || "lead"] ??= []).push(i.message);
  return out;
};

/** The contract, then the prefix and the address: an "invalid" or "country" result, or the lead to write. */
function check(raw: unknown, facts: CallCentreFacts, opts: IntakeOptions): IntakeResult | Checked {
  const parsed = LeadIntake.safeParse(raw);
  if (!parsed.success) return { outcome: "invalid", leadId: null, errors: issuesByField(parsed.error) };
  const lead = parsed.data;
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  const known = prefixOf(lead.marketing_id, facts.prefixes);
  const prefix = known?.prefix ?? /^[A-Z]+/.exec(lead.marketing_id)?.[0] ?? lead.marketing_id;
  if (!known && opts.campaignId === null) add("marketing_id", INTAKE_MESSAGES.prefix);
  if (opts.allowedPrefixes && !opts.allowedPrefixes.some((p) => p.toUpperCase() === prefix))
    add("marketing_id", fill(INTAKE_MESSAGES.prefixNotAllowed, { prefix }));

  // Where the lead lives: the postal code places it (and must agree with the state), else the state alone.
  let country: "US" | "CA" | null = lead.country;
  let state = lead.state;
  let place: ReturnType<typeof geocode> = null;
  if (lead.postal) {
    place = geocode(lead.postal);
    if (!place) add("postal", INTAKE_MESSAGES.postal);
    else if (state && place.state !== state)
      add("postal", fill(INTAKE_MESSAGES.postalState, { postal: place.postal, found: place.state.toUpperCase(), state: state.toUpperCase() }));
    else state = place.state;
  }
  const stateRegion = state ? region(state) : undefined;
  const stateCountry = stateRegion?.country;
  if (state && !stateCountry) add("state", INTAKE_MESSAGES.state);
  const placeCountry = (place?.country ?? stateCountry) as "US" | "CA" | undefined;
  if (placeCountry && country && placeCountry !== country) add("country", INTAKE_MESSAGES.country);
  const byNumber = numberRegion(`+1${lead.phone}`);
  country = country ?? placeCountry ?? (byNumber?.country === "CA" ? "CA" : byNumber?.country === "US" ? "US" : null);
  // The postal code's zone; else the state's when it has one; else the area code's when it has one.
  const timezone =
    place?.timezone ??
    (stateRegion && stateRegion.otherTz.length === 0 ? stateRegion.defaultTz : null) ??
    (byNumber?.zones.length === 1 ? byNumber.zones[0]! : null);
  if (!timezone && !errors.postal) add("postal", INTAKE_MESSAGES.zone);
  if (Object.keys(errors).length) return { outcome: "invalid", leadId: null, errors };
  if (!country || !facts.allowedCountries.includes(country))
    return { outcome: "country", leadId: null, message: `The call centre dials only ${facts.allowedCountries.join(", ") || "—"}.` };
  return {
    lead,
    prefix,
    campaignId: opts.campaignId ?? known?.campaignId ?? null,
    country,
    state,
    postal: place?.postal ?? lead.postal,
    city: lead.city ?? (place?.city || null),
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
    timezone: timezone!,
  };
}

/** The columns a lead from outside sets: its contact and address, never its status, dials or owner. */
function columnsOf(c: Checked) {
  const l = c.lead;
  return {
    marketingId: l.marketing_id,
    prefix: c.prefix,
    campaignId: c.campaignId,
    firstName: l.first_name,
    lastName: l.last_name,
    phone: l.phone,
    phoneOther: l.phone_other.filter((p) => p !== l.phone),
    email: l.email,
    language: l.language,
    street: l.street,
    apartment: l.apartment,
    city: c.city,
    postal: c.postal,
    state: c.state,
    country: c.country,
    latitude: c.latitude,
    longitude: c.longitude,
    timezone: c.timezone,
    website: l.website,
    keywords: l.keywords,
    clients: [{ ...blankClient(), firstName: l.first_name, lastName: l.last_name, dob: l.date_of_birth ?? "" }],
  };
}

/** A client record with every field at its default, made once (a zod parse per lead cost an import 19 ms a batch). */
let blank: ReturnType<typeof storedClient> | undefined;
const blankClient = () => (blank ??= storedClient({}));

/** `column = any($1)`: the values as one array parameter. */
const anyOf = (column: AnyColumn, values: readonly string[]) => sql`${column} = any(${sql.param(values)}::text[])`;

type LeadColumns = ReturnType<typeof columnsOf>;

/**
 * Writes a batch of new leads in one statement with one array parameter per column (unnest): drizzle's insert
 * builder made 25,000 parameters of a 1,000-lead batch and spent more time building the statement than PostgreSQL
 * running it (bench/lead-import). A marketing id already taken is skipped (answered as a duplicate).
 */
async function insertLeads(db: Db, tenantId: number, rows: LeadColumns[], at: Date): Promise<{ id: number; marketingId: string }[]> {
  const text = (f: (r: LeadColumns) => string | null) => sql`${sql.param(rows.map(f))}::text[]`;
  const num = (f: (r: LeadColumns) => number | null, type: "int" | "float8") => sql`${sql.param(rows.map(f))}::${sql.raw(type)}[]`;
  const json = (f: (r: LeadColumns) => unknown) => text((r) => JSON.stringify(f(r)));
  const written = rowsOf<{ id: number; marketing_id: string }>(
    await db.execute(sql`
      insert into leads (tenant_id, marketing_id, prefix, campaign_id, first_name, last_name, phone, phone_other, email,
        language, street, apartment, city, postal, state, country, latitude, longitude, timezone, website, keywords,
        clients, created_at)
      select ${tenantId}, t.marketing_id, t.prefix, t.campaign_id, t.first_name, t.last_name, t.phone, t.phone_other::jsonb,
        t.email, t.language, t.street, t.apartment, t.city, t.postal, t.state, t.country, t.latitude, t.longitude,
        t.timezone, t.website, t.keywords, t.clients::jsonb, ${at.toISOString()}::timestamptz
      from unnest(${text((r) => r.marketingId)}, ${text((r) => r.prefix)}, ${num((r) => r.campaignId, "int")},
        ${text((r) => r.firstName)}, ${text((r) => r.lastName)}, ${text((r) => r.phone)}, ${json((r) => r.phoneOther)},
        ${text((r) => r.email)}, ${text((r) => r.language)}, ${text((r) => r.street)}, ${text((r) => r.apartment)},
        ${text((r) => r.city)}, ${text((r) => r.postal)}, ${text((r) => r.state)}, ${text((r) => r.country)},
        ${num((r) => r.latitude, "float8")}, ${num((r) => r.longitude, "float8")}, ${text((r) => r.timezone)},
        ${text((r) => r.website)}, ${text((r) => r.keywords)}, ${json((r) => r.clients)})
        as t(marketing_id, prefix, campaign_id, first_name, last_name, phone, phone_other, email, language, street,
          apartment, city, postal, state, country, latitude, longitude, timezone, website, keywords, clients)
      on conflict (tenant_id, marketing_id) do nothing
      returning id, marketing_id`),
  );
  return written.map((w) => ({ id: Number(w.id), marketingId: w.marketing_id }));
}

/**
 * Takes a batch of leads in (at most a few thousand: one query of each kind for the batch), in the caller's
 * transaction (its numbers stay locked to its end). Answers one result per input, in order.
 */
export async function intakeLeads(db: Db, tenantId: number, inputs: readonly unknown[], opts: IntakeOptions): Promise<IntakeResult[]> {
  const facts = await callCentreFacts(db, tenantId);
  const results: (IntakeResult | Checked)[] = inputs.map((raw) => check(raw, facts, opts));
  const checked = results.filter((r): r is Checked => "lead" in r);
  const phones = [...new Set(checked.map((c) => c.lead.phone))].sort();
  // Two posts of one number at once, or a number going on a Do Not Call list meanwhile: one waits for the other,
  // then reads what it wrote (the caller's transaction holds the locks to its end).
  if (!opts.dryRun) await lockNumbers(db, tenantId, phones);
  const ids = [...new Set(checked.map((c) => c.lead.marketing_id))];
  const windowStart = opts.policy.duplicate_window_days > 0 ? new Date(opts.at.getTime() - opts.policy.duplicate_window_days * 86_400_000) : null;
  // One after another: `db` is usually a transaction, one connection that takes one statement at a time. Each
  // list goes as one array parameter (a batch's thousand values as IN lists cost more to build than to run).
  const listed = await listedAmong(db, tenantId, phones, opts.at);
  const byPhone =
    phones.length === 0
      ? []
      : await db
          .select({ id: leads.id, phone: leads.phone, createdAt: leads.createdAt })
          .from(leads)
          .where(and(eq(leads.tenantId, tenantId), anyOf(leads.phone, phones), windowStart ? gt(leads.createdAt, windowStart) : undefined));
  const byMarketingId =
    ids.length === 0
      ? []
      : await db
          .select({ id: leads.id, marketingId: leads.marketingId })
          .from(leads)
          .where(and(eq(leads.tenantId, tenantId), anyOf(leads.marketingId, ids)));
  const bookPhone = new Map(byPhone.sort((a, b) => a.id - b.id).map((r) => [r.phone, r]));
  const bookId = new Map(byMarketingId.map((r) => [r.marketingId, r.id]));

  const seenPhones = new Set<string>();
  const seenIds = new Set<string>();
  const toInsert: { index: number; c: Checked }[] = [];
  const toUpdate: { index: number; id: number; c: Checked }[] = [];
  const out: IntakeResult[] = results.map((r, index) => {
    if (!("lead" in r)) return r;
    const { phone, marketing_id } = r.lead;
    const dnc = listed.get(phone);
    if (dnc)
      return {
        outcome: "dnc",
        leadId: null,
        message: fill(dnc.listName === null ? INTAKE_MESSAGES.dncInternal : INTAKE_MESSAGES.dnc, {
          phone: `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`,
          list: dnc.listName ?? "",
          since: dnc.since.toISOString().slice(0, 10),
        }),
      };
    if (seenPhones.has(phone) || seenIds.has(marketing_id)) return { outcome: "duplicate", leadId: null, duplicateOf: "file", message: "The same lead is earlier in this batch." };
    seenPhones.add(phone);
    seenIds.add(marketing_id);
    const samePhone = bookPhone.get(phone);
    const sameId = bookId.get(marketing_id);
    const match = samePhone?.id ?? sameId;
    if (match === undefined) {
      toInsert.push({ index, c: r });
      return { outcome: "created", leadId: null };
    }
    const message = samePhone
      ? fill(INTAKE_MESSAGES.duplicate, { since: samePhone.createdAt.toISOString().slice(0, 10), leadId: samePhone.id })
      : INTAKE_MESSAGES.duplicateMarketingId;
    // Updating would move another lead's marketing id onto this one: refuse that whatever the policy.
    if (opts.policy.on_duplicate === "refuse" || (sameId !== undefined && sameId !== match))
      return { outcome: "duplicate", leadId: match, duplicateOf: "book", message };
    toUpdate.push({ index, id: match, c: r });
    return { outcome: "updated", leadId: match };
  });
  if (opts.dryRun) return out;

  if (toInsert.length) {
    // A marketing id another writer took since the read above is a duplicate, not an error of the whole batch.
    const written = await insertLeads(db, tenantId, toInsert.map(({ c }) => columnsOf(c)), opts.at);
    const idOf = new Map(written.map((w) => [w.marketingId, w.id]));
    for (const { index, c } of toInsert) {
      const id = idOf.get(c.lead.marketing_id);
      out[index] = id === undefined
        ? { outcome: "duplicate", leadId: null, duplicateOf: "book", message: INTAKE_MESSAGES.duplicateMarketingId }
        : { outcome: "created", leadId: id };
    }
  }
  for (const { id, c } of toUpdate) {
    const { clients: _clients, ...columns } = columnsOf(c);
    void _clients;
    await db
      .update(leads)
      .set({ ...columns, clients: sql`jsonb_set(${leads.clients}, '{0,dob}', to_jsonb(${c.lead.date_of_birth ?? ""}::text))` })
      .where(and(eq(leads.id, id), eq(leads.tenantId, tenantId)));
  }
  return out;
}
