// The demo agents' past shifts: the working days before today, so the reports (plugins/reports) show weeks of
// history on a fresh start. Deterministic (seeded), pure (no database): each agent's status trail, its calls and
// its dispositions, on leads of their own that no call of today, no dialer pool and no follow-up ever sees.
//
// How a day is made, as the gateway would have written it (server/modules/calls/service.ts, nextStatusAfter):
// the agent signs in (offline → ready) around 9:00, dials until around 17:00 with two 15-minute breaks and a
// lunch, and signs out (→ offline). A call puts it on_a_call (system, "dial"); an auto-dialled call nobody
// answered (no answer, busy) puts it back to ready with no disposition; an answered one (a person or a machine)
// leaves it in after-call work until it disposes the lead and goes ready. An advisor's follow-up call leaves it
// in follow_up and is always disposed (Unreachable when nobody answered); its inbound calls in after-call work.
//
// The leads. Every past lead is closed: its last call was answered and disposed with a final disposition
// (DISPOSITION_TRAITS final), which is its status; earlier calls were not answered, reached a machine
// (Voicemail) or scheduled the next one (Callback Scheduled, External Follow-up…). The calls are first laid out
// in time (the shifts), then chained into leads backwards from the last day: an answered call either closes a
// new lead or continues a later one, a call nobody answered always continues a later one. So a lead's last call
// always closes it, and no lead is left open for today's dialer.
import {
  DISPOSITION_AVAILABILITY,
  isAvailable,
  notesRequired,
  reasonsFor,
  traitsOf,
  type DispositionFacts,
  type DispositionValue,
  type SoldDetails,
} from "../../src/contract/dispositions";
import { PLAN_TYPES, valuesOf } from "../../src/contract/lookups";
import type { AgentStatus } from "../../src/contract/status";
import { instantOf, wallClock } from "../../src/shared/zoned-time";
import { PROVINCES, region, type PostalRow } from "../geo/index";
import type { HistoryAgent } from "./history";
import { CA_LDU_LETTERS, leadCity, makeStreet, sampleRow } from "./leadbook/addresses";
import { pickCampaign, type Campaign } from "./leadbook/campaigns";
import { makeClient, makeEmail, makeInsurance } from "./leadbook/people";
import { PhoneBook } from "./leadbook/phones";
import { FRENCH_SHARE, POPULATION } from "./leadbook/regions";
import { Rng } from "./leadbook/rng";
import { FIRST_NAMES, LAST_NAMES, type Lang } from "./leadbook/words";
import type { SeedLead } from "./leadbook";

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;

/** Working days (Monday to Friday) before today that the seed fills. */
export const PAST_DAYS = 15;
/** A lead is called at most this often, over at most this many working days. */
const MAX_CALLS_PER_LEAD = 8;
const MAX_SPAN_DAYS = 8;
/**
 * A lead called again the same day: at least this long after (the dialer's redial delay, roughly), twice a day.
 * When no lead can take a call so (the last day, chained first, has only its own later calls to continue), down
 * to SAME_DAY_RETRY and up to MAX_CALLS_A_DAY.
 */
const SAME_DAY_REDIAL = 2 * HOUR;
const SAME_DAY_RETRY = 15 * MIN;
const MAX_CALLS_A_DAY = 4;
/** Its own local calling hours (as history.ts): 9:00 to 20:00 on a weekday. */
const CALLING_FROM_HOUR = 9;
const CALLING_TO_HOUR = 20;

export interface PastShiftsInput {
  seed: number;
  now: number;
  /** The call centre's zone: its working days and its agents' shifts are counted in it. */
  timezone: string;
  variant: "isius" | "slica";
  /** The demo agents that generateHistory receives (qualifiers and advisors). */
  agents: HistoryAgent[];
  /** The lead book: the past leads take its campaigns and prefixes, never its phone numbers or marketing ids. */
  book: { campaigns: Campaign[]; leads: { marketingId: string; phone: string; phoneOther: string[] }[] };
  /** How many working days before today; PAST_DAYS by default. */
  days?: number;
}

