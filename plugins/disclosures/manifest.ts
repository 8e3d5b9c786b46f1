// What the gateway and the browser both read of this plugin (src/contract/pluginManifest.ts).
import { definePluginManifest } from "../../src/contract/pluginManifest";
import { DISCLOSURE_MESSAGES } from "./contract";

export const manifest = definePluginManifest({
  id: "disclosures",
  // Every agent with the lead card gets the plugin, so it shows the disclosures given in the lead's history; only
  // advisors read them (the panel's own requires, index.ts).
  requires: { roles: ["qualifier", "advisor"], features: ["disclosures"], variants: ["isius"] },
  flags: {
    disclosures: {
      default: false,
      description: "Carrier disclosures an advisor plays into the call, each kept as proof.",
    },
  },
  unavailable: DISCLOSURE_MESSAGES.off,
});
