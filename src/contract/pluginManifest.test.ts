// Whether a call centre has a plugin: the rule both the gateway (its routes) and the browser (its registry) apply.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { meets, pluginOffered, type PluginStaticManifest } from "./pluginManifest";

const recordings: PluginStaticManifest = {
  id: "recordings",
  requires: { roles: ["advisor"], features: ["recording-panel"], variants: ["isius"] },
};
const centre = (
  over: Partial<{ variant: string; plugins: string[]; flags: Record<string, boolean> }> = {},
) => ({
  variant: "isius",
  plugins: ["recordings", "goals"],
  flags: { "recording-panel": true },
  ...over,
});

describe("pluginOffered", () => {
  it("is ok where the variant lists the plugin and its requirements hold, whoever the caller is", () => {
    expect(pluginOffered(recordings, centre())).toBe("ok");
  });

  it("is off where the call centre's admin turned it off, unavailable where the call centre lacks it", () => {
    expect(
      pluginOffered(recordings, centre({ flags: { "recording-panel": true, "plugin:recordings": false } })),
    ).toBe("off");
    expect(pluginOffered(recordings, centre({ plugins: ["goals"] }))).toBe("unavailable");
    expect(pluginOffered(recordings, centre({ flags: { "recording-panel": false } }))).toBe("unavailable");
    expect(pluginOffered(recordings, centre({ variant: "slica" }))).toBe("unavailable");
  });

  it("agrees with the browser's rule for the call centre's half: offered exactly when an agent holding every role and permission would get it", () => {
    const flag = fc.constantFrom("a", "b", "c");
    fc.assert(
      fc.property(
        fc.record({
          features: fc.option(fc.array(flag, { maxLength: 3 }), { nil: undefined }),
          variants: fc.option(fc.subarray(["isius", "slica"] as const), { nil: undefined }),
        }),
        fc.dictionary(flag, fc.boolean()),
        fc.constantFrom("isius", "slica"),
        (requires, flags, variant) => {
          const manifest = { id: "p", requires };
          const everyone = { roles: ["admin"], permissions: [] };
          const offered = pluginOffered(manifest, { variant, plugins: ["p"], flags }) === "ok";
          expect(offered).toBe(meets(requires, flags, everyone, variant));
        },
      ),
    );
  });
});
