// What the gateway and the browser both read of this plugin (src/contract/pluginManifest.ts).
import { definePluginManifest } from "../../src/contract/pluginManifest";

export const manifest = definePluginManifest({
  id: "plugin-settings",
  // A whole call centre's plugins are an admin's to switch, not a floor manager's.
  requires: { roles: ["admin"] },
});
