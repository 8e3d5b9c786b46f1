// The agent actions plugins offer (`agentActions` in a manifest), for a plugin that lists agents: the menu items
// for one agent, and the chosen action's dialog drawn in its own plugin's scope, so the listing plugin (the
// floor, the users list) never names the plugins whose actions it offers. A dialog that throws is logged and
// closed: an action never breaks the list around it.
import { MenuItem } from "@blueprintjs/core";
import { Component, Suspense, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { AgentRef } from "./plugin";
import { PluginScope, usePluginScope, type ScopedAgentAction } from "./PluginScope";

/** The enabled plugins' actions offered for `agent`, in the registry's order of plugins. */
export function useAgentActions(agent: AgentRef): readonly ScopedAgentAction[] {
  const { agentActions } = usePluginScope();
  return agentActions.filter((a) => a.offeredFor?.(agent) ?? true);
}

/** One menu item per action offered for `agent`; `onOpen` gets the one chosen (open it with AgentActionDialog). */
export function AgentActionItems({ agent, onOpen }: { agent: AgentRef; onOpen(action: ScopedAgentAction): void }) {
  const { t } = useTranslation();
  return (
    <>
      {useAgentActions(agent).map((a) => (
        <MenuItem key={`${a.pluginId}.${a.id}`} icon={a.icon} text={t(a.title, { ns: a.pluginId })} onClick={() => onOpen(a)} />
      ))}
    </>
  );
}

/** The action's dialog for `agent`, in its plugin's scope; `onClose` when the dialog is done (or failed). */
export function AgentActionDialog({ action, agent, onClose }: { action: ScopedAgentAction; agent: AgentRef; onClose(): void }) {
  const Shown = action.component;
  return (
    <ActionBoundary action={action} onFailed={onClose}>
      <Suspense fallback={null}>
        <PluginScope value={action.scope}>
          <Shown agent={agent} onClose={onClose} />
        </PluginScope>
      </Suspense>
    </ActionBoundary>
  );
}

class ActionBoundary extends Component<
  { action: ScopedAgentAction; onFailed(): void; children: ReactNode },
  { failed: boolean }
> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    this.props.action.scope.ctx.log(`the agent action ${this.props.action.id} failed; it is closed`, {
      error: error.message,
      stack: info.componentStack,
    });
    this.props.onFailed();
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}