export interface PastCall {
  /** Index in `leads`. */
  leadIndex: number;
  agentId: number;
  type: "auto" | "follow-up" | "inbound";
  direction: 0 | 1;
  phone: string;
  status: "ended" | "not_answered";
  startedAt: Date;
  answeredAt: Date | null;
  endedAt: Date;
  /** Seconds from answer to end (0 when nobody answered, as the gateway writes it). */
  duration: number;
  cause: "normal" | "no-answer" | "busy";
  settledAt: Date;
  amdVerdict: "AMD-Human-voice" | "AMD-Machine-Vm-WA" | null;
}

export interface PastDisposition {
  leadIndex: number;
  /** Index in `calls`. */
  callIndex: number;
  agentId: number;
  disposition: DispositionValue;
  reason: string | null;
  notes: string | null;
  /** The next call's time, for the dispositions that schedule one; null otherwise. */
  dateTime: Date | null;
  createdAt: Date;
  sold: SoldDetails | null;
}

export interface PastStatusChange {
  userId: number;
  /** null only for an agent's very first change. */
  fromStatus: AgentStatus | null;
  toStatus: AgentStatus;
  at: Date;
  /** Whole seconds in fromStatus. */
  previousDuration: number;
  source: "agent" | "system";
  /** The agent for its own changes, null for the gateway's (as the status service writes them). */
  actorId: number | null;
  reason: string | null;
}

export interface PastShifts {
  /** The working days filled, oldest first, as YYYY-MM-DD in the call centre's zone. */
  days: string[];
  /** Closed leads of their own: status is their last (final) disposition, dials their number of calls. */
  leads: SeedLead[];
  /** In the order they started. */
  calls: PastCall[];
  /** In the order they were given. */
  dispositions: PastDisposition[];
  /** In the order they happened (each agent's in its own order). */
  statusChanges: PastStatusChange[];
}

// ---------------------------------------------------------------------------------------------------- outcomes

type Outcome = "no-answer" | "busy" | "machine" | "human";
type Weights = readonly (readonly [DispositionValue, number])[];

/** A qualifier's closing outcome with a person, by how long they talked. */
const QUALIFIER_CLOSES: { upTo: number; weights: Weights }[] = [
  {
    upTo: 60,
    weights: [
      ["Not Interested", 70],
      ["Duplicate", 8],
      ["Junk", 6],
      ["Disqualified Transfer - Age", 6],
      ["Disqualified Transfer - Banking", 4],
      ["Client Looking For a Job", 3],
    ],
  },
  {
    upTo: 300,
    weights: [
      ["Not Interested", 60],
      ["Appointment Setup", 12],
      ["Disqualified Transfer - Age", 8],
      ["Disqualified Transfer - Banking", 6],
      ["Duplicate", 4],
      ["Live_Transfer", 3],
    ],
  },
  {
    upTo: Infinity,
    weights: [
      ["Appointment Setup", 45],
      ["Not Interested", 25],
      ["Live_Transfer", 12],
      ["Disqualified Transfer - Age", 10],
      ["Disqualified Transfer - Banking", 8],
    ],
  },
];
/** An advisor's closing outcome with a person (values the call centre does not offer are dropped). */
const ADVISOR_CLOSES: Weights = [
  ["Not Interested", 32],
  ["Sold", 22],
  ["Make Phone Appointment", 24],
  ["Internal Transfer", 8],
  ["Medical Disqualification", 8],
  ["No Valid Payment", 4],
];
/** An advisor's outcome that schedules the next call. */
const ADVISOR_FOLLOW_UPS: Weights = [
  ["External Follow-up", 60],
  ["Engaged Opportunity", 25],
  ["Pocket", 15],
];
const DEAD_NOTE = "Number no longer belongs to the client.";

/** The outcomes one agent may give, from the contract's lists (role and call centre). */
class Outcomes {
  readonly facts: DispositionFacts;
  constructor(role: HistoryAgent["role"], variant: PastShiftsInput["variant"]) {
    this.facts = { roles: [role], callCentre: variant.toUpperCase() };
  }

  offered(d: DispositionValue): boolean {
    return isAvailable(DISPOSITION_AVAILABILITY[d], this.facts);
  }

