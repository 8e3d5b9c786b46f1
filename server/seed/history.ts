// Today's work so far for the demo agents, so goals, last dials and follow-ups show real numbers from the
// first sign-in. Deterministic (seeded), in the call centre's working day, and only at moments when each
// lead's own local time is a reasonable calling hour.
import { instantOf, wallClock } from "../../src/shared/zoned-time";
import { numberWindow } from "../compliance/numberWindow";
import { numberRegion } from "../geo/numbers";
import { toE164 } from "../modules/calls/phone";
import { Rng } from "./leadbook/rng";

export interface HistoryAgent {
  id: number;
  role: "qualifier" | "advisor";
}
export interface HistoryLead {
  id: number;
  phone: string;
  timezone: string;
  status: string;
}
export interface HistoryCall {
  leadId: number;
  agentId: number;
  type: string;
  direction: number;
  phone: string;
  status: string;
  startedAt: Date;
  answeredAt: Date | null;
  endedAt: Date;
  duration: number | null;
}
export interface HistoryDisposition {
  leadId: number;
  agentId: number;
  callIndex: number;
  disposition: string;
  reason: string | null;
  notes: string | null;
  dateTime: Date | null;
  createdAt: Date;
}

const QUALIFIER_OUTCOMES = [
  ["Not Interested", 45],
  ["Callback Scheduled", 20],
  ["Appointment Setup", 12],
  ["Live_Transfer", 10],
  ["Dead", 8],
  ["Duplicate", 5],
] as const;
const ADVISOR_OUTCOMES = [
  ["Not Interested", 30],
  ["Sold", 25],
  ["Pocket", 20],
  ["Engaged Opportunity", 10],
  ["External Follow-up", 15],
] as const;
const NEEDS_DATE = new Set(["Callback Scheduled", "Pocket", "Engaged Opportunity", "External Follow-up"]);
/** Reasons every agent is offered (src/contract/dispositions.ts), so a seeded disposition is one the panel could save. */
const NOT_INTERESTED_REASONS = ["Already has coverage", "No longer looking for insurance"];
const DAY_START_HOUR = 9;
const DAY_END_HOUR = 17;

export function generateHistory(input: {
  seed: number;
  now: number;
  timezone: string;
  agents: HistoryAgent[];
  leads: HistoryLead[];
}): { calls: HistoryCall[]; dispositions: HistoryDisposition[] } {
  const rng = new Rng(input.seed);
  const local = wallClock(input.now, input.timezone);
  const dayStart = instantOf(local.year, local.month, local.day, DAY_START_HOUR, 0, input.timezone);
  const dayEnd = Math.min(input.now - 60_000, instantOf(local.year, local.month, local.day, DAY_END_HOUR, 0, input.timezone));
  const callable = input.leads.filter((l) => l.timezone && l.status !== "Do Not Call");
  const calls: HistoryCall[] = [];
  const dispositions: HistoryDisposition[] = [];
  if (dayEnd <= dayStart || callable.length === 0) return { calls, dispositions };

  for (const agent of input.agents) {
    let t = dayStart + rng.int(0, 20) * 60_000;
    while (t < dayEnd && calls.length < 2000) {
      const lead = pickCallable(rng, callable, t);
      if (lead) {
        const answered = rng.chance(0.4);
        const duration = answered ? rng.int(30, 600) : null;
        const endedAt = new Date(t + (answered ? duration! * 1000 + 20_000 : rng.int(15, 40) * 1000));
        calls.push({
          leadId: lead.id,
          agentId: agent.id,
          type: agent.role === "advisor" ? "follow-up" : "auto",
          direction: 0,
          phone: lead.phone,
          status: answered ? "ended" : "not_answered",
          startedAt: new Date(t),
          answeredAt: answered ? new Date(t + 15_000) : null,
          endedAt,
          duration,
        });
        const disposition = answered
          ? rng.weighted(agent.role === "advisor" ? ADVISOR_OUTCOMES : QUALIFIER_OUTCOMES)
          : rng.chance(0.5)
            ? "Voicemail"
            : null;
        if (disposition) {
          // A few follow-ups fall due earlier today, so the overdue tab has something in it.
          const dateTime = NEEDS_DATE.has(disposition)
            ? new Date(rng.chance(0.2) ? t + 30 * 60_000 : dayStart + 24 * 3600_000 + rng.int(1, 28) * 15 * 60_000)
            : null;
          dispositions.push({
            leadId: lead.id,
            agentId: agent.id,
            callIndex: calls.length - 1,
            disposition,
            reason: disposition === "Not Interested" ? rng.pick(NOT_INTERESTED_REASONS) : null,
            notes: disposition === "Dead" ? "Number no longer belongs to the client." : null,
            dateTime: dateTime && dateTime.getTime() < input.now && rng.chance(0.5) ? new Date(input.now - 10 * 60_000) : dateTime,
            createdAt: new Date(endedAt.getTime() + rng.int(10, 90) * 1000),
          });
        }
        t = endedAt.getTime();
      }
      t += rng.int(2, 8) * 60_000;
    }
  }
  return { calls, dispositions };
}

