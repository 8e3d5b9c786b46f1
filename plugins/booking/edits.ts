// What an edit of a step's form does to the step's values: the form hands over all its values, and the rules of
// contract/rules.ts (and the address rule of address.ts) are applied to what changed. Pure functions; the
// model calls them. The form then shows what the rules made of the edit (a cleared carrier, a forced booking).
import type { Address } from "../../src/contract/lead";
import {
  OTHER_HEALTH_ITEM,
  OTHER_INSURANCE_TYPE,
  OTHER_LEAD_REASON,
  PHONE,
  titlesFor,
  type MeetingType,
} from "../../src/contract/lookups";
import { IOA_ACCEPTED, IOA_DECLINED, type MeetingState } from "./contract/meeting";
import { refusalReasonsFor, restrictions, type Restrictions } from "./contract/restrictions";
import {
  chooseIoa,
  editMeetingAddress,
  fitType,
  otherTextFor,
  setForce,
  setHasPolicy,
  setIncomeType,
  setReasons,
  setRefusalReasons,
  setRefused,
  setSameAddress,
  setType,
} from "./contract/rules";
import { editContactAddress } from "./address";
import {
  emptyHealthClient,
  emptyInsurance,
  healthIssuesOf,
  type ContactValues,
  type CoverageValues,
  type HealthClientValues,
  type InsuranceValues,
} from "./values";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

// ---------------------------------------------------------------------------------------------- step 1

export function editContact(prev: ContactValues, next: ContactValues, clientsPerLead: 1 | 2): ContactValues {
  return {
    lead: { ...next.lead, reasonOther: otherTextFor(next.lead.reasons, OTHER_LEAD_REASON, next.lead.reasonOther) },
    address: editContactAddress(prev.address, next.address),
    clients: next.clients.slice(0, clientsPerLead).map((c) =>
      // A title goes with its gender (§9): a new gender drops a title of the other.
      c.title && !titlesFor(c.gender).some((t) => t.value === c.title) ? { ...c, title: "" } : c,
    ),
  };
}

// ---------------------------------------------------------------------------------------------- step 2

const only = (durations: Record<string, string | null>, chosen: readonly string[]) =>
  Object.fromEntries(Object.entries(durations).filter(([value]) => chosen.includes(value)));

function editHealth(prev: HealthClientValues | undefined, next: HealthClientValues): HealthClientValues {
  const c = prev && prev.incomeType !== next.incomeType ? setIncomeType(next, next.incomeType) : next;
  return {
    ...c,
    conditionDurations: only(c.conditionDurations, c.conditions),
    conditionOther: otherTextFor(c.conditions, OTHER_HEALTH_ITEM, c.conditionOther),
    medicationDurations: only(c.medicationDurations, c.medications),
    medicationOther: otherTextFor(c.medications, OTHER_HEALTH_ITEM, c.medicationOther),
  };
}

function editInsurance(prev: InsuranceValues | undefined, next: InsuranceValues): InsuranceValues {
  const i = prev && prev.hasPolicy !== next.hasPolicy ? setHasPolicy(next, next.hasPolicy === 1 ? 1 : 0) : next;
  const annuity = i.type.includes("annuity");
  return {
    ...i,
    typeOther: otherTextFor(i.type, OTHER_INSURANCE_TYPE, i.typeOther),
    // The annuity's fields show only for an annuity: the CRM gets none for another type.
    ...(annuity
      ? {}
      : { annuityBeneficiary: null, annuityFunds: null, annuityInvestment: null, annuityPeriod: null }),
  };
}

export function editCoverage(prev: CoverageValues, next: CoverageValues): CoverageValues {
  return {
    clients: next.clients.map((c, n) => editHealth(prev.clients[n], c)),
    insurance: next.insurance.map((i, n) => editInsurance(prev.insurance[n], i)),
  };
}

