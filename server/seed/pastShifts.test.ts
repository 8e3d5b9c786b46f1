import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DISPOSITION_AVAILABILITY,
  isAvailable,
  notesRequired,
  reasonsFor,
  traitsOf,
  type DispositionValue,
} from "../../src/contract/dispositions";
import { AGENT_STATUSES } from "../../src/contract/status";
import { startOfLocalDay, wallClock } from "../../src/shared/zoned-time";
import type { HistoryAgent } from "./history";
import { generateLeadBook } from "./leadbook";
import {
  PAST_DAYS,
  generatePastShifts,
  pastWorkingDays,
  type PastShifts,
  type PastShiftsInput,
} from "./pastShifts";

const now = Date.parse("2026-03-10T18:00:00Z"); // a Tuesday afternoon in New York, two days after the clocks changed
const books = {
  isius: generateLeadBook({ variant: "isius", seed: 7919, now: new Date(now) }),
  slica: generateLeadBook({ variant: "slica", seed: 15838, now: new Date(now) }),
};
const agents: HistoryAgent[] = [
  { id: 10, role: "qualifier" },
  { id: 11, role: "qualifier" },
  { id: 20, role: "advisor" },
];
const input = (over: Partial<PastShiftsInput> = {}): PastShiftsInput => ({
  seed: 7,
  now,
  timezone: "America/New_York",
  variant: "isius",
  agents,
  book: books.isius,
  ...over,
});
const DAY = 86_400_000;
const dateOf = (at: number, tz: string) => {
  const w = wallClock(at, tz);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
};

/**
 * Everything the seed promises of its past shifts, for one input: what it breaks, as sentences (checked in plain
 * code, as some 100,000 expect() calls would take seconds).
 */
