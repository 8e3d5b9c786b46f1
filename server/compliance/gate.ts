// The compliance gate (reliability.md G1/G2): every call the gateway places for an agent — manual, follow-up,
// callback, redial, auto, a conference's new party, and transfers when they come — passes here, whoever chose
// the number. The dialer engine judges leads before it picks them; this judges the NUMBER actually dialled:
//   - Do Not Call: the lead's status, and the call centre's list for this number (any lead's);
//   - the allowed countries (setting "dialing".allowedCountries, default US and CA);
//   - the calling window in every zone the number's area code spans (server/geo/numbers.ts), with the
//     state's rules and 24-hour caps; for a call to a lead's own number, the lead's window too (the most
//     restrictive wins);
//   - feature codes (*97) and the call centre's own extensions are not external numbers and pass; text that
//     is no diallable number is refused 422.
// judgeNumber is pure (time is an argument) so the engine and tests can share it; checkDial loads its facts.
import { and, eq, sql } from "drizzle-orm";
import {
  DEFAULT_DIALING_SETTINGS,
  DIALING_SETTING_KEY,
  DialingSettings,
  type ComplianceReasonKey,
  type ComplianceVerdict,
  type DialledKind,
} from "../../src/contract/compliance";
import type { Db } from "../db/client";
import { preparedSql } from "../db/prepared";
import { calls, leads, settings, users } from "../db/schema";
import { callingWindowVerdict, isDoNotCall } from "../dialer/callingWindows";
import { NANP_E164, numberRegion, type NumberRegion } from "../geo/numbers";
import { nationalDigits, toE164 } from "../modules/calls/phone";
import { readSetting } from "../modules/settings/store";
import { numberWindow } from "./numberWindow";
import { complianceText } from "./reasons";

export interface GateVerdict extends ComplianceVerdict {
  /** How the HTTP layer answers a refusal: 422 for text that is no number, 409 for a rule. */
  status: 200 | 409 | 422;
}

type Values = Record<string, string | number>;

const verdict = (
  status: GateVerdict["status"],
  kind: DialledKind | null,
  phone: string,
  reason: ComplianceReasonKey,
  values: Values = {},
): GateVerdict => {
  const all = { phone, ...values };
  return { status, callable: status === 200, kind, phone, reason, values: all, text: complianceText(reason, all) };
};

/** The lead a call is placed for, as the gate reads it. */
export interface LeadFactsForGate {
  status: string;
  country: "US" | "CA";
  state: string | null;
  timezone: string | null;
  /** The dialled number is the lead's own (national digits equal): the lead's window applies too. */
  ownNumber: boolean;
}

/** What the gate knows about an external number at the instant it judges. */
export interface NumberFacts {
  /** E.164. */
  to: string;
  place: NumberRegion | null;
  allowedCountries: readonly string[];
  /** When the number went on one of the call centre's Do Not Call lists (ms); null when it is on none. */
  dncSince: number | null;
  /** The imported list that has it (its name); null for the internal list. */
  dncList?: string | null;
  /** Outbound calls in the last 24 hours to this number or to the lead (for the FL and OK caps). */
  callsLast24h: number;
  lead: LeadFactsForGate | null;
}

/** The calling window's refusal as a gate verdict (the engine's summary keys, the zone that decided). */
function windowRefusal(to: string, v: ReturnType<typeof callingWindowVerdict>): GateVerdict {
  const key = v.summary.key === "window_open" ? "window_closed" : v.summary.key;
  return verdict(409, "external", to, key, v.summary.values);
}

/**
 * The rules over an external number's facts, in order: Do Not Call (status, list), country, a known zone, the
 * number's window in every zone of its area code, then the lead's own window.
 */
export function judgeNumber(f: NumberFacts, at: number): GateVerdict {
  const { to, place, lead } = f;
  if (lead && isDoNotCall(lead.status)) return verdict(409, "external", to, "dnc_status");
  if (f.dncSince !== null) {
    const since = new Date(f.dncSince).toISOString().slice(0, 10);
    return f.dncList
      ? verdict(409, "external", to, "dnc_listed_on", { since, list: f.dncList })
      : verdict(409, "external", to, "dnc_listed", { since });
  }
  if (place && !place.countries.some((c) => f.allowedCountries.includes(c)))
    return verdict(409, "external", to, "country", { country: place.country, allowed: f.allowedCountries.join(", ") || "—" });
  const own = numberWindow(place, at, f.callsLast24h);
  if (!own.callable) return own.noZone ? verdict(409, "external", to, "no_zone") : windowRefusal(to, own.verdict);
  // A lead without a zone (a lead made from a typed number) has only the number's window.
  if (lead?.ownNumber && lead.timezone?.trim()) {
    const v = callingWindowVerdict(lead, at, { callsLast24h: f.callsLast24h });
    if (!v.callable) return windowRefusal(to, v);
  }
  return verdict(200, "external", to, "ok");
}

export type Dialled =
  | { kind: "feature"; phone: string }
  | { kind: "extension"; digits: string }
  | { kind: "external"; to: string }
  | { kind: "invalid"; phone: string };

