// The booking slice: the wizard of the current lead. Its values per step (what the forms show and the draft
// saves), the step, which steps the agent tried to leave incomplete (their errors show), the gateway's field
// errors of a refused booking, and the state of each thing the service fetches (the lead, the geocodes, the
// advisors in the area, the instant offer, the weather, the booking). Synchronous actions only; the rules of
// an edit are edits.ts's.
import { types, type Instance } from "mobx-state-tree";
import type { ForecastDay, WeatherSource } from "../../src/contract/geo";
import type { Address, Lead } from "../../src/contract/lead";
import type { IoaResult } from "./contract/ioa";
import type { MeetingAddressState, MeetingState } from "./contract/meeting";
import type { Restrictions } from "./contract/restrictions";
import { applyIoaResult, setAvailableAgents } from "./contract/rules";
import type { ContactAddress } from "./address";
import { editContact, editCoverage, editMeeting, fitCoverage, followLeadAddress, settleMeeting } from "./edits";
import type { ContactValues, CoverageValues, WizardValues } from "./values";

/** The steps: 0 Contact Details, 1 Insurance Coverage, 2 Meeting Setup, 3 Meeting Summary. */
export const STEP_KEYS = ["contact", "coverage", "meeting"] as const;
export type StepKey = (typeof STEP_KEYS)[number];
export const LAST_STEP = 3;

/** Where a postal-code check stands: 'not_found' (404/422, the agent goes on), 'failed' (no answer). */
export type GeocodeState = "idle" | "checking" | "not_found" | "failed";
/** The restrictions with a given meeting (the service computes them from all the steps and the clock). */
export type RestrictionsFor = (m: MeetingState) => Restrictions;
export type BookingState = "idle" | "booking" | "booked" | "conflict" | "failed";

export interface IoaState {
  id: number | null;
  /** -1 searching (also before the search was created), 0 not found, 1 found, 2 available. */
  result: IoaResult;
  running: boolean;
  /** The search could not be started or read. */
  failed: boolean;
}

export interface WeatherState {
  /** What it was asked for (city and place), so an answer for an earlier place is dropped. */
  key: string;
  state: "loading" | "ready" | "failed";
  days: ForecastDay[] | null;
  city: string;
  source: WeatherSource | null;
}

