// The Users list (admin-and-sign-in §2 "/users"): the call centre's agents, searched (name, e-mail, extension),
// paged (10/25/50/100) and sorted by the gateway. Per row: name, extension, role, level, bilingual, the row
// actions (the dialogs, ./dialogs) with the advisor's live-transfer or the qualifier's block-outbound checkboxes
// beside them, the outbound eligibility select, and the dials settings of the agent's level.
import { Button, Checkbox, H1, HTMLTable, InputGroup, Spinner, Tag } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useId } from "react";
import { AGENT_PAGE_SIZES, OUTBOUND_ELIGIBILITIES, type AgentListItem, type OutboundEligibility } from "../../src/contract/agents";
import { LoadFailed, Select, usePlugin } from "../../src/sdk";
import { UserRowActions } from "./dialogs/RowActions";
import type { UsersSort, UsersStore } from "./model";
import type { UsersService } from "./service";
import "./users.css";

const SORTABLE: { sort: UsersSort; column: "name" | "extension" | "role" }[] = [
  { sort: "name", column: "name" },
  { sort: "extension", column: "extension" },
  { sort: "role", column: "role" },
];

const UsersPage = observer(function UsersPage() {
  const { store, api, ctx } = usePlugin<UsersStore, UsersService>();
  const { t } = ctx;
  const searchId = useId();
  const sizeId = useId();
  useEffect(() => {
    void api.open();
  }, [api]);

  const header = (column: string) => {
    const sortable = SORTABLE.find((s) => s.column === column);
    if (!sortable) return <th key={column} scope="col">{t(`columns.${column}`)}</th>;
    const active = store.sort === sortable.sort;
    return (
      <th key={column} scope="col" aria-sort={active ? "ascending" : "none"}>
        <button
          type="button"
          className="users__sort"
          aria-label={t("sort.by", { column: t(`columns.${column}`) })}
          onClick={() => void api.sortBy(sortable.sort)}
        >
          {t(`columns.${column}`)}
          <span aria-hidden="true">{active ? " ▲" : ""}</span>
        </button>
      </th>
    );
  };

  const dials = (row: AgentListItem) => {
    const min = api.minimumDials(row.level);
    if (min === null) return t("dials.unknown");
    return min > 0 ? t("dials.minimum", { level: row.level, count: min }) : t("dials.any", { level: row.level });
  };

  const toggles = (row: AgentListItem) =>
    row.role === "advisor" ? (
      <>
        <Checkbox
          className="users__toggle"
          label={t("toggles.internal")}
          checked={row.internal_live_transfers ?? false}
          onChange={(e) => void api.liveTransfers(row, "internal", e.currentTarget.checked)}
        />
        <Checkbox
          className="users__toggle"
          label={t("toggles.external")}
          checked={row.external_live_transfers ?? false}
          onChange={(e) => void api.liveTransfers(row, "external", e.currentTarget.checked)}
        />
      </>
    ) : (
      <Checkbox
        className="users__toggle"
        label={t("toggles.block_outbound")}
        checked={row.inbound_only ?? false}
        onChange={(e) => void api.blockOutbound(row, e.currentTarget.checked)}
      />
    );

  const from = store.total === 0 ? 0 : (store.page - 1) * store.perPage + 1;
  const to = Math.min(store.total, store.page * store.perPage);
  const firstLoad = store.phase === "loading" && store.rows.length === 0;

  return (
    <main className="isi-page users" aria-labelledby="users-title">
      <H1 id="users-title">{t("users.title")}</H1>
      <div className="users__toolbar">
        <label htmlFor={searchId} className="users__search-label">
          {t("users.search")}
        </label>
        <InputGroup
          id={searchId}
          type="search"
          leftIcon="search"
          value={store.typed}
          placeholder={t("users.search_placeholder")}
          maxLength={100}
          onValueChange={(v) => api.type(v)}
        />
      </div>
      {store.phase === "failed" && (
        <LoadFailed title={t("errors.load_failed")} message={store.message} onRetry={() => void api.reload()} />
      )}
      {firstLoad && <Spinner size={24} aria-label={t("users.loading")} />}
      {!firstLoad && store.phase !== "failed" && (
        <HTMLTable className="users__table" compact striped aria-busy={store.phase === "loading"}>
          <caption className="bp6-text-muted">{t("users.caption")}</caption>
          <thead>
            <tr>{["name", "extension", "role", "status", "level", "bilingual", "actions", "eligibility", "dials"].map(header)}</tr>
          </thead>
          <tbody>
            {store.rows.length === 0 && store.phase === "ready" && (
              <tr>
                <td colSpan={9} className="users__empty">
                  {t("users.empty")}
                </td>
              </tr>
            )}
            {store.rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.full_name}</th>
                <td>{row.extension ?? ""}</td>
                <td>{t(`roles.${row.role}`)}</td>
                <td>
                  {/* Not in the specification: who is on the floor now (the floor's wall has the live detail). */}
                  <Tag minimal={row.status === "offline"} intent={row.status === "offline" ? "none" : "primary"}>
                    {t(`status.names.${row.status ?? "offline"}`, { ns: "core" })}
                  </Tag>
                </td>
                <td>{row.level}</td>
                <td>{t(row.is_bilingual ? "bilingual.yes" : "bilingual.no")}</td>
                <td>
                  <div className="users__actions">
                    <UserRowActions agent={row} onChanged={() => void api.reload()} />
                    {toggles(row)}
                  </div>
                </td>
                <td>
                  <Select
                    aria-label={t("eligibility.label", { name: row.full_name })}
                    value={row.outbound_eligibility ?? "both"}
                    onChange={(e) => void api.eligibility(row, e.currentTarget.value as OutboundEligibility)}
                    options={OUTBOUND_ELIGIBILITIES.map((value) => ({ value, label: t(`eligibility.${value}`) }))}
                  />
                </td>
                <td>{dials(row)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <nav className="users__paging" aria-label={t("paging.navigation")}>
        <label htmlFor={sizeId}>{t("paging.page_size")}</label>
        <Select
          id={sizeId}
          value={String(store.perPage)}
          onChange={(e) => void api.pageSize(Number(e.currentTarget.value))}
          options={AGENT_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
        />
        <span className="users__range" aria-live="polite">
          {t("paging.range", { from, to, total: store.total })}
        </span>
        <Button variant="minimal" icon="double-chevron-left" aria-label={t("paging.first")} disabled={store.page <= 1} onClick={() => void api.goTo(1)} />
        <Button variant="minimal" icon="chevron-left" aria-label={t("paging.previous")} disabled={store.page <= 1} onClick={() => void api.goTo(store.page - 1)} />
        <span>{t("paging.page", { page: store.page, pages: store.pages })}</span>
        <Button variant="minimal" icon="chevron-right" aria-label={t("paging.next")} disabled={store.page >= store.pages} onClick={() => void api.goTo(store.page + 1)} />
        <Button variant="minimal" icon="double-chevron-right" aria-label={t("paging.last")} disabled={store.page >= store.pages} onClick={() => void api.goTo(store.pages)} />
      </nav>
    </main>
  );
});

export default UsersPage;