/** What the typed text is, before any fact is read. */
export function classify(raw: string): Dialled {
  const text = raw.trim();
  if (/^\*[0-9*#]+$/.test(text)) return { kind: "feature", phone: text };
  // Formatting characters are fine ("+1 (212) 555-0142"); anything else is no number.
  if (!/^\+?[0-9\s().-]+$/.test(text)) return { kind: "invalid", phone: text };
  const digits = text.replace(/\D/g, "");
  if (!text.startsWith("+") && /^\d{3,6}$/.test(digits)) return { kind: "extension", digits };
  const to = toE164(text);
  if (to.startsWith("+1") ? NANP_E164.test(to) : /^\+[2-9]\d{6,14}$/.test(to)) return { kind: "external", to };
  return { kind: "invalid", phone: text };
}

export interface DialCheck {
  tenantId: number;
  /** The text to dial, as the agent typed it or as the lead holds it. */
  phone: string;
  /** The lead the call is for (its status, and its window when the number is its own). */
  leadId?: number | null;
  /** Epoch ms (the gateway's clock). */
  at: number;
}

/** The allowed countries in a stored dialing document; one that does not parse counts as the default. */
function countriesOf(stored: unknown): string[] {
  const parsed = DialingSettings.safeParse({ ...DEFAULT_DIALING_SETTINGS, ...(stored as object | null) });
  return parsed.success ? parsed.data.allowedCountries : DEFAULT_DIALING_SETTINGS.allowedCountries;
}

/** The call centre's allowed countries; a stored document that does not parse counts as the default. */
export async function allowedCountries(db: Db, tenantId: number): Promise<string[]> {
  return countriesOf(await readSetting<unknown>(db, tenantId, DIALING_SETTING_KEY, DEFAULT_DIALING_SETTINGS));
}

/** What the gate reads of an external number, in one row. */
interface GateRow {
  dialing: unknown;
  status: string | null;
  country: string | null;
  state: string | null;
  timezone: string | null;
  phone: string | null;
  recent: number;
  added_at: Date | string | null;
  list: string | null;
}

/** Reads what the gate needs and judges the dial. */
// One statement, one round trip (issue 39: it was seven, a transaction among them): the allowed countries, the
// lead, the outbound calls of the last 24 hours to this number or this lead (the FL and OK caps), and the Do Not
// Call entry, read after the number's lock (dnc_entry_locked, migration 0033) so an entry being added is seen.
// Prepared once: every dial runs it.
const gateRead = preparedSql<GateRow>(
  "compliance_gate",
  sql`
    select s.value as dialing, l.status, l.country, l.state, l.timezone, l.phone,
      (select count(*)::int from ${calls} c
        where c.tenant_id = ${sql.placeholder("tenantId")}::int and c.direction = 0
          and c.started_at <= ${sql.placeholder("at")}::timestamptz and c.started_at > ${sql.placeholder("dayBefore")}::timestamptz
          and (c.phone = ${sql.placeholder("to")}::text or c.lead_id = ${sql.placeholder("leadId")}::int)) as recent,
      dnc.added_at, dnc.list
    from (values (1)) as one (x)
    left join ${settings} s on s.tenant_id = ${sql.placeholder("tenantId")}::int and s.key = ${DIALING_SETTING_KEY}
    left join ${leads} l on l.id = ${sql.placeholder("leadId")}::int and l.tenant_id = ${sql.placeholder("tenantId")}::int
    left join lateral dnc_entry_locked(${sql.placeholder("tenantId")}::int, ${sql.placeholder("national")}::text,
      ${sql.placeholder("at")}::timestamptz) dnc on true`,
);

export async function checkDial(db: Db, r: DialCheck): Promise<GateVerdict> {
  const d = classify(r.phone);
  if (d.kind === "feature") return verdict(200, "feature", d.phone, "feature");
  if (d.kind === "invalid") return verdict(422, null, d.phone, "invalid");
  if (d.kind === "extension") {
    const [holder] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, r.tenantId), eq(users.extension, d.digits)))
      .limit(1);
    // Too short for a number, and no extension of this call centre (another's is not ours to ring).
    return holder ? verdict(200, "internal", d.digits, "internal") : verdict(422, null, d.digits, "invalid");
  }
  const to = d.to;
  const national = nationalDigits(to);
  const at = new Date(r.at).toISOString();
  const dayBefore = new Date(r.at - 24 * 3600_000).toISOString();
  const leadId = r.leadId ?? null;
  // One statement, one round trip (issue 39: it was seven, a transaction among them): the allowed countries, the
  // lead, the outbound calls of the last 24 hours to this number or this lead (the FL and OK caps), and the Do Not
  // Call entry, read after the number's lock (dnc_entry_locked, migration 0033) so an entry being added is seen.
  const [row] = await gateRead(db, { tenantId: r.tenantId, at, dayBefore, to, leadId, national });
  const lead = row?.status != null ? row : null;
  return judgeNumber(
    {
      to,
      place: numberRegion(to),
      allowedCountries: countriesOf(row?.dialing ?? null),
      dncSince: row?.added_at != null ? new Date(row.added_at).getTime() : null,
      dncList: row?.list ?? null,
      callsLast24h: Number(row?.recent ?? 0),
      lead: lead
        ? {
            status: lead.status!,
            country: lead.country === "CA" ? "CA" : "US",
            state: lead.state,
            timezone: lead.timezone,
            ownNumber: nationalDigits(lead.phone ?? "") === national,
          }
        : null,
    },
    r.at,
  );
}
