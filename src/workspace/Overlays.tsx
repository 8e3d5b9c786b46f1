// Plugins' floating pieces (softphone widget, inbound-call popup): mounted once above the grid, each in its
// own error boundary and plugin scope, so a failing overlay shows its error and leaves the call alone.
import { Suspense, useMemo } from "react";
import { pluginScopes } from "../core/PluginScope";
import { PluginScope } from "../core/PluginScope";
import { PanelErrorBoundary } from "./PanelFrame";
import type { WorkspaceSession } from "./session";

export function Overlays({ session }: { session: WorkspaceSession }) {
  const { registry } = session;
  const scopes = useMemo(() => pluginScopes(registry.plugins), [registry]);
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
