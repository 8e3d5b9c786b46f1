// The Supervision page (admins): whether the call centre's agents see that their call is supervised, and the
// audit trail of every supervision, newest first: who supervised whom, on which call, when, in which modes, for
// how long and how it ended.
import { Button, H1, HTMLTable, Spinner, Switch } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadFailed, usePlugin } from "../../src/sdk";
import type { SupervisionApi } from "./api";
import { AUDIT_PAGE_SIZE, type SupervisionAudit } from "./contract";
import type { SupervisionStore } from "./model";
import "./supervision.css";

function minutes(seconds: number | null): string {
  if (seconds === null) return "—";
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

const SupervisionAdminPage = observer(function SupervisionAdminPage() {
  const { store, api, ctx } = usePlugin<SupervisionStore, SupervisionApi>();
  const { t } = useTranslation("supervision");
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    void api.loadSettings();
    void api.loadAudit(1);
  }, [api]);
  const at = new Intl.DateTimeFormat(ctx.language, { dateStyle: "medium", timeStyle: "medium" });
  // A supervision lasts minutes: each mode's start is a time of the day it began.
  const time = new Intl.DateTimeFormat(ctx.language, { timeStyle: "medium" });
  const pages = Math.max(1, Math.ceil(store.auditTotal / AUDIT_PAGE_SIZE));
  const modes = (row: SupervisionAudit) =>
    row.modes.map((m) => `${t(`modes.${m.mode}`)} (${time.format(new Date(m.at))})`).join(" → ");
  const ended = (row: SupervisionAudit) =>
    row.state === "ended" ? t(`ends.${row.end_reason ?? "left"}`) : t(`states.${row.state}`);

  return (
    <main className="isi-page supervision-admin" aria-labelledby="supervision-admin-title">
      <H1 id="supervision-admin-title">{t("admin.title")}</H1>
      <p>{t("admin.help")}</p>
      {store.agentsSee !== null && (
        <Switch
          checked={store.agentsSee}
          disabled={saving}
          label={t("admin.agents_see")}
          onChange={async (e) => {
            const on = e.currentTarget.checked;
            setSaving(true);
            const ok = await api.setAgentsSee(on);
            setSaving(false);
            if (ok) ctx.notify.success(t("admin.saved"));
            else ctx.notify.error(t("errors.failed"));
          }}
        />
      )}
      <h2>{t("admin.audit")}</h2>
      {store.auditState === "failed" ? (
        <LoadFailed title={t("admin.failed")} onRetry={() => void api.loadAudit(store.auditPage)} />
      ) : store.auditState !== "ready" ? (
        <Spinner size={24} />
      ) : store.audit.length === 0 ? (
        <p>{t("admin.none")}</p>
      ) : (
        <>
          <HTMLTable compact striped className="supervision-admin__table" aria-label={t("admin.audit")}>
            <thead>
              <tr>
                <th>{t("admin.started")}</th>
                <th>{t("admin.manager")}</th>
                <th>{t("admin.agent")}</th>
                <th>{t("admin.call")}</th>
                <th>{t("admin.modes")}</th>
                <th>{t("admin.duration")}</th>
                <th>{t("admin.end")}</th>
              </tr>
            </thead>
            <tbody>
              {store.audit.map((row) => (
                <tr key={row.id}>
                  <td>{at.format(new Date(row.started_at))}</td>
                  <td>{row.manager_name}</td>
                  <td>{row.agent_name}</td>
                  <td>{row.call_id}</td>
                  <td>{modes(row)}</td>
                  <td>{minutes(row.duration_seconds)}</td>
                  <td>{ended(row)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <nav className="supervision-admin__pages" aria-label={t("admin.pages")}>
            <Button
              icon="chevron-left"
              disabled={store.auditPage <= 1}
              aria-label={t("admin.previous")}
              onClick={() => void api.loadAudit(store.auditPage - 1)}
            />
            <span>{t("admin.page", { page: store.auditPage, pages })}</span>
            <Button
              icon="chevron-right"
              disabled={store.auditPage >= pages}
              aria-label={t("admin.next")}
              onClick={() => void api.loadAudit(store.auditPage + 1)}
            />
          </nav>
        </>
      )}
    </main>
  );
});
export default SupervisionAdminPage;
