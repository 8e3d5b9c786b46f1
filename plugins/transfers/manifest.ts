// What the gateway and the browser both read of this plugin (src/contract/pluginManifest.ts).
import { definePluginManifest } from "../../src/contract/pluginManifest";

export const manifest = definePluginManifest({
  id: "transfers",
  // Qualifiers transfer (agent-workspace §6); advisors meet a third party through the softphone's conference.
  requires: { roles: ["qualifier", "advisor"] },
  flags: {
    "external-transfers": {
      default: false,
      description:
        "Qualifiers transfer calls to the call centre's external partners (Settings > External transfers).",
    },
    "manual-transfer": {
      default: false,
      description: "The Manual transfer panel: an agent hands a client to a colleague by hand.",
    },
  },
});
