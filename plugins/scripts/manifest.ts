// What the gateway and the browser both read of this plugin (src/contract/pluginManifest.ts).
import { definePluginManifest } from "../../src/contract/pluginManifest";
import { SCRIPT_MESSAGES } from "./contract";

export const manifest = definePluginManifest({
  id: "scripts",
  requires: { roles: ["qualifier", "advisor"], features: ["scripts"] },
  flags: {
    scripts: { default: false, description: "The call script panel, on calls." },
  },
  unavailable: SCRIPT_MESSAGES.off,
});
