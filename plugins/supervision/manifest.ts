// What the gateway and the browser both read of this plugin (src/contract/pluginManifest.ts).
import { definePluginManifest } from "../../src/contract/pluginManifest";

export const manifest = definePluginManifest({
  id: "supervision",
  // Managers (and the roles above them) supervise; agents see that they are supervised, where the call centre
  // lets them. Each route names its own roles.
  requires: { roles: ["qualifier", "advisor", "manager"] },
});