function problemsOf(past: PastShifts, i: PastShiftsInput): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, problem: () => string) => {
    if (!ok && problems.length < 20) problems.push(problem());
  };
  const iso = (d: Date | null) => d?.toISOString() ?? "null";
  const tz = i.timezone;
  const today = startOfLocalDay(i.now, tz);
  const roleOf = new Map(i.agents.map((a) => [a.id, a.role]));
  const facts = (agentId: number) => ({ roles: [roleOf.get(agentId)!], callCentre: i.variant.toUpperCase() });
  const days = new Set(past.days);
  check(
    past.days.length === (i.days ?? PAST_DAYS) && days.size === past.days.length,
    () => `days ${past.days}`,
  );

  // Nothing today or later, nothing on a weekend: every instant is on one of the working days filled.
  const instants = [
    ...past.statusChanges.map((c) => c.at),
    ...past.calls.flatMap((c) => [c.startedAt, c.answeredAt, c.endedAt, c.settledAt]),
    ...past.dispositions.flatMap((d) => [d.createdAt, d.dateTime]),
    ...past.leads.map((l) => l.createdAt),
  ].filter((d): d is Date => d !== null);
  for (const d of instants) {
    const weekday = wallClock(d.getTime(), tz).weekday;
    check(
      d.getTime() < today &&
        d.getTime() % 1000 === 0 &&
        days.has(dateOf(d.getTime(), tz)) &&
        weekday >= 1 &&
        weekday <= 5,
      () => `${iso(d)} is not a whole second of a past working day filled`,
    );
  }

  // Each agent's trail: from null once, then from whatever came before, strictly in time, durations exact.
  const trails = new Map<number, PastShifts["statusChanges"]>();
  for (const c of past.statusChanges) {
    if (!trails.has(c.userId)) trails.set(c.userId, []);
    trails.get(c.userId)!.push(c);
  }
  /** The position of the agent's change at this instant in its trail (-1: none). */
  const positions = new Map(
    [...trails].map(([u, trail]) => [u, new Map(trail.map((c, k) => [c.at.getTime(), k]))]),
  );
  const positionOf = (userId: number, at: Date) => positions.get(userId)?.get(at.getTime()) ?? -1;
  check(
    [...trails.keys()].sort().join() ===
      i.agents
        .map((a) => a.id)
        .sort()
        .join(),
    () => `trails of ${[...trails.keys()]}`,
  );
  for (const [userId, trail] of trails) {
    const first = trail[0]!;
    check(
      first.fromStatus === null && first.toStatus === "ready" && first.previousDuration === 0,
      () => `${userId} begins ${first.fromStatus} → ${first.toStatus}`,
    );
    for (const [k, c] of trail.entries()) {
      const at = () => `${userId} at ${iso(c.at)}`;
      check(AGENT_STATUSES.includes(c.toStatus), () => `${at()}: ${c.toStatus}`);
      check(c.actorId === (c.source === "agent" ? userId : null), () => `${at()}: actor ${c.actorId}`);
      if (c.toStatus === "on_a_call")
        check(
          c.source === "system" && c.fromStatus === "ready",
          () => `${at()}: on a call from ${c.fromStatus}`,
        );
      if (c.toStatus === "break" || c.toStatus === "lunch_break")
        check(c.source === "agent", () => `${at()}: ${c.toStatus} by ${c.source}`);
      if (k === 0) continue;
      const prev = trail[k - 1]!;
      check(c.fromStatus === prev.toStatus, () => `${at()}: from ${c.fromStatus} after ${prev.toStatus}`);
      check(c.at > prev.at, () => `${at()}: not after ${iso(prev.at)}`);
      check(
        c.previousDuration === (c.at.getTime() - prev.at.getTime()) / 1000,
        () => `${at()}: previousDuration ${c.previousDuration}`,
      );
      // A day begins by signing in from offline, after the day before.
      if (c.fromStatus === "offline")
        check(
          c.toStatus === "ready" && dateOf(c.at.getTime(), tz) !== dateOf(prev.at.getTime(), tz),
          () => `${at()}: signs in to ${c.toStatus} on the day it signed out`,
        );
    }
    check(trail[trail.length - 1]!.toStatus === "offline", () => `${userId} ends ${trail.at(-1)!.toStatus}`);
    const signIns = trail.filter((c) => c.fromStatus === null || c.fromStatus === "offline");
    check(
      signIns.map((c) => dateOf(c.at.getTime(), tz)).join() === past.days.join(),
      () => `${userId} signs in on ${signIns.map((c) => iso(c.at))}`,
    );
  }

  // Every call inside one on_a_call period of its agent, from its start to its end.
  for (const [k, call] of past.calls.entries()) {
    const at = () => `call ${k} at ${iso(call.startedAt)}`;
    const trail = trails.get(call.agentId) ?? [];
    const p = positionOf(call.agentId, call.startedAt);
    check(
      p > 0 && trail[p]!.toStatus === "on_a_call" && trail[p + 1]?.at.getTime() === call.endedAt.getTime(),
      () => `${at()}: not the agent's whole on_a_call period`,
    );
    check(call.endedAt > call.startedAt, () => `${at()}: ends at ${iso(call.endedAt)}`);
    if (call.answeredAt)
      check(
        call.status === "ended" &&
          call.cause === "normal" &&
          call.answeredAt > call.startedAt &&
          call.duration === (call.endedAt.getTime() - call.answeredAt.getTime()) / 1000,
        () => `${at()}: answered, yet ${call.status} ${call.cause} ${call.duration}`,
      );
    else
      check(
        call.status === "not_answered" &&
          call.duration === 0 &&
          call.amdVerdict === null &&
          (call.cause === "no-answer" || call.cause === "busy"),
        () => `${at()}: not answered, yet ${call.status} ${call.cause} ${call.duration} ${call.amdVerdict}`,
      );
    const type =
      call.direction === 1 ? "inbound" : roleOf.get(call.agentId) === "advisor" ? "follow-up" : "auto";
    check(call.type === type, () => `${at()}: ${call.type}`);
    check(
      call.direction === 1 || call.answeredAt === null
        ? call.amdVerdict === null
        : call.amdVerdict === "AMD-Human-voice" || call.amdVerdict === "AMD-Machine-Vm-WA",
      () => `${at()}: AMD ${call.amdVerdict}`,
    );
    check(call.phone === past.leads[call.leadIndex]?.phone, () => `${at()}: phone ${call.phone}`);
    if (k > 0) check(call.startedAt >= past.calls[k - 1]!.startedAt, () => `${at()}: out of order`);
  }

  // Dispositions: offered to the agent's role in its call centre, with what the panel would require.
  const byCall = new Map(past.dispositions.map((d) => [d.callIndex, d]));
  check(byCall.size === past.dispositions.length, () => "two dispositions of one call");
  for (const d of past.dispositions) {
    const call = past.calls[d.callIndex]!;
    const f = facts(d.agentId);
    const at = () => `${d.disposition} of call ${d.callIndex} by ${f.roles[0]} ${d.agentId}`;
    const traits = traitsOf(d.disposition)!;
    check(
      isAvailable(DISPOSITION_AVAILABILITY[d.disposition], f),
      () => `${at()}: not offered in ${f.callCentre}`,
    );
    check(d.agentId === call.agentId && d.leadIndex === call.leadIndex, () => `${at()}: not the call's`);
    check(
      d.reason === null
        ? !traits.reasons?.required
        : reasonsFor(d.disposition, f).some((r) => r.value === d.reason),
      () => `${at()}: reason ${d.reason}`,
    );
    check(!notesRequired(d.disposition, f.roles) || !!d.notes, () => `${at()}: no notes`);
    check((d.dateTime !== null) === traits.needsDateTime, () => `${at()}: date ${iso(d.dateTime)}`);
    check((d.sold !== null) === (d.disposition === "Sold"), () => `${at()}: sold ${JSON.stringify(d.sold)}`);
    // Given in the wrap-up after the call: before the agent is ready again.
    const trail = trails.get(d.agentId) ?? [];
    const p = positionOf(d.agentId, call.endedAt);
    check(
      (trail[p]?.toStatus === "after_call_work" || trail[p]?.toStatus === "follow_up") &&
        d.createdAt > call.endedAt &&
        d.createdAt < trail[p + 1]!.at,
      () => `${at()}: given at ${iso(d.createdAt)}, not in the wrap-up after ${iso(call.endedAt)}`,
    );
  }
  // A call nobody answered asks no disposition of a qualifier (the gateway puts it back to ready); the rest do.
  for (const [k, call] of past.calls.entries()) {
    const wrapped = roleOf.get(call.agentId) === "advisor" || call.answeredAt !== null;
    check(byCall.has(k) === wrapped, () => `call ${k}: ${wrapped ? "no" : "a"} disposition`);
  }

  // Leads of their own, closed by their last call's disposition, never dialled after it.
  const bookPhones = new Set(i.book.leads.flatMap((l) => [l.phone, ...l.phoneOther]));
  const bookIds = new Set(i.book.leads.map((l) => l.marketingId));
  const prefixes = new Set(i.book.campaigns.flatMap((c) => [c.prefix, ...c.prefixes]));
  check(
    new Set(past.leads.map((l) => l.marketingId)).size === past.leads.length,
    () => "marketing ids twice",
  );
  check(new Set(past.leads.map((l) => l.phone)).size === past.leads.length, () => "phones twice");
  const callsOf = past.leads.map(() => [] as number[]);
  for (const [k, c] of past.calls.entries()) callsOf[c.leadIndex]!.push(k);
  for (const [li, lead] of past.leads.entries()) {
    const at = () => `lead ${li} ${lead.marketingId}`;
    const own = callsOf[li]!;
    if (own.length === 0) {
      problems.push(`${at()}: never called`);
      continue;
    }
    check(lead.dials === own.length, () => `${at()}: ${lead.dials} dials, ${own.length} calls`);
    check(
      !lead.isNew && lead.phoneOther.length === 0 && lead.notes === null && lead.timezone !== "",
      () => `${at()}: ${JSON.stringify(lead)}`,
    );
    check(!bookPhones.has(lead.phone) && !bookIds.has(lead.marketingId), () => `${at()}: the book's`);
    check(
      prefixes.has(lead.prefix) &&
        lead.marketingId.startsWith(lead.prefix) &&
        i.book.campaigns.some((c) => c.slug === lead.campaignSlug),
      () => `${at()}: prefix ${lead.prefix}, campaign ${lead.campaignSlug}`,
    );
    const first = past.calls[own[0]!]!;
    check(
      lead.createdAt < first.startedAt &&
        dateOf(lead.createdAt.getTime(), tz) === dateOf(first.startedAt.getTime(), tz),
      () => `${at()}: created ${iso(lead.createdAt)}, first called ${iso(first.startedAt)}`,
    );
    const given = own.flatMap((k) => byCall.get(k) ?? []);
    const last = byCall.get(own[own.length - 1]!);
    check(last !== undefined && given.at(-1) === last, () => `${at()}: its last call is not disposed`);
    check(
      traitsOf(lead.status)?.final === true && lead.status === last?.disposition,
      () => `${at()}: status ${lead.status}, last disposition ${last?.disposition}`,
    );
    for (const d of given.slice(0, -1))
      check(
        traitsOf(d.disposition)?.final === false,
        () => `${at()}: closed by ${d.disposition} before its last call`,
      );
    for (const [n, k] of own.entries()) {
      const c = past.calls[k]!;
      // Within the lead's own calling hours, one call after another; a scheduled next call is the one that came.
      const local = wallClock(c.startedAt.getTime(), lead.timezone);
      check(
        local.hour >= 9 && local.hour < 20,
        () => `${at()}: called at ${local.hour}:${local.minute} its time`,
      );
      if (n > 0) check(c.startedAt > past.calls[own[n - 1]!]!.endedAt, () => `${at()}: calls overlap`);
      const d = byCall.get(k);
      if (d?.dateTime && n + 1 < own.length)
        check(
          d.dateTime.getTime() === past.calls[own[n + 1]!]!.startedAt.getTime(),
          () => `${at()}: ${d.disposition} for ${iso(d.dateTime)}`,
        );
    }
    // Qualifiers share their leads; an advisor's are its own.
    const callers = new Set(own.map((k) => past.calls[k]!.agentId));
    check(
      ![...callers].some((a) => roleOf.get(a) === "advisor") || callers.size === 1,
      () => `${at()}: called by ${[...callers]}`,
    );
  }
  return problems;
}

