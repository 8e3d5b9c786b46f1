// The booking wizard's effects, all through ctx: it follows the current lead (GET /leads/{id}, then the saved
// draft over it), takes the forms' edits into the slice, saves the draft a moment after the last change and at
// each step change, fetches what the steps show (places.ts, offers.ts) while a panel is on screen, and books:
// the draft first (PUT), then POST /meetings under an Idempotency-Key; 201 booked, 422 back to the fields, 409
// already booked, anything else 'Unable to book the meeting, please try again'.
import { observable, reaction, runInAction } from "mobx";
import { z } from "zod";
import { fromWire, readLead } from "../../src/contract/lead";
import { TERM_SUB_TYPES_FEATURE } from "../../src/contract/lookups";
import { callEndpoint, defineAgentFlags, watching, type PluginContext } from "../../src/sdk";
import { meetingBooked, type BookingApi, type WizardStep } from "./api";
import type { BookingConfig } from "./config";
import { PutBookingDraftBody, readBookingDraft, saveBookingDraft, type BookingDraft } from "./contract/draft";
import { bookMeeting, meetingToWire, newMeeting, type MeetingState } from "./contract/meeting";
import type { Restrictions } from "./contract/restrictions";
import { bookWithSunLife } from "./contract/rules";
import {
  checkStep,
  contactDetailsStep,
  insuranceCoverageStep,
  meetingSetupStep,
  type StepOptions,
  type StepVerdict,
} from "./contract/steps";
import { createDraftSaver, type DraftSaver } from "./draftSaver";
import { restrictionsOf } from "./edits";
import { LAST_STEP, type BookingStore, type StepKey } from "./model";
import { createOffers } from "./offers";
import { createPlaces } from "./places";
import {
  contactFromLead,
  contactInput,
  coverageFromLead,
  coverageInput,
  overlayDraft,
  type ContactValues,
  type Country,
  type CoverageValues,
} from "./values";

/** The 409's sentence (agent-workspace §5); the lead's status follows it. */
export const ALREADY_BOOKED = "This lead has been already booked. Current status:";
/** The steps with a form: 0 Contact Details, 1 Insurance Coverage, 2 Meeting Setup. */
export const FORM_STEPS = [0, 1, 2] as const;
export type FormStep = (typeof FORM_STEPS)[number];
const MEETING_STEP = 2;

export interface BookingService extends BookingApi {
  /** The lead's country (its postal codes and regions), the variant's until the lead is read. */
  country(): Country;
  clientsPerLead: 1 | 2;
  stepOptions(): StepOptions;
  /** A step's verdict now: its values, or 'Required fields missing' with the errors per field. */
  verdict(step: FormStep): StepVerdict<unknown>;
  restrictions(): Restrictions | null;
  /** The agent changed a step's form: the rules apply, the draft is saved a moment later. */
  edit(step: "contact", values: ContactValues): void;
  edit(step: "coverage", values: CoverageValues): void;
  edit(step: "meeting", values: MeetingState): void;
  /** Another step (the indicator, Back): the draft is saved now. */
  goTo(step: number): void;
  /** Next: the step's errors show while it is incomplete, else the next step. */
  next(): void;
  retry(): void;
  validatePostal(which: "lead" | "meeting"): Promise<void>;
  moveMarker(lat: number, lon: number): Promise<void>;
  startOffer(): Promise<void>;
  /** The agent may send the lead to Sun Life (the account's can_transfer_to_sunlife, SLICA). */
  canBookWithSunLife: boolean;
  bookWithSunLife(): Promise<void>;
  book(): Promise<void>;
  dispose(): void;
}

/** The account's can_transfer_to_sunlife (sign-in): the agent may book with Sun Life. */
const sunLifeAgent = defineAgentFlags(z.object({ can_transfer_to_sunlife: z.boolean().default(false) }));

