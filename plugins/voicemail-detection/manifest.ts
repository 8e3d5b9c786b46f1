// What the gateway and the browser both read of this plugin (src/contract/pluginManifest.ts).
import { definePluginManifest } from "../../src/contract/pluginManifest";

export const manifest = definePluginManifest({
  id: "voicemail-detection",
  // The Voicemail disposition is offered to qualifiers (and outbound-eligible agents) on ISIUS only
  // (booking-and-reference §6); the agent facts carry no outbound eligibility yet, so qualifiers only.
  requires: { roles: ["qualifier"], variants: ["isius"] },
});
