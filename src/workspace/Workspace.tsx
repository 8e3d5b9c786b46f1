// The agent's grid of panels (react-grid-layout 2). The agent drags, resizes, adds and removes panels in edit
// mode; each of those saves the layout, nothing else does (no save on mount).
import { Alert, Button, ButtonGroup, Menu, MenuItem, NonIdealState, PopoverNext } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useMemo, useState, type ReactNode } from "react";
import ReactGridLayout, { useContainerWidth, type Layout } from "react-grid-layout";
import { useTranslation } from "react-i18next";
import type { LayoutItem } from "../contract/layout";
import { GRID_COLUMNS } from "../contract/layout";
import { pluginScopes } from "../core/PluginScope";
import { clamp, isShown, placeNew, shownWhileOf } from "./layout";
import { PanelFrame } from "./PanelFrame";
import type { WorkspaceSession } from "./session";
import { GRID_MARGIN, useRowHeight } from "./useRowHeight";
import "react-grid-layout/css/styles.css";
import "react-resizable/css/styles.css";

export const Workspace = observer(function Workspace({
  session,
  alerts,
}: {
  session: WorkspaceSession;
  /** Shown at the left of the toolbar's row (the persistent alerts), so neither takes a row of its own. */
  alerts?: ReactNode;
}) {
  const rowHeight = useRowHeight();
  const { t } = useTranslation();
  const { registry, layout, layoutService } = session;
  const { width, containerRef, mounted } = useContainerWidth();
  const [confirmReset, setConfirmReset] = useState(false);

  const scopes = useMemo(() => pluginScopes(registry.plugins), [registry]);

  const available = [...registry.panels.values()].filter((p) => !layout.has(p.id));
  const editing = layout.editing;
  // Panels that matter only on the phone step aside between calls (and those for between calls, on a call); the
  // grid closes up over their cells.
  const now = { onCall: session.agent.store.call.active, editing };
  const shown = layout.items.filter((it) => isShown(shownWhileOf(it, registry.panels.get(it.panel)!), now));

  const commit = (items: LayoutItem[]) => {
    layout.replace(items);
    layoutService.changed();
  };
  // Only the grid's stop events count as the agent's change; onLayoutChange also fires on mount.
  // A panel the grid does not show now (one that matters only on the phone) keeps its saved place.
  const fromGrid = (next: Layout) => {
    const placed = new Map(next.map((g) => [g.i, g]));
    commit(
      layout.items.map((it) => {
        const g = placed.get(it.i);
        return g ? clamp({ ...it, x: g.x, y: g.y, w: g.w, h: g.h }, registry.panels.get(it.panel)!) : it;
      }),
    );
  };

  const gridLayout = shown.map((it) => {
    const size = registry.panels.get(it.panel)!.size;
    return {
      i: it.i,
      x: it.x,
      y: it.y,
      w: it.w,
      h: it.h,
      minW: size.minW,
      minH: size.minH,
      maxW: size.maxW,
      maxH: size.maxH,
    };
  });

  return (
    <div className="isi-workspace">
      <div className="isi-workspace__bar">
        <div className="isi-workspace__alerts">{alerts}</div>
        <div className="isi-workspace__toolbar" role="toolbar" aria-label={t("workspace.toolbar")}>
          <ButtonGroup>
            {editing && (
              <PopoverNext
                placement="bottom-end"
                disabled={available.length === 0}
                content={
                  <Menu aria-label={t("workspace.panel_picker")}>
                    {available.map((p) => (
                      <MenuItem
                        key={p.id}
                        text={t(p.title, { ns: p.pluginId })}
                        onClick={() => commit([...layout.items, placeNew(layout.items, p)])}
                      />
                    ))}
                  </Menu>
                }
              >
                <Button icon="add" disabled={available.length === 0}>
                  {t("workspace.add_panel")}
                </Button>
              </PopoverNext>
            )}
            {editing && (
              <Button icon="reset" onClick={() => setConfirmReset(true)}>
                {t("workspace.reset")}
              </Button>
            )}
            <Button
              icon={editing ? "tick" : "edit"}
              intent={editing ? "primary" : "none"}
              aria-pressed={editing}
              onClick={() => layout.setEditing(!editing)}
            >
              {editing ? t("workspace.done") : t("workspace.edit")}
            </Button>
          </ButtonGroup>
        </div>
      </div>
      <Alert
        isOpen={confirmReset}
        intent="warning"
        icon="reset"
        confirmButtonText={t("workspace.reset")}
        cancelButtonText={t("workspace.cancel")}
        onCancel={() => setConfirmReset(false)}
        onConfirm={() => {
          setConfirmReset(false);
          commit(session.defaultItems());
        }}
      >
        {t("workspace.reset_confirm")}
      </Alert>
      <div ref={containerRef} className="isi-workspace__grid">
        {layout.items.length === 0 ? (
          <NonIdealState
            icon="grid-view"
            title={t("workspace.empty_title")}
            description={t("workspace.empty")}
          />
        ) : (
          mounted && (
            <ReactGridLayout
              width={width}
              layout={gridLayout}
              gridConfig={{ cols: GRID_COLUMNS, rowHeight, margin: [GRID_MARGIN, GRID_MARGIN] }}
              dragConfig={{ enabled: editing, handle: ".isi-drag-handle", cancel: ".isi-panel__remove, .isi-panel__shown-while" }}
              resizeConfig={{ enabled: editing, handles: ["se"] }}
              onDragStop={(next) => fromGrid(next)}
              onResizeStop={(next) => fromGrid(next)}
            >
              {shown.map((it) => {
                const panel = registry.panels.get(it.panel)!;
                return (
                  <div key={it.i} className="isi-workspace__item">
                    <PanelFrame
                      panel={panel}
                      instanceId={it.i}
                      scope={scopes.get(panel.pluginId)!}
                      editing={editing}
                      shownWhile={shownWhileOf(it, panel)}
                      onShownWhile={(when) =>
                        commit(layout.items.map((x) => (x.i === it.i ? { ...x, shownWhile: when } : x)))
                      }
                      onRemove={() => commit(layout.items.filter((x) => x.i !== it.i))}
                    />
                  </div>
                );
              })}
            </ReactGridLayout>
          )
        )}
      </div>
    </div>
  );
});