/**
 * A lead whose own local time is between 09:00 and 19:59 on a weekday and whose number the compliance gate would
 * dial then (the calling window of every zone of its area code: a lead in New York with a Hawaii mobile is not
 * called at 07:00 Honolulu time), or undefined after a few tries. The compliance report judges the seeded calls too.
 */
function pickCallable(rng: Rng, leads: HistoryLead[], at: number): HistoryLead | undefined {
  for (let i = 0; i < 6; i++) {
    const lead = rng.pick(leads);
    const w = wallClock(at, lead.timezone);
    if (w.weekday < 1 || w.weekday > 5 || w.hour < 9 || w.hour >= 20) continue;
    if (numberWindow(numberRegion(toE164(lead.phone)), at, 0).callable) return lead;
  }
  return undefined;
}

/** A status change of today's trail (agent_status_changes), as the status service writes one. */
export interface HistoryStatusChange {
  userId: number;
  fromStatus: "offline" | "ready" | "on_a_call" | "after_call_work";
  toStatus: "offline" | "ready" | "on_a_call" | "after_call_work";
  at: Date;
  previousDuration: number;
  source: "agent" | "system";
  actorId: number | null;
  reason: string | null;
}

/**
 * Each agent's status trail around today's calls, so that today's reports count the time logged in with the calls
 * (an agent with 40 dials and no minute logged in is no agent): Ready a little before the first call, On a Call for
 * each, After Call Work until its disposition, Ready again, and Offline a few minutes after the last, before now.
 */
export function todayTrail(
  history: { calls: HistoryCall[]; dispositions: HistoryDisposition[] },
  now: number,
): HistoryStatusChange[] {
  const disposedAt = new Map(history.dispositions.map((d) => [d.callIndex, d.createdAt.getTime()]));
  const byAgent = new Map<number, { call: HistoryCall; index: number }[]>();
  history.calls.forEach((call, index) => byAgent.set(call.agentId, [...(byAgent.get(call.agentId) ?? []), { call, index }]));
  const out: HistoryStatusChange[] = [];
  for (const [userId, calls] of byAgent) {
    calls.sort((a, b) => a.call.startedAt.getTime() - b.call.startedAt.getTime());
    let status: HistoryStatusChange["toStatus"] = "offline";
    let since = 0;
    const push = (to: HistoryStatusChange["toStatus"], at: number, source: "agent" | "system", reason: string | null) => {
      if (at <= since) at = since + 1000;
      // A call of the last minutes may be stamped as ending after now: the trail stops before now.
      if (to !== "offline" && at > now - 15_000) return;
      out.push({
        userId,
        fromStatus: status,
        toStatus: to,
        at: new Date(at),
        previousDuration: since ? Math.round((at - since) / 1000) : 0,
        source,
        actorId: source === "agent" ? userId : null,
        reason,
      });
      status = to;
      since = at;
    };
    push("ready", calls[0]!.call.startedAt.getTime() - 2 * 60_000, "agent", null);
    for (const { call, index } of calls) {
      push("on_a_call", call.startedAt.getTime(), "system", "dial");
      const disposed = disposedAt.get(index);
      if (disposed !== undefined) {
        push("after_call_work", call.endedAt.getTime(), "system", call.answeredAt ? "hangup" : "not_answered");
        push("ready", disposed, "agent", null);
      } else push("ready", call.endedAt.getTime(), "system", call.answeredAt ? "hangup" : "not_answered");
    }
    push("offline", Math.min(since + 5 * 60_000, now - 10_000), "agent", "logout");
  }
  return out;
}