const getIn = (o: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((v, k) => (v !== null && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), o);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const BookingModel = types
  .model("Booking", {
    leadId: types.maybeNull(types.number),
    phase: types.optional(types.enumeration(["idle", "loading", "ready", "failed"]), "idle"),
    lead: types.maybeNull(types.frozen<Lead>()),
    step: 0,
    contact: types.maybeNull(types.frozen<ContactValues>()),
    coverage: types.maybeNull(types.frozen<CoverageValues>()),
    meeting: types.maybeNull(types.frozen<MeetingState>()),
    /** Steps whose errors show: the agent pressed Next there, or a booking found them incomplete. */
    attempted: types.frozen<number[]>([]),
    /** The gateway's 422 errors by the path it names ('contact.address.valid', 'meeting.type'). */
    serverErrors: types.frozen<Record<string, string[]>>({}),
    /** Each edit counts; the draft is saved up to a revision. */
    revision: 0,
    savedRevision: 0,
    draftState: types.optional(types.enumeration(["saved", "saving", "failed"]), "saved"),
    geocode: types.frozen<{ lead: GeocodeState; meeting: GeocodeState }>({ lead: "idle", meeting: "idle" }),
    agents: types.optional(types.enumeration(["idle", "loading", "ready", "failed"]), "idle"),
    ioa: types.maybeNull(types.frozen<IoaState>()),
    weather: types.maybeNull(types.frozen<WeatherState>()),
    booking: types.optional(types.enumeration<BookingState>(["idle", "booking", "booked", "conflict", "failed"]), "idle"),
    meetingCrmId: types.maybeNull(types.string),
    /** The lead's status the gateway gave with a 409 'already booked'. */
    bookedStatus: types.maybeNull(types.string),
  })
  .views((self) => ({
    get values(): WizardValues | null {
      return self.contact && self.coverage && self.meeting
        ? { contact: self.contact, coverage: self.coverage, meeting: self.meeting }
        : null;
    },
    get booked() {
      return self.booking === "booked";
    },
  }))
  .actions((self) => {
    const touched = () => {
      self.revision += 1;
    };
    /** The gateway's errors of the fields an edit changed are answered: they go. */
    const dropServerErrors = (prefix: StepKey, prev: unknown, next: unknown) => {
      const kept = Object.entries(self.serverErrors).filter(([path]) => {
        if (!path.startsWith(`${prefix}.`) && path !== prefix) return true;
        const inner = prefix === "meeting" ? path : path.slice(prefix.length + 1);
        const root = prefix === "meeting" ? { meeting: prev } : prev;
        const now = prefix === "meeting" ? { meeting: next } : next;
        return same(getIn(root, inner), getIn(now, inner));
      });
      if (kept.length !== Object.keys(self.serverErrors).length) self.serverErrors = Object.fromEntries(kept);
    };
    const leadAddress = () => self.contact!.address as unknown as Address;
    return {
      /** Another lead (or none): everything of the previous one goes. */
      start(leadId: number | null) {
        self.leadId = leadId;
        self.phase = leadId === null ? "idle" : "loading";
        self.lead = null;
        self.step = 0;
        self.contact = self.coverage = self.meeting = null;
        self.attempted = [];
        self.serverErrors = {};
        self.revision = self.savedRevision = 0;
        self.draftState = "saved";
        self.geocode = { lead: "idle", meeting: "idle" };
        self.agents = "idle";
        self.ioa = null;
        self.weather = null;
        self.booking = "idle";
        self.meetingCrmId = null;
        self.bookedStatus = null;
      },
      loaded(leadId: number, lead: Lead, values: WizardValues, step: number, rFor: RestrictionsFor) {
        if (self.leadId !== leadId) return;
        self.lead = lead;
        self.contact = values.contact;
        self.coverage = fitCoverage(values.coverage, values.contact.clients.length);
        const m = followLeadAddress(values.meeting, values.contact.address as unknown as Address);
        self.meeting = settleMeeting(m, rFor(m));
        self.step = Math.min(Math.max(0, Math.trunc(step)), LAST_STEP);
        self.phase = "ready";
      },
      loadFailed(leadId: number) {
        if (self.leadId === leadId) self.phase = "failed";
      },
      setStep(step: number) {
        self.step = Math.min(Math.max(0, step), LAST_STEP);
      },
      /** The agent tried to leave `step` (or book) with it incomplete: its errors show. */
      attempt(step: number) {
        if (!self.attempted.includes(step)) self.attempted = [...self.attempted, step];
      },

      // ---------------------------------------------------------------- the agent's edits

      editContact(next: ContactValues, clientsPerLead: 1 | 2) {
        if (!self.contact || same(next, self.contact)) return;
        const prev = self.contact;
        self.contact = editContact(prev, next, clientsPerLead);
        self.coverage = fitCoverage(self.coverage!, self.contact.clients.length);
        self.meeting = followLeadAddress(self.meeting!, leadAddress());
        dropServerErrors("contact", prev, self.contact);
        touched();
      },
      editCoverage(next: CoverageValues) {
        if (!self.coverage || same(next, self.coverage)) return;
        const prev = self.coverage;
        self.coverage = editCoverage(prev, next);
        dropServerErrors("coverage", prev, self.coverage);
        touched();
      },
      editMeeting(next: MeetingState, rFor: RestrictionsFor) {
        if (!self.meeting || same(next, self.meeting)) return;
        const prev = self.meeting;
        self.meeting = editMeeting(prev, next, { leadAddress: leadAddress(), restrictionsFor: rFor });
        dropServerErrors("meeting", prev, self.meeting);
        touched();
      },
      /** The restrictions changed (steps 1 and 2 were edited): the type follows them. */
      settleMeeting(rFor: RestrictionsFor) {
        if (!self.meeting) return;
        const next = settleMeeting(self.meeting, rFor(self.meeting));
        if (!same(next, self.meeting)) {
          self.meeting = next;
          touched();
        }
      },
      /** The service's own change of the meeting (a Sun Life booking). */
      replaceMeeting(m: MeetingState) {
        self.meeting = m;
        touched();
      },

      // ---------------------------------------------------------------- addresses

      geocoding(which: "lead" | "meeting", state: GeocodeState) {
        self.geocode = { ...self.geocode, [which]: state };
      },
      setContactAddress(a: ContactAddress) {
        if (!self.contact || same(a, self.contact.address)) return;
        const prev = self.contact;
        self.contact = { ...prev, address: a };
        self.meeting = followLeadAddress(self.meeting!, leadAddress());
        dropServerErrors("contact", prev, self.contact);
        touched();
      },
      setMeetingAddress(a: MeetingAddressState) {
        if (!self.meeting || same(a, self.meeting.address)) return;
        self.meeting = { ...self.meeting, address: a };
        touched();
      },

      // ---------------------------------------------------------------- what the service fetched

      agentsLoading() {
        self.agents = "loading";
      },
      agentsCounted(count: number | null, rFor: RestrictionsFor) {
        self.agents = count === null ? "idle" : "ready";
        if (!self.meeting || self.meeting.availableAgents === count) return;
        const m = setAvailableAgents(self.meeting, count);
        self.meeting = settleMeeting(m, rFor(m));
        touched();
      },
      agentsFailed() {
        self.agents = "failed";
      },
      ioaChanged(ioa: IoaState | null) {
        self.ioa = ioa;
      },
      /** The offer service answered: anything but 'available' withdraws the offer (§4). */
      ioaAnswered(result: IoaResult, rFor: RestrictionsFor) {
        if (!self.meeting) return;
        const m = applyIoaResult(self.meeting, result);
        const next = settleMeeting(m, rFor(m));
        if (!same(next, self.meeting)) {
          self.meeting = next;
          touched();
        }
      },
      weatherChanged(w: WeatherState | null) {
        self.weather = w;
      },

      // ---------------------------------------------------------------- the draft and the booking

      draftSaving() {
        self.draftState = "saving";
      },
      draftSaved(revision: number) {
        self.savedRevision = Math.max(self.savedRevision, revision);
        self.draftState = "saved";
      },
      draftFailed() {
        self.draftState = "failed";
      },
      bookingStarted() {
        self.booking = "booking";
      },
      bookingSucceeded(meetingCrmId: string) {
        self.booking = "booked";
        self.meetingCrmId = meetingCrmId;
        if (self.meeting) self.meeting = { ...self.meeting, booked: true };
      },
      /** 422: the gateway's errors by field; the steps holding them show them. */
      bookingRefused(errors: Record<string, string[]>, steps: number[]) {
        self.booking = "idle";
        self.serverErrors = errors;
        for (const s of steps) if (!self.attempted.includes(s)) self.attempted = [...self.attempted, s];
      },
      bookingConflict(status: string) {
        self.booking = "conflict";
        self.bookedStatus = status;
      },
      bookingFailed() {
        self.booking = "failed";
      },
    };
  });
export type BookingStore = Instance<typeof BookingModel>;
