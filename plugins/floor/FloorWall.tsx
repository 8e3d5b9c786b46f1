// The wall: counters on top, the manager's filters, then one row per agent. Only the rows in view are drawn
// (a 500-agent floor stays smooth), and times tick each second from the gateway's clock.
import { Button, Callout, InputGroup, Spinner, Switch } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useMemo, useRef, useState, type UIEvent } from "react";
import { useTranslation } from "react-i18next";
import { AGENT_STATUSES } from "../../src/contract/status";
import { Select, useNow, usePlugin } from "../../src/sdk";
import type { FloorApi } from "./api";
import type { FloorStore } from "./model";
import { campaignsOf, countersOf, visibleRows, type WallSort, type WallView } from "./wall";
import { Counters } from "./Counters";
import { supervisionApi } from "../supervision/api";
import { WallRow, ROW_HEIGHT } from "./WallRow";
import "./floor.css";

/** Rows drawn above and below the visible ones, so a quick scroll shows no gap. */
const OVERSCAN = 6;

const FloorWall = observer(function FloorWall() {
  const { store, api, ctx } = usePlugin<FloorStore, FloorApi>();
  // Who is supervised, where the call centre has supervision.
  const supervision = ctx.optional(supervisionApi);
  const { t } = useTranslation("floor");
  useEffect(() => void api.refresh(), [api]);
  const now = useNow(ctx.clock, store.state === "ready") + store.skewMs;
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(800);
  const body = useRef<HTMLDivElement>(null);
  // The rows drawn follow the body's height: a taller panel (or a resized one) draws more.
  useEffect(() => {
    const el = body.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setViewport(el.clientHeight || 800));
    observer.observe(el);
    return () => observer.disconnect();
  }, [store.state]);

  const view = store.view;
  const set = (v: Partial<WallView>) => store.setView(v);
  const rows = store.rows;
  const campaigns = useMemo(() => campaignsOf(rows), [rows]);
  const hasTeam = rows.some((a) => a.team_manager_id === ctx.agent.id);

  if (store.state === "idle" || store.state === "loading") return <Spinner size={24} aria-label={t("loading")} />;
  if (store.state === "failed")
    return (
      <Callout intent="danger" role="alert">
        {t("failed")} <Button small text={t("retry")} onClick={() => void api.refresh()} />
      </Callout>
    );

  const shown = visibleRows(rows, view, ctx.agent.id, now);
  const nobodySignedIn = !view.showOffline && rows.every((a) => a.status === "offline" && a.call === null);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(shown.length, Math.ceil((scrollTop + viewport) / ROW_HEIGHT) + OVERSCAN);
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    setScrollTop(e.currentTarget.scrollTop);
    setViewport(e.currentTarget.clientHeight);
  };

  return (
    <div className="floor">
      <Counters counters={countersOf(rows, store.totals, now)} />
      <div className="floor__filters" role="search" aria-label={t("filters.label")}>
        <InputGroup
          type="search"
          leftIcon="search"
          small
          aria-label={t("filters.search")}
          placeholder={t("filters.search")}
          value={view.search}
          onChange={(e) => set({ search: e.target.value })}
        />
        <Select
          minimal
          aria-label={t("filters.role")}
          value={view.role}
          onChange={(e) => set({ role: e.target.value as WallView["role"] })}
          options={[
            { value: "", label: t("filters.every_role") },
            { value: "qualifier", label: t("role.qualifier") },
            { value: "advisor", label: t("role.advisor") },
          ]}
        />
        <Select
          minimal
          aria-label={t("filters.status")}
          value={view.status}
          onChange={(e) => set({ status: e.target.value as WallView["status"] })}
          options={[
            { value: "", label: t("filters.every_status") },
            ...AGENT_STATUSES.map((s) => ({ value: s, label: t(`status.names.${s}`, { ns: "core" }) })),
          ]}
        />
        {campaigns.length > 0 && (
          <Select
            minimal
            aria-label={t("filters.campaign")}
            value={view.campaign}
            onChange={(e) => set({ campaign: e.target.value })}
            options={[{ value: "", label: t("filters.every_campaign") }, ...campaigns.map((c) => ({ value: c, label: c }))]}
          />
        )}
        <Select
          minimal
          aria-label={t("filters.sort")}
          value={view.sort}
          onChange={(e) => set({ sort: e.target.value as WallSort })}
          options={(["longest", "name", "status"] as const).map((s) => ({ value: s, label: t(`sort.${s}`) }))}
        />
        {hasTeam && (
          <Switch inline checked={view.myTeam} label={t("filters.my_team")} onChange={() => set({ myTeam: !view.myTeam })} />
        )}
        <Switch
          inline
          checked={view.showOffline}
          label={t("filters.show_offline")}
          onChange={() => set({ showOffline: !view.showOffline })}
        />
      </div>
      <div className="floor__table" role="table" aria-label={t("table.label")} aria-rowcount={shown.length + 1}>
        <div role="rowgroup">
          <div role="row" className="floor__row floor__row--head" aria-rowindex={1}>
            {(["agent", "status", "call", "today", "last", "flags"] as const).map((c) => (
              <div role="columnheader" key={c}>
                {t(`columns.${c}`)}
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup" className="floor__body" ref={body} onScroll={onScroll} tabIndex={0} aria-label={t("table.rows")}>
          {shown.length === 0 ? (
            <div role="row" className="floor__empty">
              <div role="cell">{rows.length === 0 ? t("empty") : nobodySignedIn ? t("nobody_signed_in") : t("no_match")}</div>
            </div>
          ) : (
            <div style={{ height: shown.length * ROW_HEIGHT, position: "relative" }}>
              {shown.slice(first, last).map((a, i) => (
                <WallRow
                  key={a.agent_id}
                  agent={a}
                  health={store.health.get(String(a.agent_id))}
                  supervised={supervision?.of(a.agent_id) ?? null}
                  now={now}
                  index={first + i}
                />
              ))}
            </div>
          )}
        </div>
      </div>
    </div>
  );
});
export default FloorWall;
