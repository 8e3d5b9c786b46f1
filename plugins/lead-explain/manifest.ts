// What the gateway and the browser both read of this plugin (src/contract/pluginManifest.ts).
import { definePluginManifest } from "../../src/contract/pluginManifest";

export const manifest = definePluginManifest({
  id: "lead-explain",
  // "manager" passes for every role above it too.
  requires: { roles: ["qualifier", "advisor", "manager"] },
});
