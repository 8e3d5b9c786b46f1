// What the gateway and the browser both read of this plugin (src/contract/pluginManifest.ts).
import { definePluginManifest } from "../../src/contract/pluginManifest";

export const manifest = definePluginManifest({
  id: "lead-lists",
  // Managers and above load leads (lists, publishers' keys); the publishers' own post (POST /lead-intake) carries
  // an API key instead of an account and is answered whatever the caller's roles (its route says so).
  requires: { roles: ["manager"] },
});
