// What the gateway and the browser both read of this plugin (src/contract/pluginManifest.ts).
import { definePluginManifest } from "../../src/contract/pluginManifest";

export const manifest = definePluginManifest({
  id: "goals",
  requires: { roles: ["qualifier", "advisor"] },
  flags: {
    "new-leads-goal-count": {
      default: false,
      description: "My Goals counts the new leads dialled today in a row of its own.",
    },
  },
});
