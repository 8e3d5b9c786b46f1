// The reschedule's rules are the core's (agent-workspace §2 Reschedule control), the picker the SDK's
// CallTimePicker (see ReschedulePicker.tsx); this adds the time first offered on a newly picked day.
import { callbackPicker } from "../../src/sdk";

export const { STEP_MINUTES, utcDay, timeSlots, toIso } = callbackPicker;

/**
 * The time first offered on a newly picked day: the follow-up's own time of day (UTC, down to the quarter
 * hour) when that day offers it, else the day's first slot. So Save works as soon as a date is picked.
 */
export function defaultTime(currentIso: string, day: string, today: string): string {
  const slots = timeSlots(day, today);
  const at = new Date(currentIso);
  if (!Number.isNaN(at.getTime())) {
    const m = Math.floor((at.getUTCHours() * 60 + at.getUTCMinutes()) / STEP_MINUTES) * STEP_MINUTES;
    const own = `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
    if (slots.some((s) => s.value === own)) return own;
  }
  return slots[0]?.value ?? "";
}
