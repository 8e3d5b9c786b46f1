// What the rules read: the agent, its call centre and settings, and each lead with what happened to it. The
// engine and explain load them with the same functions, so both judge the same facts.
import type { DialerRule } from "../../src/contract/dialer";
import type { EngineSettings } from "./settings";
import { reasonText, type ReasonKey, type ReasonValues } from "./reasons";

/** auto: the engine's pick; follow-up and redial: the agent names the lead (fewer rules apply). */
export type DialMode = "auto" | "follow-up" | "redial";

export interface AgentFacts {
  id: number;
  name: string;
  role: string;
  level: number;
  language: string;
  isBilingual: boolean;
  inboundOnly: boolean;
  /** old | new | both | none */
  outboundEligibility: string;
  deactivated: boolean;
  /** The agent's extension, as loadAgent read it: a dial hands it to the call service, which need not read it again. */
  extension?: string | null;
  callableStates: string[] | null;
  /** Campaigns the agent is assigned to (campaign_qualifiers). */
  campaignIds: ReadonlySet<number>;
  /** Marketing prefixes of the agent's lead groups (advisors). */
  groupPrefixes: ReadonlySet<string>;
  /** The agent's outbound dials in the call centre's current hour, day, week (from Monday) and month. */
  dials: { hour: number; day: number; week: number; month: number };
  overdueFollowUps: number;
  /** The agent's pending follow-ups that are due now (from follow-up-window before their time). */
  dueFollowUps: number;
  /**
   * Other agents of the same role available now (Ready or after-call work); counted only when a
   * publisher-suppression minimum is set (0 otherwise: no rule reads it then).
   */
  availableOthers: number;
}

export interface TenantFacts {
  id: number;
  /** The call centre's zone: operation hours and quota periods are counted in it. */
  timezone: string;
  campaigns: ReadonlyMap<number, { name: string; active: boolean }>;
}

export interface LeadFacts {
  id: number;
  marketingId: string;
  prefix: string | null;
  campaignId: number | null;
  firstName: string;
  lastName: string;
  phone: string;
  status: string;
  language: string;
  state: string | null;
  country: "US" | "CA";
  timezone: string | null;
  dials: number;
  ownerId: number | null;
  /** The latest outbound call to the lead (ms), null when none is recorded. */
  lastDialAt: number | null;
  /** Outbound calls to the lead in the 24 hours before now. */
  callsLast24h: number;
  /** When the number went on one of the call centre's Do Not Call lists (ms), null when it is on none. */
  dncSince: number | null;
  /** The imported Do Not Call list that has the number (its name); null for the internal list or none. */
  dncList: string | null;
  /** What keeps the lead from the dialer (a paused list's name, ctx.leads.hold); null when nothing does. */
  heldBy: string | null;
  /** Who holds the lead in process, and since when (ms); null when nobody does. */
  claim: { agentId: number; since: number } | null;
  /** The lead's pending follow-up. */
  followUp: { id: number; agentId: number; startsAt: number; type: number; kind: string } | null;
}

export interface RuleContext {
  now: number;
  mode: DialMode;
  tenant: TenantFacts;
  settings: EngineSettings;
  /** null: explain for a manager without ?agent (agent rules are reported as not checked). */
  agent: AgentFacts | null;
}

export interface Verdict {
  ok: boolean;
  reason: string;
  /** The reason's key and values (reasons.ts), for the explain view's translation; absent: English only. */
  key?: ReasonKey;
  values?: ReasonValues;
}

interface RuleBase {
  name: DialerRule;
  /** The dial modes it applies to. */
  modes: readonly DialMode[];
}
/** A rule about the agent and the time only: the engine checks it once, not per lead. */
export interface AgentRule extends RuleBase {
  scope: "agent";
  check(ctx: RuleContext, agent: AgentFacts): Verdict;
}
export interface LeadRule extends RuleBase {
  scope: "lead";
  /** Reported as not checked without an agent. */
  needsAgent: boolean;
  check(ctx: RuleContext, lead: LeadFacts): Verdict;
}
export type Rule = AgentRule | LeadRule;

export const ALL_MODES: readonly DialMode[] = ["auto", "follow-up", "redial"];
export const AUTO_ONLY: readonly DialMode[] = ["auto"];

// The English reason is worded when it is read (a failure kept in a trace, explain), not at every check: the
// engine checks a dozen rules on each lead of a page, and nearly all pass unread.
const verdict = (ok: boolean, key: ReasonKey, values?: ReasonValues): Verdict => ({
  ok,
  get reason() {
    return reasonText(key, values);
  },
  key,
  ...(values && { values }),
});
export const pass = (key: ReasonKey, values?: ReasonValues): Verdict => verdict(true, key, values);
export const fail = (key: ReasonKey, values?: ReasonValues): Verdict => verdict(false, key, values);
/**
 * A verdict worded elsewhere (the calling windows' detailed English), with the short form other languages
 * say by key and values.
 */
export const worded = (ok: boolean, reason: string, summary: { key: ReasonKey; values: ReasonValues }): Verdict => ({
  ok,
  reason,
  ...summary,
});

/** A claim this old no longer holds the lead (an agent who left without disposing). */
export const CLAIM_TTL_MS = 2 * 3600_000;
/** The instant (ISO) at or before which a claim has lapsed, as of `now`. */
export const lapsedBefore = (now: number) => new Date(now - CLAIM_TTL_MS).toISOString();

export const hhmmIn = (epochMs: number, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    new Date(epochMs),
  );
export const iso = (epochMs: number) => new Date(epochMs).toISOString();

/** The lead's pending follow-up belongs to the agent (or to anyone, without an agent) and is due now. */
export function followUpDue(ctx: RuleContext, lead: LeadFacts): boolean {
  const f = lead.followUp;
  if (!f || (ctx.agent && f.agentId !== ctx.agent.id)) return false;
  return ctx.now >= f.startsAt - ctx.settings.followUpWindowMs;
}