  pick(rng: Rng, weights: Weights): DispositionValue {
    return rng.weighted(weights.filter(([d]) => this.offered(d)));
  }

  /** A reason from the agent's own list: always one when it is required, now and then otherwise. */
  reason(rng: Rng, d: DispositionValue): string | null {
    const options = reasonsFor(d, this.facts).filter((r) => r.key !== "other");
    if (options.length === 0) return null;
    return traitsOf(d)?.reasons?.required || rng.chance(0.5) ? rng.pick(options).value : null;
  }
}

// ---------------------------------------------------------------------------------------------------- the shifts

interface Slot {
  agent: HistoryAgent;
  day: number;
  start: number;
  /** When the lead (or the machine) answered; null when nobody did. */
  answered: number | null;
  end: number;
  /** Wrap-up after the call: spent when the call is disposed, kept free (ready) otherwise. */
  wrap: number;
  outcome: Outcome;
  inbound: boolean;
  chain?: Chain;
  disposition?: DispositionValue;
  /** The next call on the lead, for a disposition that schedules it. */
  next?: number;
}

interface Pause {
  status: "break" | "lunch_break";
  start: number;
  end: number;
}

interface AgentDay {
  agent: HistoryAgent;
  day: number;
  login: number;
  logout: number;
  pauses: Pause[];
  slots: Slot[];
}

interface Chain {
  st: string;
  key: string;
  row: PostalRow;
  /** Its calls, the latest first while chaining. */
  slots: Slot[];
  /** The day of its last (closing) call. */
  lastDay: number;
}

/** Calling windows: each zone's 9:00–20:00 on each day, and the span in which some region of the country is open. */
class Windows {
  private byZone: Map<string, [number, number]>[];
  readonly country: [number, number][];

  constructor(
    private readonly dates: { y: number; m: number; d: number }[],
    zones: string[],
  ) {
    this.byZone = dates.map(() => new Map());
    this.country = dates.map((_, i) => {
      const all = zones.map((z) => this.of(z, i));
      return [Math.min(...all.map((w) => w[0])), Math.max(...all.map((w) => w[1]))];
    });
  }

  of(zone: string, day: number): [number, number] {
    let w = this.byZone[day]!.get(zone);
    if (!w) {
      const { y, m, d } = this.dates[day]!;
      // No zone changes its clocks between 9:00 and 20:00 (they do at 2:00).
      const from = instantOf(y, m, d, CALLING_FROM_HOUR, 0, zone);
      w = [from, from + (CALLING_TO_HOUR - CALLING_FROM_HOUR) * HOUR];
      this.byZone[day]!.set(zone, w);
    }
    return w;
  }

  /** The lead's local time is a calling hour (its date is the call centre's: North American zones). */
  open(zone: string, day: number, at: number): boolean {
    const [from, to] = this.of(zone, day);
    return at >= from && at < to;
  }
}

/** The working days before today in the zone, oldest first. */
export function pastWorkingDays(
  now: number,
  timeZone: string,
  count: number,
): { y: number; m: number; d: number }[] {
  const today = wallClock(now, timeZone);
  const out: { y: number; m: number; d: number }[] = [];
  for (let date = Date.UTC(today.year, today.month - 1, today.day); out.length < count;) {
    date -= 24 * HOUR;
    const u = new Date(date);
    const weekday = u.getUTCDay();
    if (weekday >= 1 && weekday <= 5)
      out.push({ y: u.getUTCFullYear(), m: u.getUTCMonth() + 1, d: u.getUTCDate() });
  }
  return out.reverse();
}

const secs = (rng: Rng, lo: number, hi: number) => rng.int(lo, hi) * SEC;

