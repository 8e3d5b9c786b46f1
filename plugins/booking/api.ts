// The booking plugin's public face: the event raised when a meeting is booked (the dispositions panel or a
// report may follow it), and the service key. Other plugins import only this file.
import { z } from "zod";
import { defineEvent, serviceKey } from "../../src/sdk";

/** POST /meetings answered 201 for the lead. */
export const meetingBooked = defineEvent(
  "meeting:booked",
  z.object({ leadId: z.number().int(), meetingCrmId: z.string(), sunLife: z.boolean() }),
);

/**
 * The current lead's address as Contact Details holds it, for the live transfer's button (agent-workspace §5:
 * the ZIP or postal code validated, and the state or province known).
 */
export interface LeadAddressCheck {
  readonly leadId: number;
  /**
   * Checked: a Validate answered (the postal code found, or not found and let through), or the lead's record
   * had it valid; any edit but type, apartment or buzzer unchecks it.
   */
  readonly valid: boolean;
  /** Checked and its postal code found (not only let through). */
  readonly postalValidated: boolean;
  /** Its state (US) or province (CA), lower case; null when not known (a postal code not found, none chosen). */
  readonly region: string | null;
}

/** The wizard's steps: 0 Contact Details, 1 Insurance Coverage, 2 Meeting Setup, 3 Meeting Summary. */
export type WizardStep = 0 | 1 | 2 | 3;

export interface BookingApi {
  /** Keeps the wizard on the current lead while a panel shows it; returns the function that stops it. */
  watch(): () => void;
  /**
   * A postal code is being checked (booking-and-reference §4: validating disables live transfers during the
   * check). Observable: a transfer panel reading it in an observer re-renders when it changes.
   */
  readonly checkingPostal: boolean;
  /** The current lead's address once the wizard has read it, null before (or without a lead). Observable. */
  readonly leadAddress: LeadAddressCheck | null;
  /**
   * The step the wizard shows the agent, while a wizard panel is on screen with the current lead read; null
   * otherwise. Observable: the call script follows it.
   */
  readonly wizardStep: WizardStep | null;
  /**
   * Saves now what the agent typed for the current lead (the wizard otherwise saves a moment after the last
   * change): a plugin that hands the lead to someone else calls it first, so they read the booking as typed.
   * True when all of it is saved (or nothing was typed).
   */
  saveDraft(): Promise<boolean>;
  /**
   * Takes the agent to the meeting: the wizard shows Meeting Setup, or the first of the earlier steps still
   * incomplete with what it lacks (a live transfer that found no advisor books instead). False when no wizard
   * is on screen with the current lead.
   */
  showMeetingSetup(): boolean;
}

export const bookingApi = serviceKey<BookingApi>("booking.api");
