// The Plugins and features page's routes (issue 18 item 2): an admin turns the variant's plugins and feature flags
// on or off for the call centre. The choices are tenant flags (`tenants.features`, owned by the settings module):
// a feature key, or `plugin:<id>` for a plugin; a value equal to the variant's default is not stored, so the
// call centre follows the variant where it has no choice of its own. Every change is recorded in the audit log
// (who, when, old and new value) and pushed to the call centre's signed-in agents, whose workspace reloads its
// plugins at the next moment they are not on a call.
import { and, desc, eq } from "drizzle-orm";
import type { Variant } from "../../../src/contract/common";
import {
  PLUGIN_SETTINGS_MESSAGES as M,
  PLUGIN_SETTINGS_PLUGIN,
  PLUGIN_SWITCH_PREFIX,
  pluginSwitch,
  readPluginSettings,
  savePluginSettings,
  type PluginSettings,
  type TenantFeaturesChangedPush,
} from "../../../src/contract/pluginSettings";
import { variants } from "../../../variants/index";
import type { VariantManifest } from "../../../src/core/variant";
import { declaredFlags } from "../../plugins/manifests";
import { auditLog, tenants, users } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { fieldError, HttpError, MESSAGES } from "../../http/errors";
import { defineRoute, type RouteDef } from "../../http/route";

/** Turning plugins of a whole call centre on or off is an admin's (admin and above), not a floor manager's. */
const ADMINS = { roles: ["admin"] } as const;
export const PLUGIN_SETTINGS_AUDIT_ACTION = "settings.plugins";

async function variantManifestOf(variant: string) {
  const load = variants[variant as Variant];
  if (!load) throw new HttpError(404, MESSAGES.resourceNotFound);
  return (await load()).default;
}

/**
 * The call centre's feature flags, each with its default and the plugin that declares it: those the variant sets,
 * then those its plugins declare and it leaves at their declared default.
 */
function featuresOf(variant: VariantManifest): Map<string, { default: boolean; plugin: string | null }> {
  const declared = declaredFlags();
  const features = new Map(
    Object.entries(variant.features).map(([id, on]) => [
      id,
      { default: on, plugin: declared.get(id)?.plugin ?? null },
    ]),
  );
  for (const [id, flag] of declared)
    if (!features.has(id) && variant.plugins.includes(flag.plugin))
      features.set(id, { default: flag.default, plugin: flag.plugin });
  return features;
}

export function pluginSettingsRoutes(gw: Gateway): RouteDef[] {
  async function current(tenantId: number): Promise<PluginSettings> {
    const [t] = await gw.db.select().from(tenants).where(eq(tenants.id, tenantId));
    if (!t) throw new HttpError(404, MESSAGES.resourceNotFound);
    const manifest = await variantManifestOf(t.variant);
    const flags = t.features;
    const [last] = await gw.db
      .select({ at: auditLog.at, first: users.firstName, last: users.lastName })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.action, PLUGIN_SETTINGS_AUDIT_ACTION)))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(1);
    return {
      variant: manifest.id,
      plugins: manifest.plugins.map((id) => ({
        id,
        enabled: flags[pluginSwitch(id)] !== false,
        default: true,
      })),
      features: [...featuresOf(manifest)].map(([id, f]) => ({
        id,
        enabled: flags[id] ?? f.default,
        default: f.default,
        plugin: f.plugin,
      })),
      last_change: last
        ? { by: `${last.first ?? ""} ${last.last ?? ""}`.trim(), at: last.at.toISOString() }
        : null,
    };
  }

  return [
    defineRoute(readPluginSettings, {
      access: ADMINS,
      handler: ({ caller }) => current(caller.tenantId),
    }),
    defineRoute(savePluginSettings, {
      access: ADMINS,
      example: { body: { plugins: { goals: true }, features: { scripts: true } } },
      async handler({ caller, body }, reply) {
        const changes = await gw.db.transaction(async (tx) => {
          // One admin's save at a time per call centre, so two saves never lose each other's switches.
          const [t] = await tx.select().from(tenants).where(eq(tenants.id, caller.tenantId)).for("update");
          if (!t) throw new HttpError(404, MESSAGES.resourceNotFound);
          const manifest = await variantManifestOf(t.variant);
          for (const id of Object.keys(body.plugins))
            if (!manifest.plugins.includes(id)) throw fieldError(`plugins.${id}`, M.unknownPlugin);
          if (body.plugins[PLUGIN_SETTINGS_PLUGIN] === false)
            throw fieldError(`plugins.${PLUGIN_SETTINGS_PLUGIN}`, M.ownPlugin);
          const features = featuresOf(manifest);
          for (const key of Object.keys(body.features))
            if (!features.has(key) || key.startsWith(PLUGIN_SWITCH_PREFIX))
              throw fieldError(`features.${key}`, M.unknownFeature);

          const flags = { ...t.features };
          const changed: (TenantFeaturesChangedPush["changes"][number] & { old: boolean })[] = [];
          const set = (
            kind: "plugin" | "feature",
            id: string,
            key: string,
            on: boolean,
            byDefault: boolean,
          ) => {
            const old = flags[key] ?? byDefault;
            if (on === byDefault) delete flags[key];
            else flags[key] = on;
            if (old !== on) changed.push({ kind, id, enabled: on, old });
          };
          for (const [id, on] of Object.entries(body.plugins)) set("plugin", id, pluginSwitch(id), on, true);
          for (const [key, on] of Object.entries(body.features))
            set("feature", key, key, on, features.get(key)!.default);
          if (changed.length === 0) return changed;
          await tx.update(tenants).set({ features: flags }).where(eq(tenants.id, t.id));
          await tx.insert(auditLog).values({
            at: new Date(gw.clock.now()),
            userId: caller.id,
            tenantId: t.id,
            action: PLUGIN_SETTINGS_AUDIT_ACTION,
            outcome: "success",
            detail: {
              changes: changed.map(({ kind, id, old, enabled }) => ({ kind, id, old, new: enabled })),
            },
          });
          return changed;
        });
        if (changes.length > 0) {
          gw.log.info(
            { tenantId: caller.tenantId, by: caller.id, changes: changes.length },
            "plugins and features changed",
          );
          gw.push.toTenant(caller.tenantId, "tenant-features", {
            changes: changes.map(({ kind, id, enabled }) => ({ kind, id, enabled })),
          });
        }
        reply.code(204);
        return null;
      },
    }),
  ];
}