/** One call's timing and outcome, drawn before it has a lead. */
function drawSlot(rng: Rng, agent: HistoryAgent, day: number, start: number): Slot {
  const base = { agent, day, start };
  if (agent.role === "advisor") {
    const wrap = secs(rng, 30, 150);
    if (rng.chance(0.22)) {
      const answered = start + secs(rng, 3, 12);
      return {
        ...base,
        answered,
        end: answered + secs(rng, 120, 1200),
        wrap,
        outcome: "human",
        inbound: true,
      };
    }
    if (rng.chance(0.25))
      return {
        ...base,
        answered: null,
        end: start + secs(rng, 20, 30),
        wrap,
        outcome: "no-answer",
        inbound: false,
      };
    const answered = start + secs(rng, 5, 18);
    return { ...base, answered, end: answered + secs(rng, 60, 1500), wrap, outcome: "human", inbound: false };
  }
  const wrap = secs(rng, 20, 90);
  const r = rng.next();
  if (r < 0.57)
    return {
      ...base,
      answered: null,
      end: start + secs(rng, 22, 30),
      wrap,
      outcome: "no-answer",
      inbound: false,
    };
  if (r < 0.63)
    return { ...base, answered: null, end: start + secs(rng, 3, 9), wrap, outcome: "busy", inbound: false };
  if (r < 0.73) {
    const answered = start + secs(rng, 6, 18);
    return { ...base, answered, end: answered + secs(rng, 8, 40), wrap, outcome: "machine", inbound: false };
  }
  const answered = start + secs(rng, 5, 20);
  const talk = rng.weighted([
    [[15, 60], 45],
    [[60, 300], 35],
    [[300, 900], 20],
  ] as const);
  return {
    ...base,
    answered,
    end: answered + secs(rng, talk[0], talk[1]),
    wrap,
    outcome: "human",
    inbound: false,
  };
}

/** Whether the agent wraps up after the call (and so disposes it). */
const wraps = (s: Slot) => s.agent.role === "advisor" || s.answered !== null;

/** One agent's day: sign-in, calls between breaks and lunch, sign-out. */
function shiftOf(
  rng: Rng,
  agent: HistoryAgent,
  day: number,
  nine: number,
  [open, close]: [number, number],
): AgentDay {
  // 9:00 in the call centre's zone; the day's other times from it (clocks change at 2:00, never in a shift).
  const at = (h: number, m: number) => nine + (h - 9) * HOUR + m * MIN;
  const login = at(9, 0) + rng.int(-20, 20) * MIN + secs(rng, 0, 59);
  const logoutPlan = at(17, 0) + rng.int(-30, 30) * MIN + secs(rng, 0, 59);
  const planned: { status: Pause["status"]; at: number; length: number }[] = [
    { status: "break", at: at(10, 15) + rng.int(0, 30) * MIN, length: 15 * MIN + secs(rng, 0, 40) },
    {
      status: "lunch_break",
      at: at(12, 0) + rng.int(0, 45) * MIN,
      length: rng.int(30, 45) * MIN + secs(rng, 0, 59),
    },
    { status: "break", at: at(14, 45) + rng.int(0, 30) * MIN, length: 15 * MIN + secs(rng, 0, 40) },
  ];
  // A gap between calls (the agent ready, the dialer looking for a lead) so the day holds about `target` calls.
  const target = agent.role === "advisor" ? rng.int(8, 15) : rng.int(40, 70);
  const busy = agent.role === "advisor" ? 700 * SEC : 90 * SEC;
  const working = logoutPlan - login - planned.reduce((s, p) => s + p.length, 0);
  const meanGap = Math.max(60 * SEC, (working - target * busy) / target);

  const slots: Slot[] = [];
  const pauses: Pause[] = [];
  let free = login; // the agent is ready from here on
  let next = Math.max(login + secs(rng, 30, 180), open);
  for (let p = 0; ;) {
    const pause = planned[p];
    if (pause && pause.at <= next) {
      const start = Math.max(pause.at, free + 5 * SEC);
      pauses.push({ status: pause.status, start, end: start + pause.length });
      free = start + pause.length;
      next = Math.max(next, free + secs(rng, 20, 120));
      p++;
      continue;
    }
    if (next >= close || next + 10 * MIN > logoutPlan) break;
    const slot = drawSlot(rng, agent, day, next);
    slots.push(slot);
    // The wrap is kept free even when the call asks none: a call turned into an answered one (chainLeads) uses it.
    free = slot.end + slot.wrap;
    next = Math.max(
      free + 20 * SEC,
      slot.end + Math.round((meanGap * (0.3 + 1.4 * rng.next())) / SEC) * SEC,
      open,
    );
  }
  const logout = Math.max(logoutPlan, free + secs(rng, 30, 180));
  return { agent, day, login, logout, pauses, slots };
}

