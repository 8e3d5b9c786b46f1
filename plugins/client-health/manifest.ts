// What the gateway and the browser both read of this plugin (src/contract/pluginManifest.ts).
import { definePluginManifest } from "../../src/contract/pluginManifest";

export const manifest = definePluginManifest({
  id: "client-health",
  // The agents' pages report; managers read the reports through the floor (its routes judge the roles).
  requires: { roles: ["qualifier", "advisor"] },
});
