// What the gateway and the browser both read of this plugin (src/contract/pluginManifest.ts).
import { definePluginManifest } from "../../src/contract/pluginManifest";
import { RECORDING_MESSAGES } from "./contract";

export const manifest = definePluginManifest({
  id: "recordings",
  // Every agent with the lead card gets the plugin, so it lists and plays the recordings in the lead's history; only
  // advisors record (the panel's own requires, index.ts).
  requires: { roles: ["qualifier", "advisor"], features: ["recording-panel"], variants: ["isius"] },
  flags: {
    "recording-panel": {
      default: false,
      description: "Advisors record extra parts of their answered calls.",
    },
  },
  unavailable: RECORDING_MESSAGES.off,
});