/** Step 2 follows step 1's clients: one health record and one insurance per client (contract: one_per_client). */
export function fitCoverage(c: CoverageValues, clients: number): CoverageValues {
  if (c.clients.length === clients && c.insurance.length === clients) return c;
  const fit = <T>(list: T[], make: () => T) =>
    Array.from({ length: clients }, (_, n) => list[n] ?? make());
  return { clients: fit(c.clients, emptyHealthClient), insurance: fit(c.insurance, emptyInsurance) };
}

// ---------------------------------------------------------------------------------------------- step 3

export interface MeetingContext {
  /** The lead's address (step 1), which 'same address' copies. */
  leadAddress: Address;
  /** The restrictions with this meeting (they depend on its offer, force and refusal). */
  restrictionsFor(m: MeetingState): Restrictions;
}

/**
 * The agent's edit of the meeting: each changed field goes through its transition (§4), then the type is kept
 * among those the restrictions allow, with the refusal reasons they explain preselected for a phone meeting.
 */
export function editMeeting(prev: MeetingState, next: MeetingState, ctx: MeetingContext): MeetingState {
  let m: MeetingState = { ...prev };
  if (next.ioa !== prev.ioa && (next.ioa === IOA_ACCEPTED || next.ioa === IOA_DECLINED)) m = chooseIoa(m, next.ioa);
  if (next.force !== prev.force) m = setForce(m, next.force);
  if (!same(next.reasons, prev.reasons)) m = setReasons(m, next.reasons);
  if (next.reasonOther !== prev.reasonOther) m = { ...m, reasonOther: next.reasonOther };
  if (next.refused !== prev.refused) m = setRefused(m, next.refused);
  if (next.type !== prev.type) m = setType(m, next.type as MeetingType);
  if (!same(next.refusalReasons, prev.refusalReasons)) m = setRefusalReasons(m, next.refusalReasons);
  if (next.refusalReasonOther !== prev.refusalReasonOther) m = { ...m, refusalReasonOther: next.refusalReasonOther };
  if (next.date !== prev.date) m = { ...m, date: next.date ?? "" };
  if (next.sameAddress !== prev.sameAddress) m = setSameAddress(m, next.sameAddress === "1", ctx.leadAddress);
  else if (!same(next.address, prev.address)) {
    const { valid: _v, invalidPostal: _i, ...typed } = next.address;
    m = { ...m, address: editMeetingAddress(m.address, typed) };
  }
  return settleMeeting(m, ctx.restrictionsFor(m));
}

/** The type the restrictions allow, and the refusal reasons they explain when the meeting turns phone. */
export function settleMeeting(m: MeetingState, r: Restrictions): MeetingState {
  const fitted = fitType(m, r);
  if (fitted.type === PHONE && m.type !== PHONE && fitted.refusalReasons.length === 0)
    return { ...fitted, refusalReasons: refusalReasonsFor(r) };
  return fitted;
}

/** 'Same address' keeps following step 1's address while it is on. */
export function followLeadAddress(m: MeetingState, lead: Address): MeetingState {
  if (m.sameAddress !== "1") return m;
  const next = setSameAddress(m, true, lead);
  return same(next.address, m.address) ? m : next;
}

/** The appointment-type restrictions of the wizard's values now (restrictions.ts), `nowMs` from the clock. */
export function restrictionsOf(v: { contact: ContactValues; coverage: CoverageValues; meeting: MeetingState }, nowMs: number) {
  const m = v.meeting;
  return restrictions({
    nowMs,
    timeZone: v.contact.address.timezone,
    clients: v.contact.clients.map((c, n) => ({ dob: c.dob, healthIssues: healthIssuesOf(v.coverage.clients[n]) })),
    insuranceAmounts: v.coverage.insurance.map((i) => i.amount),
    insuranceTypes: v.coverage.insurance.flatMap((i) => i.type),
    ioaAccepted: m.ioa === IOA_ACCEPTED,
    manualForce: m.manualForce,
    availableAgents: m.availableAgents,
    refusedFaceToFace: m.refused,
  });
}
