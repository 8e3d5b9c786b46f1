// The call centre dials only within its operation hours: one 'from to' pair per day, Monday to Sunday, in the
// call centre's own time zone. A day whose from is not before its to is closed.
import { wallClock } from "../../../src/shared/zoned-time";
import { AUTO_ONLY, fail, pass, type AgentRule } from "../facts";

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

export const operationHours: AgentRule = {
  name: "operation-hours",
  scope: "agent",
  modes: AUTO_ONLY,
  check(ctx) {
    const tz = ctx.tenant.timezone;
    const w = wallClock(ctx.now, tz);
    const index = (w.weekday + 6) % 7; // Monday first
    const day = ctx.settings.operationHours.days[index];
    const name = DAYS[index]!;
    const hhmm = `${String(w.hour).padStart(2, "0")}:${String(w.minute).padStart(2, "0")}`;
    if (!day || day.from >= day.to) return fail("hours_closed_day", { day: name });
    if (hhmm < day.from || hhmm >= day.to)
      return fail("hours_outside", { time: hhmm, day: name, zone: tz, from: day.from, to: day.to });
    return pass("hours_inside", { time: hhmm, day: name, zone: tz, from: day.from, to: day.to });
  },
};
