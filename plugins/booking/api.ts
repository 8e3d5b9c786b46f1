// The booking plugin's public face: the event raised when a meeting is booked (the dispositions panel or a
// report may follow it), and the service key. Other plugins import only this file.
import { z } from "zod";
import { defineEvent, serviceKey } from "../../src/sdk";

/** POST /meetings answered 201 for the lead. */
export const meetingBooked = defineEvent(
  "meeting:booked",
  z.object({ leadId: z.number().int(), meetingCrmId: z.string(), sunLife: z.boolean() }),
);

export interface BookingApi {
  /** Keeps the wizard on the current lead while a panel shows it; returns the function that stops it. */
  watch(): () => void;
  /**
   * A postal code is being checked (booking-and-reference §4: validating disables live transfers during the
   * check). Observable: a transfer panel reading it in an observer re-renders when it changes.
   */
  readonly checkingPostal: boolean;
}

export const bookingApi = serviceKey<BookingApi>("booking.api");