export function createBookingService(ctx: PluginContext<BookingStore, BookingConfig>): BookingService {
  const { store, clock } = ctx;
  const clientsPerLead = ctx.variant.clientsPerLead;
  const country = (): Country =>
    store.lead ? (store.lead.country === "CA" ? "CA" : "US") : ctx.variant.country;
  const stepOptions = (): StepOptions => ({
    clients: clientsPerLead,
    country: country(),
    nowMs: clock.now(),
    termSubTypes: ctx.isOn(TERM_SUB_TYPES_FEATURE),
  });
  const restrictionsFor = (m: MeetingState) =>
    restrictionsOf({ contact: store.contact!, coverage: store.coverage!, meeting: m }, clock.now());
  const places = createPlaces(ctx, { country, restrictionsFor });
  const offers = createOffers(ctx, { restrictionsFor });

  // ---------------------------------------------------------------- the draft

  const draftBody = (): BookingDraft => ({
    step: store.step,
    contact: contactInput(store.contact!),
    coverage: coverageInput(store.coverage!),
    meeting: store.meeting!,
  });
  const putDraft = async (leadId: number, draft: BookingDraft, keepalive = false) => {
    // A draft the gateway would refuse (over 64 KiB) is not sent: it is not saved, as its 422 said before.
    const body = PutBookingDraftBody.safeParse({ draft });
    const saved = body.success
      ? await callEndpoint(ctx, saveBookingDraft, { params: { id: leadId }, body: { draft }, keepalive })
      : null;
    if (saved?.ok) return true;
    ctx.log(
      `booking: the draft of lead ${leadId} could not be saved`,
      saved ? (saved.message ?? `status ${saved.status ?? "none"}`) : "the draft is not one the gateway takes",
    );
    return false;
  };
  const saverFor = (leadId: number) =>
    createDraftSaver({
      clock,
      delayMs: ctx.config.draftDelayMs,
      retryMs: ctx.config.draftRetryMs,
      save: async () => {
        if (store.leadId !== leadId || !store.values) return true;
        const revision = store.revision;
        store.draftSaving();
        const ok = await putDraft(leadId, draftBody());
        if (store.leadId === leadId) {
          if (ok) store.draftSaved(revision);
          else store.draftFailed();
        }
        return ok;
      },
    });
  let saver: DraftSaver | null = null;

  // ---------------------------------------------------------------- the lead

  let loadTurn = 0;
  const load = async (leadId: number | null) => {
    const turn = ++loadTurn;
    store.start(leadId);
    saver = leadId === null ? null : saverFor(leadId);
    if (leadId === null) return;
    const [leadAnswer, draftAnswer] = await Promise.all([
      callEndpoint(ctx, readLead, { params: { id: leadId } }),
      callEndpoint(ctx, readBookingDraft, { params: { id: leadId } }),
    ]);
    if (turn !== loadTurn) return;
    if (!leadAnswer.ok) {
      const why = leadAnswer.message ?? `status ${leadAnswer.status ?? "none"}`;
      ctx.log(`booking: lead ${leadId} could not be read`, why);
      store.loadFailed(leadId);
      return;
    }
    try {
      const lead = fromWire(leadAnswer.data.data);
      const leadCountry: Country = lead.country === "CA" ? "CA" : "US";
      const contact = contactFromLead(lead, clientsPerLead, leadCountry);
      const base = { contact, coverage: coverageFromLead(lead, contact.clients.length), meeting: newMeeting() };
      // No draft yet, or one that cannot be read: the lead's own values.
      const draft = draftAnswer.ok ? draftAnswer.data.data?.draft : undefined;
      const values = draft ? overlayDraft(base, draft) : base;
      values.contact = { ...values.contact, clients: values.contact.clients.slice(0, clientsPerLead) };
      store.loaded(leadId, lead, values, draft?.step ?? 0, (m) =>
        restrictionsOf({ ...values, meeting: m }, clock.now()),
      );
    } catch (e) {
      ctx.log(`booking: lead ${leadId} could not be read`, e instanceof Error ? e.message : undefined);
      if (turn === loadTurn) store.loadFailed(leadId);
    }
  };

  /** The page goes away (a reload, a closed tab): what is unsaved goes now, by a request that outlives the page. */
  const onPageHide = () => {
    const leadId = store.leadId;
    if (saver?.pending && leadId !== null && store.values) void putDraft(leadId, draftBody(), true);
  };

  /** Leaving the lead: what is unsaved of it is saved (as it is now), its offer stopped. */
  const leave = () => {
    const leadId = store.leadId;
    if (saver?.pending && leadId !== null && store.values) void putDraft(leadId, draftBody());
    saver?.cancel();
    offers.leave();
  };

  const follow = (leadId: number | null) => {
    if (leadId === store.leadId && store.phase !== "failed") return;
    leave();
    void load(leadId);
  };

  // ---------------------------------------------------------------- steps

  const verdict = (step: FormStep): StepVerdict<unknown> => {
    const opts = stepOptions();
    if (step === 0) return checkStep(contactDetailsStep(opts), contactInput(store.contact!));
    if (step === 1) return checkStep(insuranceCoverageStep(opts), coverageInput(store.coverage!));
    return checkStep(meetingSetupStep({ country: opts.country, restrictions: restrictionsFor(store.meeting!) }), {
      meeting: meetingToWire(store.meeting!),
    });
  };

  const goTo = (step: number) => {
    if (!store.values || step === store.step) return;
    // A search still running is stopped when the agent leaves Meeting Setup.
    if (store.step === MEETING_STEP) offers.stop();
    store.setStep(step);
    saver?.changed();
    void saver?.flush();
  };

  function edit(step: StepKey, values: unknown) {
    if (!store.values || store.booked) return;
    const before = store.revision;
    if (step === "contact") store.editContact(values as ContactValues, clientsPerLead);
    else if (step === "coverage") store.editCoverage(values as CoverageValues);
    else store.editMeeting(values as MeetingState, restrictionsFor);
    // Steps 1 and 2 change the restrictions: the meeting's type follows them.
    if (step !== "meeting") store.settleMeeting(restrictionsFor);
    if (store.revision !== before) saver?.changed();
  }

  // ---------------------------------------------------------------- the booking

  const stepOfPath = (path: string) =>
    path.startsWith("contact.") ? 0 : path.startsWith("coverage.") ? 1 : path.startsWith("meeting.") ? 2 : null;

  const notBooked = () => {
    store.bookingFailed();
    ctx.notify.show(() => ctx.t("meetings.step4.not_booked"), { type: "error", timeout: null, key: "booking.not_booked" });
  };

  /** Whether these steps are complete; if not, the first incomplete one opens with its errors shown. */
  const allComplete = (steps: readonly FormStep[]) => {
    const incomplete = steps.filter((s) => !verdict(s).complete);
    incomplete.forEach((s) => store.attempt(s));
    if (incomplete.length > 0) goTo(incomplete[0]!);
    return incomplete.length === 0;
  };

  const book = async () => {
    const leadId = store.leadId;
    if (leadId === null || !store.values || store.booking === "booking" || store.booked) return;
    // The browser's own check first: the agent lands on the first incomplete step, its errors shown.
    if (!allComplete(FORM_STEPS)) return;
    store.bookingStarted();
    ctx.notify.dismissKey("booking.not_booked");
    // The gateway books from the saved draft: it is saved now, whatever was saved before.
    saver?.changed();
    if (!(await saver!.flush())) {
      if (store.leadId === leadId) notBooked();
      return;
    }
    const sunLife = store.meeting!.is_sun_life === 1;
    // One Idempotency-Key per press (callEndpoint's fresh one), kept on its automatic retries.
    const outcome = await callEndpoint(ctx, bookMeeting, {
      body: { lead_id: leadId, meeting: meetingToWire(store.meeting!) },
    });
    if (store.leadId !== leadId) return;
    // A 201 whose body is not the contract's is a booking all the same, its meeting's id unknown.
    if (outcome.ok || outcome.status === bookMeeting.success) {
      const meetingCrmId = outcome.ok ? outcome.data.data.meetingCrmId : "";
      store.bookingSucceeded(meetingCrmId);
      saver?.cancel();
      ctx.notify.success(ctx.t(sunLife ? "meetings.step4.booked_sunlife" : "meetings.step4.booked"));
      ctx.events.emit(meetingBooked, { leadId, meetingCrmId, sunLife });
      // The gateway wrote the booking's address, names and status on the lead: the lead card shows them now.
      void ctx.leads
        .refresh(leadId)
        .catch((e: unknown) => ctx.log(`booking: lead ${leadId} could not be read again`, e instanceof Error ? e.message : undefined));
      await offers.assign(meetingCrmId);
      return;
    }
    const fields = Object.entries(outcome.errors).filter(([path]) => stepOfPath(path) !== null);
    if (fields.length > 0) {
      const steps = [...new Set(fields.map(([path]) => stepOfPath(path)!))].sort();
      store.bookingRefused(Object.fromEntries(fields), steps);
      goTo(steps[0]!);
      return;
    }
    if (outcome.message?.startsWith(ALREADY_BOOKED)) {
      store.bookingConflict(outcome.message.slice(ALREADY_BOOKED.length).trim());
      return;
    }
    notBooked();
  };

  // ---------------------------------------------------------------- watching

  let stops: (() => void)[] = [];
  /** A wizard panel is on screen (observable, for wizardStep). */
  const onScreen = observable.box(false);
  const start = () => {
    runInAction(() => onScreen.set(true));
    globalThis.addEventListener?.("pagehide", onPageHide);
    stops = [
      () => globalThis.removeEventListener?.("pagehide", onPageHide),
      reaction(() => ctx.leads.current?.id ?? null, follow, { fireImmediately: true }),
      // The advisors around the meeting's place, from Meeting Setup on.
      reaction(
        () => (store.phase === "ready" && store.step >= MEETING_STEP ? places.meetingPostal() : undefined),
        (postal) => {
          if (postal !== undefined) void places.countAgents(postal);
        },
        { fireImmediately: true },
      ),
      // The city's weather, while Contact Details shows it.
      reaction(
        () => (store.phase === "ready" && store.step === 0 ? places.weatherPlace() : undefined),
        (place) => {
          if (place !== undefined) void places.loadWeather(place);
        },
        { fireImmediately: true, equals: (a, b) => a?.key === b?.key && (a === undefined) === (b === undefined) },
      ),
    ];
  };
  const stop = () => {
    runInAction(() => onScreen.set(false));
    stops.forEach((s) => s());
    stops = [];
    void saver?.flush();
  };

  return {
    country,
    clientsPerLead,
    stepOptions,
    verdict,
    restrictions: () => (store.values ? restrictionsFor(store.meeting!) : null),
    edit,
    goTo,
    next() {
      if (!store.values || store.step >= LAST_STEP) return;
      const step = store.step as FormStep;
      if (!verdict(step).complete) store.attempt(step);
      else goTo(step + 1);
    },
    retry: () => void load(ctx.leads.current?.id ?? null),
    validatePostal: places.validatePostal,
    moveMarker: places.moveMarker,
    startOffer: offers.start,
    canBookWithSunLife: ctx.agent.flags(sunLifeAgent).can_transfer_to_sunlife && ctx.variant.id === "slica",
    async bookWithSunLife() {
      if (!store.meeting || store.booked || store.booking === "booking") return;
      // Steps 1 and 2 go to Sun Life as they go to our advisors: complete first, the meeting untouched till then.
      if (!allComplete([0, 1])) return;
      store.replaceMeeting(bookWithSunLife(store.meeting, clock.now()));
      await book();
    },
    book,
    watch: watching(start, stop).watch,
    get checkingPostal() {
      return store.geocode.lead === "checking" || store.geocode.meeting === "checking";
    },
    get leadAddress() {
      const a = store.contact?.address;
      if (store.leadId === null || store.phase !== "ready" || !a) return null;
      const region = (country() === "CA" ? a.province : a.state)?.trim().toLowerCase() || null;
      return {
        leadId: store.leadId,
        valid: a.valid,
        postalValidated: a.valid && !a.invalidPostal && a.postal.trim() !== "",
        region,
      };
    },
    get wizardStep() {
      return onScreen.get() && store.phase === "ready" ? (store.step as WizardStep) : null;
    },
    saveDraft: () => saver?.flush() ?? Promise.resolve(true),
    showMeetingSetup() {
      if (!onScreen.get() || store.phase !== "ready" || !store.values || store.booked) return false;
      const missing = ([0, 1] as const).find((step) => !verdict(step).complete);
      if (missing === undefined) goTo(MEETING_STEP);
      else {
        goTo(missing);
        store.attempt(missing);
      }
      return true;
    },
    dispose() {
      // Sign-out: what is unsaved is saved once, the offer stopped, the reactions ended.
      stops.forEach((s) => s());
      stops = [];
      leave();
    },
  };
}
