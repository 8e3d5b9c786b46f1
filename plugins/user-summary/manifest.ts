// What the gateway and the browser both read of this plugin (src/contract/pluginManifest.ts).
import { definePluginManifest } from "../../src/contract/pluginManifest";

export const manifest = definePluginManifest({
  id: "user-summary",
  requires: { roles: ["qualifier", "advisor"] },
  flags: {
    "qualifier-redial": {
      default: false,
      description: "A qualifier may dial its own lead again from its follow-ups (POST /dials/redials).",
    },
  },
});
