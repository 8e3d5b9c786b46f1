// Every panel renders inside a frame: title bar, error boundary and Suspense, so one broken panel shows its
// error in its own frame and never takes down a call.
import { Button, Callout, HTMLSelect, Spinner } from "@blueprintjs/core";
import { Component, Suspense, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { SHOWN_WHILE, type ShownWhile } from "../contract/layout";
import { PluginScope, type PluginScopeValue } from "../core/PluginScope";
import type { RegisteredPanel } from "../core/registry";

interface FrameProps {
  panel: RegisteredPanel;
  instanceId: string;
  scope: PluginScopeValue;
  editing: boolean;
  /** When the panel shows (on calls, between them, always); the agent changes it in edit mode. */
  shownWhile: ShownWhile;
  onShownWhile(when: ShownWhile): void;
  onRemove(): void;
}

export function PanelFrame({ panel, instanceId, scope, editing, shownWhile, onShownWhile, onRemove }: FrameProps) {
  const { t } = useTranslation();
  const title = t(panel.title, { ns: panel.pluginId });
  const PanelComponent = panel.component;
  return (
    <section className="isi-panel" aria-label={title} data-panel={panel.id}>
      <header className={editing ? "isi-panel__bar isi-panel__bar--editing isi-drag-handle" : "isi-panel__bar"}>
        <h2 className="isi-panel__title">{title}</h2>
        {editing && (
          // Not a drag handle: choosing here must not start a drag of the panel.
          <HTMLSelect
            className="isi-panel__shown-while"
            minimal
            value={shownWhile}
            aria-label={t("workspace.shown_while.label", { title })}
            onChange={(e) => onShownWhile(e.currentTarget.value as ShownWhile)}
            options={SHOWN_WHILE.map((when) => ({ value: when, label: t(`workspace.shown_while.${when}`) }))}
          />
        )}
        {editing && (
          <Button
            className="isi-panel__remove"
            variant="minimal"
            size="small"
            icon="cross"
            aria-label={t("workspace.remove_panel", { title })}
            onClick={onRemove}
          />
        )}
      </header>
      {/* The body scrolls when its content is taller than the panel: focusable, so a keyboard can scroll it. */}
      <div className="isi-panel__body" tabIndex={0} aria-label={title}>
        <PanelErrorBoundary pluginId={panel.pluginId} title={title}>
          <Suspense fallback={<Spinner size={24} aria-label={t("workspace.loading_panel")} />}>
            <PluginScope value={scope}>
              <PanelComponent instanceId={instanceId} />
            </PluginScope>
          </Suspense>
        </PanelErrorBoundary>
      </div>
    </section>
  );
}

interface BoundaryProps {
  pluginId: string;
  title: string;
  children: ReactNode;
}

export class PanelErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`panel of plugin ${this.props.pluginId} failed`, error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return <PanelFailure title={this.props.title} error={this.state.error} onRetry={() => this.setState({ error: null })} />;
  }
}

function PanelFailure({ title, error, onRetry }: { title: string; error: Error; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Callout intent="danger" role="alert" title={t("workspace.panel_failed", { title })}>
      <p className="isi-panel__error">{error.message}</p>
      <Button size="small" icon="refresh" onClick={onRetry}>
        {t("workspace.retry")}
      </Button>
    </Callout>
  );
}
