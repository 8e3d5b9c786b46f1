// Plugins' floating pieces (softphone widget, inbound-call popup): mounted once above the grid, each in its
// own error boundary and plugin scope, so a failing overlay shows its error and leaves the call alone.
import { Suspense, useMemo } from "react";
import type { PluginScopeValue } from "../core/PluginScope";
import { PluginScope } from "../core/PluginScope";
import { PanelErrorBoundary } from "./PanelFrame";
import type { WorkspaceSession } from "./session";

export function Overlays({ session }: { session: WorkspaceSession }) {
  const { registry } = session;
  const scopes = useMemo(() => {
    const byId = new Map<string, PluginScopeValue>();
    for (const p of registry.plugins) byId.set(p.manifest.id, { pluginId: p.manifest.id, store: p.ctx.store, api: p.api, ctx: p.ctx });
    return byId;
  }, [registry]);
  return (
    <>
      {registry.overlays.map((o) => {
        const Component = o.component;
        return (
          <PanelErrorBoundary key={o.id} pluginId={o.pluginId} title={o.id}>
            <Suspense fallback={null}>
              <PluginScope value={scopes.get(o.pluginId)!}>
                <Component />
              </PluginScope>
            </Suspense>
          </PanelErrorBoundary>
        );
      })}
    </>
  );
}
