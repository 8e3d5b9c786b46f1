// The Plugins and features page (issue 18; the design card's "call-centre admins enabling variant plugins"): the
// tenant's variant, the plugins it offers with a switch each, and its feature flags with the variant's defaults
// and the tenant's overrides. GET/PUT /settings/plugins (readPluginSettings, savePluginSettings); not in the
// specification, so the path follows §7's style.
import { z } from "zod";
import { ErrorBody, Variant } from "./common";
import { defineEndpoint } from "./endpoint";

/**
 * A plugin turned off for a call centre is a tenant flag `plugin:<id>` set to false (stored with the feature
 * flags, so GET /tenant-features carries it and the registry drops the plugin). Absent: on, as the variant says.
 */
export const PLUGIN_SWITCH_PREFIX = "plugin:";
export const pluginSwitch = (pluginId: string) => `${PLUGIN_SWITCH_PREFIX}${pluginId}`;

/** The plugin that draws this page: turning it off would leave nobody a way to turn it on again. */
export const PLUGIN_SETTINGS_PLUGIN = "plugin-settings";

export const Switch = z.object({
  id: z.string(),
  enabled: z.boolean(),
  /** What the variant says when the call centre says nothing (a flag it does not set: the flag's declared default). */
  default: z.boolean(),
  /** A feature's: the plugin whose manifest declares the flag (plugins/<id>/manifest.ts); null for none. */
  plugin: z.string().nullable().optional(),
});
export type Switch = z.infer<typeof Switch>;

export const PluginSettings = z.object({
  variant: Variant,
  plugins: z.array(Switch),
  features: z.array(Switch),
  /** The last change of this page's values: who and when; null when never changed. */
  last_change: z.object({ by: z.string(), at: z.string() }).nullable(),
});
export type PluginSettings = z.infer<typeof PluginSettings>;

const Switches = z.record(z.string().max(80), z.boolean());
/** PUT /settings/plugins: every switch of the page (plugin id → on; feature key → on). */
export const PluginSettingsBody = z.strictObject({ plugins: Switches, features: Switches });
export type PluginSettingsBody = z.infer<typeof PluginSettingsBody>;

/** The page's switches, as the call centre has them now. */
export const readPluginSettings = defineEndpoint({
  method: "GET",
  path: "/settings/plugins",
  summary:
    "Not in the specification (issue 18): the call centre's variant, the plugins it offers with whether each is on, and its feature flags with the variant's default and the call centre's value; the last change (who, when). Admins and above.",
  tags: ["settings"],
  responses: { 200: PluginSettings, 404: ErrorBody },
});

/** Saves the page's whole set. */
export const savePluginSettings = defineEndpoint({
  method: "PUT",
  path: "/settings/plugins",
  summary:
    "Not in the specification (issue 18): saves the page's whole set, {plugins: {id: on}, features: {key: on}}; a switch left out keeps its value. 204; 422 for a plugin or feature the variant does not have, or for turning this page's own plugin off. Each change is audited (who, when, old and new) and pushed to the call centre's agents (socket event tenant-features).",
  tags: ["settings"],
  body: PluginSettingsBody,
  responses: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
});

export const PLUGIN_SETTINGS_MESSAGES = {
  unknownPlugin: "This call centre's variant offers no such plugin.",
  unknownFeature: "This call centre's variant has no such feature.",
  ownPlugin: "The Plugins and features page cannot turn itself off.",
  pluginOff: "This plugin is turned off for your call centre.",
} as const;

/** Pushed to a call centre's signed-in agents when an admin changed its plugins or features. */
export const TenantFeaturesChangedPush = z.object({
  /** Plugin ids and feature keys whose value changed, with the new value. */
  changes: z.array(z.object({ kind: z.enum(["plugin", "feature"]), id: z.string(), enabled: z.boolean() })),
});
export type TenantFeaturesChangedPush = z.infer<typeof TenantFeaturesChangedPush>;
