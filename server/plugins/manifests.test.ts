// The plugins' static manifests, as the gateway finds them: one per plugin of the catalogue, each flag declared
// once, and every flag a variant sets declared by the plugin that reads it.
import { describe, expect, it } from "vitest";
import { catalogue } from "../../plugins/catalogue";
import { variants } from "../../variants/index";
import { declaredFlagDefaults, declaredFlags, pluginManifests } from "./manifests";

const variantManifests = async () =>
  Promise.all(Object.values(variants).map(async (load) => (await load()).default));

describe("plugin manifests", () => {
  it("are found for every plugin of the catalogue, each under its folder's name", () => {
    expect(pluginManifests.map((m) => m.id).sort()).toEqual(Object.keys(catalogue).sort());
  });

  it("declare every feature flag a variant sets (a flag nobody declares is a typo or a plugin gone)", async () => {
    const declared = declaredFlags();
    for (const v of await variantManifests())
      expect({ variant: v.id, undeclared: Object.keys(v.features).filter((f) => !declared.has(f)) }).toEqual({
        variant: v.id,
        undeclared: [],
      });
  });

  it("declare every flag a plugin requires, and each plugin a variant lists has a manifest", async () => {
    const declared = declaredFlags();
    for (const m of pluginManifests)
      expect({
        plugin: m.id,
        undeclared: (m.requires?.features ?? []).filter((f) => !declared.has(f)),
      }).toEqual({
        plugin: m.id,
        undeclared: [],
      });
    const ids = new Set(pluginManifests.map((m) => m.id));
    for (const v of await variantManifests()) expect(v.plugins.filter((p) => !ids.has(p))).toEqual([]);
  });

  it("give each declared flag its default, under the variant's and the call centre's own values", () => {
    expect(declaredFlags().get("recording-panel")).toMatchObject({ plugin: "recordings", default: false });
    expect(declaredFlagDefaults()).toMatchObject({ "recording-panel": false, scripts: false, iapp: false });
  });
});
