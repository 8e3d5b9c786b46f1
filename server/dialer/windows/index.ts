// Calling windows for the dialer (reliability.md G1/G2): pure rules, time passed in as epoch ms.
export { callingWindowVerdict, nextCallableAt } from "./verdict";
export type { CallingLead, CallingLead as CallingWindowLead, CallingWindowOptions, CallingWindowVerdict } from "./verdict";
export { isDoNotCall } from "./dnc";
export { usableZone, zonesToCheck } from "./zones";
export { CRTC, STATE_RULES, TCPA } from "./rules";
export type { StateRule } from "./rules";
export { HOLIDAY_YEARS, US_FEDERAL_HOLIDAYS } from "./holidays";
export type { ExtraHolidays } from "./holidays";
