// What the gateway and the browser both read of this plugin (src/contract/pluginManifest.ts).
import { definePluginManifest } from "../../src/contract/pluginManifest";
import { IAPP_MESSAGES } from "./contract";

export const manifest = definePluginManifest({
  id: "iapp",
  requires: { roles: ["qualifier", "advisor"], features: ["iapp"] },
  flags: {
    iapp: { default: false, description: "Send to iApp: the lead's application goes to the carrier's iApp." },
    "iapp-choice": {
      default: false,
      description: "Agents allowed iApp 2 choose between iApp and iApp 2 when they send.",
    },
  },
  unavailable: IAPP_MESSAGES.off,
});
