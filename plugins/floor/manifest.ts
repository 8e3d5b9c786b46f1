// What the gateway and the browser both read of this plugin (src/contract/pluginManifest.ts).
import { definePluginManifest } from "../../src/contract/pluginManifest";

export const manifest = definePluginManifest({
  id: "floor",
  // Managers and every role above them (admins, operations managers) run the floor.
  requires: { roles: ["manager"] },
});