// ---------------------------------------------------------------------------------------------------- the leads

interface Chaining {
  rng: Rng;
  windows: Windows;
  outcomes: (agent: HistoryAgent) => Outcomes;
  place: (day: number, at: number) => { st: string; key: string; row: PostalRow };
}

/**
 * Chains one group's calls (the call centre's qualifiers share their leads as the auto-dialler does; an advisor
 * keeps its own) into leads, from the last call back, and gives every call its disposition.
 */
function chainLeads(slots: Slot[], c: Chaining): Chain[] {
  const { rng, windows } = c;
  const chains: Chain[] = [];
  let pool: Chain[] = [];
  const ordered = [...slots].sort((a, b) => b.start - a.start || b.agent.id - a.agent.id);

  /** The lead's next call is far enough after this one, and the lead can still take one more. */
  const fits = (ch: Chain, s: Slot, preferred: boolean) => {
    const next = ch.slots[ch.slots.length - 1]!;
    if (ch.slots.length >= MAX_CALLS_PER_LEAD || ch.lastDay - s.day > MAX_SPAN_DAYS) return false;
    if (!windows.open(ch.row.iana, s.day, s.start)) return false;
    if (next.start < s.end + s.wrap + MIN) return false;
    if (next.day === s.day) {
      const sameDay = ch.slots.filter((x) => x.day === s.day).length;
      return preferred
        ? sameDay < 2 && next.start - s.start >= SAME_DAY_REDIAL
        : sameDay < MAX_CALLS_A_DAY && next.start - s.start >= SAME_DAY_RETRY;
    }
    return !preferred || next.day - s.day <= 3;
  };
  const find = (s: Slot, relaxed: boolean): Chain | undefined => {
    if (pool.length === 0) return undefined;
    for (let i = 0; i < 12; i++) {
      const ch = rng.pick(pool);
      if (fits(ch, s, true)) return ch;
    }
    if (!relaxed) return undefined;
    const from = rng.int(0, pool.length - 1);
    for (let i = 0; i < pool.length; i++) {
      const ch = pool[(from + i) % pool.length]!;
      if (fits(ch, s, false)) return ch;
    }
    return undefined;
  };
  const join = (ch: Chain, s: Slot, d: DispositionValue | undefined) => {
    s.next = ch.slots[ch.slots.length - 1]!.start;
    s.chain = ch;
    s.disposition = d;
    ch.slots.push(s);
  };
  const close = (s: Slot, d: DispositionValue) => {
    const ch: Chain = { ...c.place(s.day, s.start), slots: [s], lastDay: s.day };
    s.chain = ch;
    s.disposition = d;
    chains.push(ch);
    pool.push(ch);
  };

  let day = Infinity;
  for (const s of ordered) {
    if (s.day < day) {
      day = s.day;
      pool = pool.filter((ch) => ch.slots.length < MAX_CALLS_PER_LEAD && ch.lastDay - day <= MAX_SPAN_DAYS);
    }
    const o = c.outcomes(s.agent);
    const advisor = s.agent.role === "advisor";
    if (s.outcome === "human") {
      const onward = rng.chance(0.35) ? find(s, false) : undefined;
      if (onward) join(onward, s, advisor ? o.pick(rng, ADVISOR_FOLLOW_UPS) : "Callback Scheduled");
      else if (advisor) close(s, o.pick(rng, ADVISOR_CLOSES));
      else {
        const talk = (s.end - s.answered!) / SEC;
        close(s, o.pick(rng, QUALIFIER_CLOSES.find((b) => talk < b.upTo)!.weights));
      }
      continue;
    }
    if (s.outcome === "machine") {
      const onward = rng.chance(0.85) ? find(s, true) : undefined;
      if (onward) join(onward, s, o.offered("Voicemail") ? "Voicemail" : "Call Dropped");
      else close(s, o.offered("Not In Service") && rng.chance(0.6) ? "Not In Service" : "Dead");
      continue;
    }
    // Nobody answered: a later call on the same lead must follow.
    const onward = find(s, true);
    if (onward) {
      join(onward, s, advisor ? "Unreachable" : undefined);
      continue;
    }
    // None can (the last minutes of the last day): the call reached somebody after all, briefly.
    s.answered = s.start + Math.max(SEC, Math.floor((s.end - s.start) / 3 / SEC) * SEC);
    if (advisor) {
      s.outcome = "human";
      close(s, "Not Interested");
    } else {
      s.outcome = "machine";
      close(s, o.offered("Not In Service") ? "Not In Service" : "Dead");
    }
  }
  return chains;
}

