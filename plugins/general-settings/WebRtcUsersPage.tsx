// The WebRTC users page (admin-and-sign-in §2 webrtc-users, §4, §9): the call centre's agents, searched and
// paged (10/25/50/100), each with a switch that gives a browser softphone or takes it away at once. A refused
// switch goes back without a word (§4); the agent gets the change at its next sign-in, which the page says.
import { Button, H1, HTMLTable, InputGroup, Spinner, Switch } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useId } from "react";
import { LoadFailed, Select, usePlugin } from "../../src/sdk";
import { LastChange } from "../../src/sdk/settings";
import { WEBRTC_PAGE_SIZES, type GeneralSettingsStore } from "./model";
import type { GeneralSettingsService } from "./service";
import "./general.css";

const WebRtcUsersPage = observer(function WebRtcUsersPage() {
  const { store: root, api: all, ctx } = usePlugin<GeneralSettingsStore, GeneralSettingsService>();
  const { t } = ctx;
  const store = root.webrtc;
  const api = all.webrtc;
  const searchId = useId();
  const sizeId = useId();
  useEffect(() => {
    void api.open();
  }, [api]);

  const from = store.total === 0 ? 0 : (store.page - 1) * store.perPage + 1;
  const to = Math.min(store.total, store.page * store.perPage);
  const firstLoad = store.phase === "loading" && store.rows.length === 0;

  return (
    <main className="isi-page webrtc-users" aria-labelledby="webrtc-users-title">
      <H1 id="webrtc-users-title">{t("webrtc.title")}</H1>
      <p className="webrtc-users__note">
        {t("webrtc.next_sign_in")} <LastChange change={store.lastChange} />
      </p>
      <div className="webrtc-users__toolbar">
        <label htmlFor={searchId}>{t("webrtc.search")}</label>
        <InputGroup
          id={searchId}
          type="search"
          leftIcon="search"
          value={store.typed}
          placeholder={t("webrtc.search_placeholder")}
          maxLength={100}
          onValueChange={(v) => api.type(v)}
        />
      </div>
      {store.phase === "failed" && <LoadFailed title={t("webrtc.load_failed")} message={store.message} onRetry={() => void api.reload()} />}
      {firstLoad && <Spinner size={24} />}
      {!firstLoad && store.phase !== "failed" && (
        <HTMLTable className="webrtc-users__table" compact striped aria-label={t("webrtc.table")} aria-busy={store.phase === "loading"}>
          <thead>
            <tr>
              <th scope="col">{t("webrtc.columns.name")}</th>
              <th scope="col">{t("webrtc.columns.email")}</th>
              <th scope="col">{t("webrtc.columns.extension")}</th>
              <th scope="col">{t("webrtc.columns.role")}</th>
              <th scope="col">{t("webrtc.columns.webrtc")}</th>
            </tr>
          </thead>
          <tbody>
            {store.rows.length === 0 && store.phase === "ready" && (
              <tr>
                <td colSpan={5} className="webrtc-users__empty">
                  {t("webrtc.empty")}
                </td>
              </tr>
            )}
            {store.rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.full_name}</th>
                <td>{row.email ?? ""}</td>
                <td>{row.extension ?? ""}</td>
                <td>{t(`webrtc.roles.${row.role}`)}</td>
                <td>
                  <Switch
                    checked={row.has_webrtc ?? false}
                    disabled={store.pending.includes(row.id)}
                    aria-label={t("webrtc.toggle", { name: row.full_name })}
                    label={row.has_webrtc ? t("webrtc.on") : t("webrtc.off")}
                    onChange={(e) => void api.toggle(row, e.currentTarget.checked)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <nav className="webrtc-users__paging" aria-label={t("webrtc.paging.navigation")}>
        <label htmlFor={sizeId}>{t("webrtc.paging.page_size")}</label>
        <Select
          id={sizeId}
          value={String(store.perPage)}
          onChange={(e) => void api.pageSize(Number(e.currentTarget.value))}
          options={WEBRTC_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
        />
        <span aria-live="polite">{t("webrtc.paging.range", { from, to, total: store.total })}</span>
        <Button variant="minimal" icon="double-chevron-left" aria-label={t("webrtc.paging.first")} disabled={store.page <= 1} onClick={() => void api.goTo(1)} />
        <Button variant="minimal" icon="chevron-left" aria-label={t("webrtc.paging.previous")} disabled={store.page <= 1} onClick={() => void api.goTo(store.page - 1)} />
        <span>{t("webrtc.paging.page", { page: store.page, pages: store.pages })}</span>
        <Button variant="minimal" icon="chevron-right" aria-label={t("webrtc.paging.next")} disabled={store.page >= store.pages} onClick={() => void api.goTo(store.page + 1)} />
        <Button variant="minimal" icon="double-chevron-right" aria-label={t("webrtc.paging.last")} disabled={store.page >= store.pages} onClick={() => void api.goTo(store.pages)} />
      </nav>
    </main>
  );
});
export default WebRtcUsersPage;
