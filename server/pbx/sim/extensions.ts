// SimPbx's historical home: the gateway imports the simulated PBX from here. The extension registry now
// lives in registry.ts and the driver itself, with the call model, in pbx.ts.
export { SimPbx, type SimPbxOptions } from "./pbx";
export type { ExtensionDirectory } from "./registry";
export { SimPbxError } from "./types";
export type { CallView, LegView } from "./views";
export { DEFAULT_PROFILE, type SimProfile, type NumberRule, type PartyOutcome } from "./profile";
export type { SimFaults } from "./faults";
export type { InboundRequest } from "./inbound";
