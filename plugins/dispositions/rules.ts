// The disposition rules (agent-workspace §4 Dispositions, §5 Disposition validation). Pure: the panel shows
// their verdicts, the service refuses to save against them, and property tests run them over random input.
import {
  DispositionException,
  notesRequired,
  OTHER_REASON,
  SoldDetails,
  traitsOf,
} from "../../src/contract/dispositions";
import { isDob } from "../../src/contract/lead";
import { isDay, isTime, onStep, outOfRange } from "./picker";

export const NOTES_MAX = 5000;
export const REASON_OTHER_MAX = 191;

export interface DraftValues {
  disposition: string;
  reason: string;
  reasonOther: string;
  notes: string;
  /** The callback's UTC day, YYYY-MM-DD. */
  date: string;
  /** The callback's UTC time, HH:mm. */
  time: string;
  // Sold (booking-and-reference §3): the sale, as typed.
  coverage?: string;
  premium?: string;
  policyNumber?: string;
  planType?: string;
  /** Given as an exception, for a manager's approval (booking-and-reference §6): to whom, and why. */
  exception?: boolean;
  managerEmail?: string;
  exceptionReason?: string;
}

export type Field = "disposition" | "reason" | "reasonOther" | "notes" | "dateTime" | "sold" | "exception";
export type FieldError =
  | "disposition_required"
  | "disposition_unavailable"
  | "reason_required"
  | "reason_other_required"
  | "notes_required"
  | "date_time_required"
  | "date_time_out_of_range"
  | "date_time_step"
  | "sold_incomplete"
  | "exception_incomplete";
export type FieldErrors = Partial<Record<Field, FieldError>>;

export interface FormFacts {
  /** The agent's roles: some dispositions need notes from some roles (a qualifier's Dead). */
  roles: readonly string[];
  /** The dispositions this agent may save (the list, plus one a flow has set). */
  options: readonly string[];
  /** The reasons this agent has for the chosen disposition. */
  reasons: readonly string[];
  /** Today in UTC, YYYY-MM-DD. */
  today: string;
}

export const isCallback = (d: string) => traitsOf(d)?.needsDateTime === true;
/** A reason is required for the disposition, and the agent has reasons to choose from. */
export const reasonRequired = (d: string, reasons: readonly unknown[]) =>
  traitsOf(d)?.reasons?.required === true && reasons.length > 0;
const blank = (s: string) => s.trim() === "";

export const isSold = (d: string) => d === "Sold";
/** An amount as an agent types it: "250,000", "$84.50". NaN when it is not a number. */
const amount = (s: string | undefined) => (s && s.trim() !== "" ? Number(s.replace(/[\s,$]/g, "")) : NaN);

/** The sale as the wire takes it, or null while something is missing or wrong. */
export function soldDetails(draft: DraftValues): SoldDetails | null {
  const r = SoldDetails.safeParse({
    coverage_amount: amount(draft.coverage),
    premium_amount: amount(draft.premium),
    policy_number: draft.policyNumber ?? "",
    plan_type: draft.planType ?? "",
  });
  return r.success ? r.data : null;
}

/** The exception as the wire takes it, or null while the manager's e-mail or the reason is missing. */
export function exceptionDetails(draft: DraftValues): DispositionException | null {
  if (!draft.exception) return null;
  const r = DispositionException.safeParse({ manager_email: draft.managerEmail ?? "", reason: draft.exceptionReason ?? "" });
  return r.success ? r.data : null;
}

export function validate(draft: DraftValues, facts: FormFacts): FieldErrors {
  const errors: FieldErrors = {};
  const d = draft.disposition;
  if (d === "") return { disposition: "disposition_required" };
  if (!facts.options.includes(d)) errors.disposition = "disposition_unavailable";

  // A reason is required for some dispositions, and only when the agent has options to choose from.
  const needsReason = reasonRequired(d, facts.reasons);
  const reasonKnown = facts.reasons.includes(draft.reason);
  if (needsReason && !reasonKnown) errors.reason = "reason_required";
  if (reasonKnown && draft.reason === OTHER_REASON && blank(draft.reasonOther))
    errors.reasonOther = "reason_other_required";

  if (notesRequired(d, facts.roles) && blank(draft.notes)) errors.notes = "notes_required";

  if (isCallback(d)) {
    if (!isDay(draft.date) || !isTime(draft.time)) errors.dateTime = "date_time_required";
    else if (outOfRange(draft.date, draft.time, facts.today)) errors.dateTime = "date_time_out_of_range";
    else if (!onStep(draft.time)) errors.dateTime = "date_time_step";
  }
  if (isSold(d) && !soldDetails(draft)) errors.sold = "sold_incomplete";
  if (draft.exception && !exceptionDetails(draft)) errors.exception = "exception_incomplete";
  return errors;
}

/**
 * A client's dob does not stop the disposition: empty, or a real YYYY-MM-DD day, yesterday at the latest
 * (agent-workspace §5). The lead record's own check, so a dob the lead form refuses cannot be disposed.
 */
export function dobOk(dob: string, today: string): boolean {
  return dob === "" || (isDob(dob) && dob < today);
}

/** What the agent's situation adds to the form's own validity. */
export interface Situation {
  dobOk: boolean;
  /** A status guard keeps Ready away (enforced overdue follow-ups, for one): Save and Next would ask for it. */
  readyBlocked: boolean;
  awaitingDisposition: number;
  deactivated: boolean;
  saving: boolean;
  /** The lead's call is still up: the disposition opens at hangup (agent-workspace §4 Hangup flow). */
  callActive: boolean;
  /** Another flow owns the lead's disposition for now (an automatic Voicemail). */
  held: boolean;
  /** This lead's call was already disposed: never a second save. */
  done: boolean;
}

export type Blocker =
  | "no_disposition"
  | "notes"
  | "invalid"
  | "dob"
  | "pending"
  | "done"
  | "call_active"
  | "held"
  | "ready_blocked"
  | "leads"
  | "deactivated";

/** Blockers that keep the agent from going on to the next call, but not from disposing and stopping. */
const NEXT_ONLY: readonly Blocker[] = ["ready_blocked", "leads", "deactivated"];

/** Why Save and Next is disabled (agent-workspace §4), in the order the panel explains them. */
export function nextBlockers(errors: FieldErrors, s: Situation): Blocker[] {
  const out: Blocker[] = [];
  if (errors.disposition === "disposition_required") out.push("no_disposition");
  else if (errors.disposition) out.push("invalid");
  if (errors.notes) out.push("notes");
  if (errors.reason || errors.reasonOther || errors.dateTime || errors.sold || errors.exception) out.push("invalid");
  if (!s.dobOk) out.push("dob");
  if (s.saving) out.push("pending");
  if (s.done) out.push("done");
  if (s.callActive) out.push("call_active");
  if (s.held) out.push("held");
  if (s.readyBlocked) out.push("ready_blocked");
  if (s.awaitingDisposition >= 2) out.push("leads");
  if (s.deactivated) out.push("deactivated");
  return [...new Set(out)];
}

/**
 * Save and Stop shares the form's rules but not the next-call ones: it is how an agent kept from Ready
 * (overdue follow-ups), with a second lead to dispose or calling disabled still closes this lead.
 */
export function stopBlockers(errors: FieldErrors, s: Situation): Blocker[] {
  return nextBlockers(errors, s).filter((b) => !NEXT_ONLY.includes(b));
}