// ---------------------------------------------------------------------------------------------------- the whole

export function generatePastShifts(input: PastShiftsInput): PastShifts {
  const rng = new Rng(input.seed);
  const dates = pastWorkingDays(input.now, input.timezone, input.days ?? PAST_DAYS);
  const canada = input.variant === "slica";
  const country = canada ? "CA" : "US";
  const regionCodes = Object.keys(POPULATION)
    .filter((code) => (PROVINCES as readonly string[]).includes(code) === canada)
    .sort();
  const regionWeights = regionCodes.map((code) => [code, POPULATION[code]!] as const);
  const zoneOf = (code: string) => region(code)?.defaultTz ?? "";
  const windows = new Windows(dates, [...new Set(regionCodes.map(zoneOf))].filter(Boolean).sort());

  // The shifts, day by day, agent by agent.
  const shifts: AgentDay[] = [];
  for (const [day, { y, m, d }] of dates.entries()) {
    const nine = instantOf(y, m, d, 9, 0, input.timezone);
    for (const agent of input.agents) shifts.push(shiftOf(rng, agent, day, nine, windows.country[day]!));
  }

  // A lead's place: a region weighted by population whose local time at `at` is a calling hour.
  const place = (day: number, at: number) => {
    for (let i = 0; i < 8; i++) {
      const st = rng.weighted(regionWeights);
      const [key, row] = sampleRow(rng, st);
      if (windows.open(row.iana, day, at)) return { st, key, row };
    }
    const open = regionCodes.filter((code) => windows.open(zoneOf(code), day, at));
    for (let i = 0; i < 50 && open.length > 0; i++) {
      const st = rng.pick(open);
      const [key, row] = sampleRow(rng, st);
      if (windows.open(row.iana, day, at)) return { st, key, row };
    }
    throw new Error(
      `past shifts: no ${country} region is in its calling hours at ${new Date(at).toISOString()}`,
    );
  };
  const outcomesOf = new Map<string, Outcomes>();
  const outcomes = (agent: HistoryAgent) => {
    let o = outcomesOf.get(agent.role);
    if (!o) outcomesOf.set(agent.role, (o = new Outcomes(agent.role, input.variant)));
    return o;
  };
  const slotsOf = (keep: (a: HistoryAgent) => boolean) =>
    shifts.filter((s) => keep(s.agent)).flatMap((s) => s.slots);
  const chaining: Chaining = { rng, windows, outcomes, place };
  const chains = [
    ...chainLeads(
      slotsOf((a) => a.role === "qualifier"),
      chaining,
    ),
    ...input.agents
      .filter((a) => a.role === "advisor")
      .flatMap((a) =>
        chainLeads(
          slotsOf((b) => b.id === a.id),
          chaining,
        ),
      ),
  ];
  for (const ch of chains) ch.slots.reverse();
  chains.sort((a, b) => a.slots[0]!.start - b.slots[0]!.start || a.slots[0]!.agent.id - b.slots[0]!.agent.id);

  const leads = makeLeads(rng, input, chains);
  const leadIndex = new Map(chains.map((ch, i) => [ch, i]));

  // The calls and their dispositions, in time order.
  const allSlots = shifts
    .flatMap((s) => s.slots)
    .sort((a, b) => a.start - b.start || a.agent.id - b.agent.id);
  const calls: PastCall[] = [];
  const dispositions: PastDisposition[] = [];
  for (const s of allSlots) {
    const li = leadIndex.get(s.chain!)!;
    const outgoing = !s.inbound;
    calls.push({
      leadIndex: li,
      agentId: s.agent.id,
      type: s.inbound ? "inbound" : s.agent.role === "advisor" ? "follow-up" : "auto",
      direction: outgoing ? 0 : 1,
      phone: leads[li]!.phone,
      status: s.answered === null ? "not_answered" : "ended",
      startedAt: new Date(s.start),
      answeredAt: s.answered === null ? null : new Date(s.answered),
      endedAt: new Date(s.end),
      duration: s.answered === null ? 0 : (s.end - s.answered) / SEC,
      cause: s.outcome === "busy" ? "busy" : s.outcome === "no-answer" ? "no-answer" : "normal",
      settledAt: new Date(s.end + secs(rng, 1, 3)),
      amdVerdict:
        s.answered === null || !outgoing
          ? null
          : s.outcome === "machine"
            ? "AMD-Machine-Vm-WA"
            : "AMD-Human-voice",
    });
    if (!s.disposition) continue;
    const o = outcomes(s.agent);
    const d = s.disposition;
    dispositions.push({
      leadIndex: li,
      callIndex: calls.length - 1,
      agentId: s.agent.id,
      disposition: d,
      reason: o.reason(rng, d),
      notes: notesRequired(d, o.facts.roles) ? DEAD_NOTE : null,
      dateTime: traitsOf(d)?.needsDateTime ? new Date(s.next!) : null,
      createdAt: new Date(s.end + s.wrap - secs(rng, 1, 5)),
      sold: d === "Sold" ? soldDetails(rng, s.start) : null,
    });
  }
  dispositions.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.agentId - b.agentId);

  return {
    days: dates.map(({ y, m, d }) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`),
    leads,
    calls,
    dispositions,
    statusChanges: statusTrail(shifts),
  };
}

function soldDetails(rng: Rng, at: number): SoldDetails {
  const coverage = rng.int(10, 50) * 5000;
  return {
    coverage_amount: coverage,
    premium_amount: Math.round(coverage * (0.3 + rng.next() * 0.9)) / 1000,
    policy_number: `PN-${new Date(at).getUTCFullYear()}-${rng.int(100000, 999999)}`,
    plan_type: rng.pick(valuesOf(PLAN_TYPES)),
  };
}

/** The leads of the chains: real places, fresh phone numbers and marketing ids after the book's. */
function makeLeads(rng: Rng, input: PastShiftsInput, chains: Chain[]): SeedLead[] {
  const canada = input.variant === "slica";
  const taken = new Set(input.book.leads.flatMap((l) => [l.phone, ...l.phoneOther]));
  const phones = new PhoneBook();
  const emails = new Set<string>();
  const serials = new Map<string, number>();
  for (const l of input.book.leads) {
    const m = /^([A-Z]+)(\d+)$/.exec(l.marketingId);
    if (m) serials.set(m[1]!, Math.max(serials.get(m[1]!) ?? 0, Number(m[2])));
  }
  const campaigns = input.book.campaigns;
  return chains.map((ch): SeedLead => {
    const { st, key, row } = ch;
    const first = ch.slots[0]!;
    const last = ch.slots[ch.slots.length - 1]!;
    const createdAt = new Date(first.start - rng.int(2, 60) * MIN - secs(rng, 0, 59));
    const language: Lang = canada
      ? rng.chance(FRENCH_SHARE[st] ?? 0.01)
        ? "fr"
        : "en"
      : rng.chance(0.15)
        ? "es"
        : "en";
    const male = rng.chance(0.5);
    const firstName = rng.pick(FIRST_NAMES[language][male ? "male" : "female"]);
    const lastName = rng.pick(LAST_NAMES[language]);
    const campaign = pickCampaign(rng, campaigns, input.variant, language, st);
    const prefix =
      campaign.prefixes.length > 0 && rng.chance(0.3) ? rng.pick(campaign.prefixes) : campaign.prefix;
    const serial = (serials.get(prefix) ?? 0) + 1;
    serials.set(prefix, serial);
    let phone = phones.take(rng, st);
    while (taken.has(phone)) phone = phones.take(rng, st);
    const clientCount = canada && rng.chance(0.8) ? 2 : 1;
    const age = Math.round((rng.int(25, 80) + rng.int(25, 80)) / 2);
    const clients = [makeClient(rng, createdAt, language, male, firstName, lastName, age)];
    if (clientCount === 2) {
      const spouseMale = rng.chance(0.9) ? !male : male;
      const spouseAge = Math.min(80, Math.max(25, age + rng.int(-6, 6)));
      clients.push(
        makeClient(
          rng,
          createdAt,
          language,
          spouseMale,
          rng.pick(FIRST_NAMES[language][spouseMale ? "male" : "female"]),
          rng.chance(0.7) ? lastName : rng.pick(LAST_NAMES[language]),
          spouseAge,
        ),
      );
    }
    return {
      marketingId: `${prefix}${String(serial).padStart(6, "0")}`,
      campaignSlug: campaign.slug,
      prefix,
      firstName,
      lastName,
      phone,
      phoneOther: [],
      email: rng.chance(0.7) ? makeEmail(rng, emails, firstName, lastName) : null,
      language,
      status: last.disposition!,
      isNew: false,
      dials: ch.slots.length,
      notes: null,
      creNotes: null,
      street: makeStreet(rng, canada ? "CA" : "US", language),
      apartment: rng.chance(0.15) ? String(rng.int(101, 1210)) : null,
      city: leadCity(key, row),
      postal: canada ? `${key} ${rng.int(0, 9)}${rng.pick([...CA_LDU_LETTERS])}${rng.int(0, 9)}` : key,
      state: st,
      country: canada ? "CA" : "US",
      latitude: row.lat,
      longitude: row.lon,
      timezone: row.iana,
      clients,
      insurance: makeInsurance(rng, canada, clientCount),
      createdAt,
    };
  });
}

/** Each agent's status changes over its days: sign-in, calls and wrap-ups, breaks, sign-out. */
function statusTrail(shifts: AgentDay[]): PastStatusChange[] {
  const out: PastStatusChange[] = [];
  const last = new Map<number, { status: AgentStatus; at: number }>();
  const byAgent = [...shifts].sort((a, b) => a.agent.id - b.agent.id || a.day - b.day);
  for (const shift of byAgent) {
    const userId = shift.agent.id;
    const push = (to: AgentStatus, at: number, source: "agent" | "system", reason: string | null = null) => {
      const prev = last.get(userId);
      out.push({
        userId,
        fromStatus: prev?.status ?? null,
        toStatus: to,
        at: new Date(at),
        previousDuration: prev ? Math.round((at - prev.at) / SEC) : 0,
        source,
        actorId: source === "agent" ? userId : null,
        reason,
      });
      last.set(userId, { status: to, at });
    };
    push("ready", shift.login, "agent");
    const events = [
      ...shift.slots.map((s) => ({ at: s.start, slot: s, pause: undefined })),
      ...shift.pauses.map((p) => ({ at: p.start, slot: undefined, pause: p })),
    ].sort((a, b) => a.at - b.at);
    for (const { slot: s, pause } of events) {
      if (pause) {
        push(pause.status, pause.start, "agent");
        push("ready", pause.end, "agent");
        continue;
      }
      const failure = s!.outcome === "busy" ? "busy" : "not_answered";
      push("on_a_call", s!.start, "system", s!.inbound ? "answer" : "dial");
      if (wraps(s!)) {
        const wrapStatus = s!.agent.role === "advisor" && !s!.inbound ? "follow_up" : "after_call_work";
        push(wrapStatus, s!.end, "system", s!.answered === null ? failure : "hangup");
        push("ready", s!.end + s!.wrap, "agent");
      } else push("ready", s!.end, "system", failure);
    }
    push("offline", shift.logout, "agent", "logout");
  }
  return out.sort((a, b) => a.at.getTime() - b.at.getTime() || a.userId - b.userId);
}
