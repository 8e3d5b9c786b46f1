import { Spinner } from "@blueprintjs/core";
import { Suspense, type ComponentType } from "react";
import { AlertToasts } from "../../alerts/AlertStack";
import { PluginScope, type PluginScopeValue } from "../../core/PluginScope";
import type { AgentSession } from "../../session/agentSession";

/**
 * A whole page a plugin draws (an admin page, a page of its own routes), in its plugin's scope as a panel is: the
 * page reaches its store and service with usePlugin(), and its messages (saved, refused) float over it as over
 * the workspace.
 */
export function ScopedPluginPage({
  scope,
  page: Page,
  agent,
}: {
  scope: PluginScopeValue;
  page: ComponentType;
  agent: AgentSession;
}) {
  return (
    <Suspense fallback={<Spinner className="isi-loading" />}>
      <AlertToasts alerts={agent.store.alerts} service={agent.alerts} />
      <PluginScope value={scope}>
        <Page />
      </PluginScope>
    </Suspense>
  );
}
