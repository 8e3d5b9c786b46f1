// What the gateway and the browser both read of this plugin (src/contract/pluginManifest.ts).
import { definePluginManifest } from "../../src/contract/pluginManifest";
import { DISPOSING_ROLES } from "../../src/contract/roles";

export const manifest = definePluginManifest({
  id: "dispositions",
  requires: { roles: [...DISPOSING_ROLES] },
});
