// The Retreaver Mappings page: the call-tracking provider's mappings in a table (DID, prefix, duplicate checker,
// short calls, actions), an Add dialog, an Edit dialog (prefix and options; the DID read-only), a delete that
// asks first, and the list's last change.
import { Alert, Button, H1, HTMLTable, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import { LoadFailed, usePlugin } from "../../src/sdk";
import { LastChange } from "../../src/sdk/settings";
import { MappingDialog } from "./MappingDialog";
import type { CallTrackingStore, MappingRow } from "./model";
import type { CallTrackingService } from "./service";
import "./callTracking.css";

const RetreaverMappingsPage = observer(function RetreaverMappingsPage() {
  const { store, api, ctx } = usePlugin<CallTrackingStore, CallTrackingService>();
  const { t } = ctx;
  const list = store.mappings;
  /** The dialog open: "new", a mapping being edited, or none. */
  const [editing, setEditing] = useState<MappingRow | "new" | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  useEffect(() => {
    void api.mappings.load();
  }, [api]);
  const yesNo = (on: boolean) => (on ? t("yes") : t("no"));

  return (
    <main className="isi-page mappings" aria-labelledby="mappings-title">
      <div className="mappings__head">
        <H1 id="mappings-title">{t("title")}</H1>
        <Button
          intent="primary"
          icon="add"
          text={t("add.button")}
          disabled={list.phase !== "ready"}
          onClick={() => setEditing("new")}
        />
      </div>
      <p className="mappings__intro">{t("intro")}</p>
      {list.phase === "loading" && <Spinner size={24} />}
      {list.phase === "failed" && (
        <LoadFailed
          title={t("errors.load_failed")}
          message={list.message}
          onRetry={() => void api.mappings.load()}
        />
      )}
      {list.phase === "ready" &&
        (list.rows.length === 0 ? (
          <p className="mappings__empty">{t("empty")}</p>
        ) : (
          <HTMLTable compact striped className="mappings__table" aria-label={t("table")}>
            <thead>
              <tr>
                <th scope="col">{t("fields.did")}</th>
                <th scope="col">{t("fields.prefix")}</th>
                <th scope="col">{t("fields.duplicate_checker")}</th>
                <th scope="col">{t("fields.short_calls")}</th>
                <th scope="col">{t("actions")}</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((m) => (
                <tr key={m.did}>
                  <td>{m.did}</td>
                  <td>{m.prefix}</td>
                  <td>{yesNo(m.duplicate_checker)}</td>
                  <td>{yesNo(m.short_calls)}</td>
                  <td>
                    <Button
                      variant="minimal"
                      icon="edit"
                      aria-label={t("edit.action", { did: m.did })}
                      disabled={list.busy}
                      onClick={() => setEditing(m)}
                    />
                    <Button
                      variant="minimal"
                      intent="danger"
                      icon="trash"
                      aria-label={t("delete.action", { did: m.did })}
                      disabled={list.busy}
                      onClick={() => setConfirming(m.did)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        ))}
      {list.phase === "ready" && (
        <p className="mappings__foot">
          <LastChange change={list.lastChange} />
        </p>
      )}
      {editing && (
        <MappingDialog mapping={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      )}
      <Alert
        isOpen={confirming !== null}
        intent="danger"
        icon="trash"
        cancelButtonText={t("cancel")}
        confirmButtonText={t("delete.confirm")}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const did = confirming;
          setConfirming(null);
          if (did) void api.mappings.remove(did);
        }}
      >
        <p>{t("delete.text", { did: confirming ?? "" })}</p>
      </Alert>
    </main>
  );
});

export default RetreaverMappingsPage;
