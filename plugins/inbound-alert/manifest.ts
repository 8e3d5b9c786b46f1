// What the gateway and the browser both read of this plugin (src/contract/pluginManifest.ts).
import { definePluginManifest } from "../../src/contract/pluginManifest";

export const manifest = definePluginManifest({
  id: "inbound-alert",
  // Inbound calls ring agents; which extension gets the popup is the gateway's (tenant) setting.
  requires: { roles: ["qualifier", "advisor"] },
});
