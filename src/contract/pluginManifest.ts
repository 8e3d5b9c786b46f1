// A plugin's static manifest (`plugins/<id>/manifest.ts`): what both sides must know of a plugin without loading
// its code. The browser's `definePlugin({ ...manifest, panels, setup… })` spreads it; the gateway reads it to refuse
// the plugin's routes to a call centre that does not have the plugin (server/plugins/offered.ts), and the variant
// tests check every feature flag a variant sets against the flags the manifests declare. One source for a
// plugin's `requires`: no route repeats it by hand.
import { HIERARCHY_ROLES, holdsRoleAtLeast, type HierarchyRole, type Role, type Variant } from "./common";
import { pluginSwitch } from "./pluginSettings";

/** What an agent and a call centre must have for a plugin, panel or page to be offered. Every list must be met. */
export interface Requires {
  /** Feature flags that must all be on (variant defaults, overridden by the tenant's own flags). */
  features?: string[];
  /** Roles of which the agent must hold at least one; hierarchy roles pass for the roles above them. */
  roles?: Role[];
  /** Permissions the agent must all hold (from the login response, already filtered by role). */
  permissions?: string[];
  /** Variants the plugin exists in; absent means every variant that lists it. */
  variants?: Variant[];
}

/** A feature flag a plugin reads: the Plugins and features page names its owner, and a variant may set only these. */
export interface FlagDeclaration {
  /** Its value where neither the variant nor the call centre sets it. */
  default: boolean;
  /** One line for developers and admins: what turning it on changes. */
  description: string;
}

export interface PluginStaticManifest {
  /** kebab-case; equals the folder name. */
  id: string;
  requires?: Requires;
  /** The feature flags this plugin reads (its own, or one the core also reads, declared by the plugin that shows it). */
  flags?: Record<string, FlagDeclaration>;
  /**
   * The 404 message of this plugin's routes for a call centre that does not have it (the variant does not list it,
   * or a flag of `requires.features` is off); a generic text when absent.
   */
  unavailable?: string;
}

/** Declares a static manifest; the identity function that checks its shape. */
export function definePluginManifest<M extends PluginStaticManifest>(manifest: M): M {
  return manifest;
}

/** The answer when a call centre does not have a plugin and the plugin says nothing of its own. */
export const PLUGIN_UNAVAILABLE = "This plugin is not available for your call centre.";

/** Whether an agent and a call centre meet a `requires` clause. */
export function meets(
  requires: Requires | undefined,
  flags: Record<string, boolean>,
  agent: { roles: readonly string[]; permissions: readonly string[] },
  variant: string,
): boolean {
  if (!requires) return true;
  if (!callCentreMeets(requires, flags, variant)) return false;
  if (requires.permissions?.some((p) => !agent.permissions.includes(p))) return false;
  if (requires.roles?.length) {
    const held = requires.roles.some((r) =>
      (HIERARCHY_ROLES as readonly string[]).includes(r)
        ? holdsRoleAtLeast(agent.roles, r as HierarchyRole)
        : agent.roles.includes(r),
    );
    if (!held) return false;
  }
  return true;
}

/** The call-centre half of `requires`: its flags and its variant (who the agent is does not enter). */
export function callCentreMeets(
  requires: Requires | undefined,
  flags: Record<string, boolean>,
  variant: string,
): boolean {
  if (requires?.features?.some((f) => !flags[f])) return false;
  if (requires?.variants && !requires.variants.includes(variant as Variant)) return false;
  return true;
}

/**
 * Whether a call centre has a plugin: "off" when its admin turned it off (the Plugins and features page),
 * "unavailable" when its variant does not list it or the plugin's call-centre requirements are not met.
 * Roles are left to each route's access policy: a plugin's routes may serve other roles than its panels (the
 * recordings' audio plays from the lead history of any agent).
 */
export function pluginOffered(
  manifest: Pick<PluginStaticManifest, "id" | "requires">,
  callCentre: { variant: string; plugins: readonly string[]; flags: Record<string, boolean> },
): "ok" | "off" | "unavailable" {
  if (!callCentre.plugins.includes(manifest.id)) return "unavailable";
  if (callCentre.flags[pluginSwitch(manifest.id)] === false) return "off";
  return callCentreMeets(manifest.requires, callCentre.flags, callCentre.variant) ? "ok" : "unavailable";
}
