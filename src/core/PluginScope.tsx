// What a panel component reaches for: its own plugin's store slice and service, by context, so panels stay
// free of imports from the core's internals. The workspace frame and renderPlugin() both provide it.
import { createContext, useContext, type ReactNode } from "react";
import type { AgentActionDef, CallFacetDef, PluginContext } from "./plugin";

export interface PluginScopeValue {
  pluginId: string;
  store: unknown;
  api: unknown;
  /** The same context `setup` received: declared services, flags, config. */
  ctx: PluginContext;
  /**
   * The call facets of every plugin the registry enabled, each with its own plugin's scope: what `<CallFacets>`
   * draws in whichever plugin shows a call of the lead's history.
   */
  callFacets: readonly ScopedCallFacet[];
  /** The agent actions of every enabled plugin, each with its own plugin's scope (`<AgentActionItems>`). */
  agentActions: readonly ScopedAgentAction[];
}

/** A plugin's call facet, with the scope its component renders in. */
export type ScopedCallFacet = CallFacetDef & { pluginId: string; scope: PluginScopeValue };

/** A plugin's agent action, with the scope its dialog renders in. */
export type ScopedAgentAction = AgentActionDef & { pluginId: string; scope: PluginScopeValue };

type EnabledPlugin = {
  manifest: { id: string; callFacet?: CallFacetDef; agentActions?: readonly AgentActionDef[] };
  api: unknown;
  ctx: PluginContext;
};

/** The scopes of every plugin a registry loaded, by plugin id (panels, overlays and pages render in them). */
export function pluginScopes(plugins: readonly EnabledPlugin[]) {
  const byId = new Map<string, PluginScopeValue>();
  const callFacets: ScopedCallFacet[] = [];
  const agentActions: ScopedAgentAction[] = [];
  for (const p of plugins) {
    const scope = { pluginId: p.manifest.id, store: p.ctx.store, api: p.api, ctx: p.ctx, callFacets, agentActions };
    byId.set(p.manifest.id, scope);
    if (p.manifest.callFacet) callFacets.push({ ...p.manifest.callFacet, pluginId: p.manifest.id, scope });
    for (const a of p.manifest.agentActions ?? []) agentActions.push({ ...a, pluginId: p.manifest.id, scope });
  }
  return byId;
}

const Scope = createContext<PluginScopeValue | null>(null);

export function PluginScope({ value, children }: { value: PluginScopeValue; children: ReactNode }) {
  return <Scope.Provider value={value}>{children}</Scope.Provider>;
}

/** The scope of the plugin whose component is rendering; throws outside one. */
export function usePluginScope(): PluginScopeValue {
  const v = useContext(Scope);
  if (!v) throw new Error("usePlugin() is for panels rendered by the workspace or renderPlugin()");
  return v;
}

/** The panel's own plugin: `const { store, api, ctx } = usePlugin<GoalsStore, GoalsApi>()`. */
export function usePlugin<Store, Api>(): { pluginId: string; store: Store; api: Api; ctx: PluginContext } {
  return usePluginScope() as { pluginId: string; store: Store; api: Api; ctx: PluginContext };
}
