// What the gateway and the browser both read of this plugin (src/contract/pluginManifest.ts).
import { definePluginManifest } from "../../src/contract/pluginManifest";

export const manifest = definePluginManifest({
  id: "dnc-lists",
  // Managers and above: the lists, their numbers and the page. An agent records a person's wish not to be called
  // with the Do Not Call disposition on the call, which the core writes to the internal list itself.
  requires: { roles: ["manager"] },
});
