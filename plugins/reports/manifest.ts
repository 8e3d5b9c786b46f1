// What the gateway and the browser both read of this plugin (src/contract/pluginManifest.ts).
import { definePluginManifest } from "../../src/contract/pluginManifest";

export const manifest = definePluginManifest({
  id: "reports",
  // Managers and every role above them read the reports; agents never load the plugin (nor its charts).
  requires: { roles: ["manager"] },
});
