// The one door to the calling-window rules of server/dialer/windows/ (another module's work): the engine,
// explain and tests import callingWindowVerdict (and the status half of Do Not Call) from here only, so a
// change of that module's surface changes this file alone.
export { callingWindowVerdict, isDoNotCall } from "./windows/index";
export type { CallingWindowLead, CallingWindowVerdict } from "./windows/index";
