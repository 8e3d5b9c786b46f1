// What the gateway and the browser both read of this plugin (src/contract/pluginManifest.ts).
import { definePluginManifest } from "../../src/contract/pluginManifest";
import { DISCLOSURE_MESSAGES } from "./contract";

export const manifest = definePluginManifest({
  id: "disclosures",
  requires: { roles: ["advisor"], features: ["disclosures"], variants: ["isius"] },
  flags: {
    disclosures: {
      default: false,
      description: "Carrier disclosures an advisor plays into the call, each kept as proof.",
    },
  },
  unavailable: DISCLOSURE_MESSAGES.off,
});
