// What a panel component reaches for: its own plugin's store slice and service, by context, so panels stay
// free of imports from the core's internals. The workspace frame and renderPlugin() both provide it.
import { createContext, useContext, type ReactNode } from "react";
import type { PluginContext } from "./plugin";

export interface PluginScopeValue {
  pluginId: string;
  store: unknown;
  api: unknown;
  /** The same context `setup` received: declared services, flags, config. */
  ctx: PluginContext;
}

/** The scopes of every plugin a registry loaded, by plugin id (panels, overlays and pages render in them). */
export function pluginScopes(plugins: readonly { manifest: { id: string }; api: unknown; ctx: PluginContext }[]) {
  const byId = new Map<string, PluginScopeValue>();
  for (const p of plugins) byId.set(p.manifest.id, { pluginId: p.manifest.id, store: p.ctx.store, api: p.api, ctx: p.ctx });
  return byId;
}

const Scope = createContext<PluginScopeValue | null>(null);

export function PluginScope({ value, children }: { value: PluginScopeValue; children: ReactNode }) {
  return <Scope.Provider value={value}>{children}</Scope.Provider>;
}

/** The panel's own plugin: `const { store, api, ctx } = usePlugin<GoalsStore, GoalsApi>()`. */
export function usePlugin<Store, Api>(): { pluginId: string; store: Store; api: Api; ctx: PluginContext } {
  const v = useContext(Scope);
  if (!v) throw new Error("usePlugin() is for panels rendered by the workspace or renderPlugin()");
  return v as { pluginId: string; store: Store; api: Api; ctx: PluginContext };
}
