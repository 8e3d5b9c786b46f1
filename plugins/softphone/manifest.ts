// What the gateway and the browser both read of this plugin (src/contract/pluginManifest.ts).
import { definePluginManifest } from "../../src/contract/pluginManifest";

export const manifest = definePluginManifest({
  id: "softphone",
  // Managers too: their phone takes the supervision of agents' calls (listen, whisper, barge from the floor).
  requires: { roles: ["qualifier", "advisor", "manager"] },
});
