// What the wall shows of its rows, as pure functions of the rows, the manager's view and the gateway's time:
// time in status, overstay, which rows pass the filters and in which order, and the counters on top.
import { AGENT_STATUSES, type AgentStatus } from "../../src/contract/status";
import type { FloorAgent, FloorTotals } from "./contract";

export type WallSort = "longest" | "name" | "status";

export interface WallView {
  search: string;
  /** "" for every role. */
  role: "" | "qualifier" | "advisor";
  /** "" for every status. */
  status: "" | AgentStatus;
  /** "" for every campaign. */
  campaign: string;
  /** Only the agents of the manager's own team. */
  myTeam: boolean;
  /** Also agents who are offline (signed out). */
  showOffline: boolean;
  sort: WallSort;
}

export const DEFAULT_VIEW: WallView = {
  search: "",
  role: "",
  status: "",
  campaign: "",
  myTeam: false,
  showOffline: false,
  sort: "longest",
};

// A row is parsed once, not at each of the sort's comparisons: the wall sorts 500 rows each second.
const sinceOf = new WeakMap<FloorAgent, number>();
const sinceMs = (a: FloorAgent) => {
  let at = sinceOf.get(a);
  if (at === undefined) sinceOf.set(a, (at = Date.parse(a.since)));
  return at;
};

/** Whole seconds in the current status at gateway time `now` (ms). */
export const secondsInStatus = (a: FloorAgent, now: number) =>
  Math.max(0, a.offset_seconds + Math.floor((now - sinceMs(a)) / 1000));

/** The agent is past its status's overstay limit now, or the gateway already reported it overstayed. */
export const isOverstaying = (a: FloorAgent, now: number) =>
  a.overstayed || (a.overstay_limit !== null && a.overstay_limit > 0 && secondsInStatus(a, now) > a.overstay_limit);

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

function matches(a: FloorAgent, view: WallView, managerId: number): boolean {
  if (!view.showOffline && a.status === "offline" && a.call === null) return false;
  if (view.role && a.role !== view.role) return false;
  if (view.status && a.status !== view.status) return false;
  if (view.campaign && !a.campaigns.includes(view.campaign)) return false;
  if (view.myTeam && a.team_manager_id !== managerId) return false;
  const q = fold(view.search.trim());
  if (!q) return true;
  return [a.name, a.extension ?? "", a.call?.lead_name ?? ""].some((field) => fold(field).includes(q));
}

const statusOrder = (s: AgentStatus) => AGENT_STATUSES.indexOf(s);

/** The rows the wall lists, in the manager's order (longest in status first by default). Ties go by name. */
export function visibleRows(rows: readonly FloorAgent[], view: WallView, managerId: number, now: number): FloorAgent[] {
  const byName = (a: FloorAgent, b: FloorAgent) => a.name.localeCompare(b.name) || a.agent_id - b.agent_id;
  const order: Record<WallSort, (a: FloorAgent, b: FloorAgent) => number> = {
    longest: (a, b) => secondsInStatus(b, now) - secondsInStatus(a, now) || byName(a, b),
    name: byName,
    status: (a, b) => statusOrder(a.status) - statusOrder(b.status) || byName(a, b),
  };
  return rows.filter((a) => matches(a, view, managerId)).sort(order[view.sort]);
}

export interface WallCounters {
  /** Signed-in agents by status (offline left out). */
  byStatus: Partial<Record<AgentStatus, number>>;
  signedIn: number;
  callsInProgress: number;
  overstaying: number;
  /** Seconds the longest-waiting inbound caller has waited, or null. */
  longestWait: number | null;
  contacts: number;
  bookings: number;
  /** Abandoned inbound calls over inbound calls offered today, 0..1; null before the first. */
  abandonRate: number | null;
}

export function countersOf(rows: readonly FloorAgent[], totals: FloorTotals | null, now: number): WallCounters {
  const byStatus: Partial<Record<AgentStatus, number>> = {};
  let signedIn = 0;
  let callsInProgress = 0;
  let overstaying = 0;
  for (const a of rows) {
    if (a.call) callsInProgress++;
    if (a.status === "offline") continue;
    signedIn++;
    byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
    if (isOverstaying(a, now)) overstaying++;
  }
  return {
    byStatus,
    signedIn,
    callsInProgress,
    overstaying,
    longestWait: totals?.longest_wait_since
      ? Math.max(0, Math.floor((now - Date.parse(totals.longest_wait_since)) / 1000))
      : null,
    contacts: totals?.contacts ?? 0,
    bookings: totals?.bookings ?? 0,
    abandonRate: totals && totals.inbound_offered > 0 ? totals.inbound_abandoned / totals.inbound_offered : null,
  };
}

/** "4:05", "1:02:09": a duration as a wall clock reads it. */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** The campaigns named on the wall's rows, for the campaign filter. */
export const campaignsOf = (rows: readonly FloorAgent[]) =>
  [...new Set(rows.flatMap((a) => a.campaigns))].sort((a, b) => a.localeCompare(b));