describe("the demo agents' past shifts", () => {
  const past = generatePastShifts(input());

  it("is the same for the same seed, and another for another", () => {
    expect(generatePastShifts(input())).toEqual(past);
    expect(generatePastShifts(input({ seed: 8 })).calls).not.toEqual(past.calls);
  });

  it("keeps every promise: trails, calls, dispositions and closed leads of their own, all before today", () => {
    expect(problemsOf(past, input())).toEqual([]);
    const slica = { variant: "slica" as const, timezone: "America/Toronto", book: books.slica };
    expect(problemsOf(generatePastShifts(input(slica)), input(slica))).toEqual([]);
  });

  it("fills the working days before today, skipping weekends and today", () => {
    // Tuesday 10 March 2026: back to Tuesday 17 February, three weekends skipped.
    expect(past.days[0]).toBe("2026-02-17");
    expect(past.days[past.days.length - 1]).toBe("2026-03-09");
    expect(past.days).not.toContain("2026-03-07");
    expect(past.days).not.toContain("2026-03-10");
    // On a Monday the last one is the Friday before; on a Sunday too.
    const monday = Date.parse("2026-03-16T13:00:00Z");
    expect(pastWorkingDays(monday, "America/New_York", 1)).toEqual([{ y: 2026, m: 3, d: 13 }]);
    expect(pastWorkingDays(monday - DAY, "America/New_York", 2)).toEqual([
      { y: 2026, m: 3, d: 12 },
      { y: 2026, m: 3, d: 13 },
    ]);
  });

  it("looks like a call centre's days: 40–70 dials a qualifier, fewer for an advisor, a few bookings and sales", () => {
    const perDay = (agentId: number) =>
      past.calls.filter((c) => c.agentId === agentId).length / past.days.length;
    for (const q of [10, 11]) {
      expect(perDay(q)).toBeGreaterThanOrEqual(40);
      expect(perDay(q)).toBeLessThanOrEqual(70);
    }
    expect(perDay(20)).toBeGreaterThanOrEqual(8);
    expect(perDay(20)).toBeLessThanOrEqual(16);
    const outgoing = past.calls.filter((c) => c.direction === 0 && c.agentId !== 20);
    const answered = outgoing.filter((c) => c.answeredAt !== null).length / outgoing.length;
    expect(answered).toBeGreaterThan(0.28);
    expect(answered).toBeLessThan(0.45);
    expect(outgoing.some((c) => c.amdVerdict === "AMD-Machine-Vm-WA")).toBe(true);
    // Yesterday too (chained first, with no later day to continue its leads on): not all answered at the end.
    const yesterday = outgoing.filter(
      (c) => dateOf(c.startedAt.getTime(), "America/New_York") === past.days.at(-1),
    );
    expect(
      Math.abs(yesterday.filter((c) => c.answeredAt !== null).length / yesterday.length - answered),
    ).toBeLessThan(0.15);
    expect(past.calls.some((c) => c.direction === 1 && c.agentId === 20)).toBe(true);
    const count = (d: DispositionValue) =>
      past.dispositions.filter((x) => x.disposition === d).length / past.days.length;
    expect(count("Appointment Setup") / 2).toBeGreaterThan(0.5); // a few a day for each qualifier
    expect(count("Sold")).toBeGreaterThanOrEqual(0.5);
    expect(count("Sold")).toBeLessThanOrEqual(3);
    expect(count("Live_Transfer")).toBeLessThan(count("Appointment Setup"));
    // Every day has its two breaks and its lunch for each agent.
    for (const a of agents) {
      const trail = past.statusChanges.filter((c) => c.userId === a.id);
      expect(trail.filter((c) => c.toStatus === "break")).toHaveLength(2 * past.days.length);
      expect(trail.filter((c) => c.toStatus === "lunch_break")).toHaveLength(past.days.length);
    }
    // Leads take several calls each, so there are far fewer leads than calls.
    expect(past.leads.length).toBeLessThan(past.calls.length / 3);
  });

  it("keeps its promises for any seed, instant, call centre and zone", () => {
    const zones = ["America/New_York", "America/Toronto", "America/St_Johns"];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: Date.parse("2024-01-01T00:00:00Z"), max: Date.parse("2027-12-31T00:00:00Z") }),
        fc.constantFrom(...zones),
        fc.constantFrom("isius" as const, "slica" as const),
        fc.subarray(agents, { minLength: 1 }),
        fc.integer({ min: 1, max: 4 }),
        (seed, at, timezone, variant, some, days) => {
          const i = input({ seed, now: at, timezone, variant, book: books[variant], agents: some, days });
          expect(problemsOf(generatePastShifts(i), i)).toEqual([]);
        },
      ),
      { numRuns: 30 },
    );
  });
});
