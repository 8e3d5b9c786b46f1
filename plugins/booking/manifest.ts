// What the gateway and the browser both read of this plugin (src/contract/pluginManifest.ts).
import { definePluginManifest } from "../../src/contract/pluginManifest";

export const manifest = definePluginManifest({
  id: "booking",
  // Qualifiers book; advisors close, and book the meetings of the leads they work (agent-workspace §1).
  requires: { roles: ["qualifier", "advisor"] },
  flags: {
    "booking-phone-other": {
      default: false,
      description: "The booking wizard asks for the lead's other phone number.",
    },
  },
});
