// The call centre's lead lists (each import, each publisher) with where their leads stand, and what a manager does
// to one: pause it for the dialer or resume it, reset its dial counts, remove its undialled leads — the last two
// after a confirmation that says what they do.
import { Alert, Button, H2, HTMLTable, Intent, Spinner, Tag } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadFailed, usePlugin } from "../../src/sdk";
import type { LeadListsApi } from "./api";
import type { LeadList, ListCounts } from "./contract";
import type { LeadListsStore } from "./model";
import { useWords } from "./useWords";

const COUNTS: (keyof ListCounts)[] = ["total", "dialable", "dialled", "contacted", "booked", "exhausted", "dnc"];

type Asking = { action: "reset" | "remove"; list: LeadList };

const ListsTable = observer(function ListsTable() {
  const { store, api } = usePlugin<LeadListsStore, LeadListsApi>();
  const { t } = useTranslation("lead-lists");
  const words = useWords();
  const [asking, setAsking] = useState<Asking | null>(null);

  let body;
  if (store.listsState === "failed")
    body = <LoadFailed title={t("lists.failed")} onRetry={() => void api.loadLists()} />;
  else if (store.listsState !== "ready") body = <Spinner size={24} />;
  else if (store.lists.length === 0) body = <p className="lead-lists__muted">{t("lists.none")}</p>;
  else
    body = (
      <div className="lead-lists__scroll">
        <HTMLTable compact striped className="lead-lists__table" aria-labelledby="lead-lists-lists-title">
          <thead>
            <tr>
              <th scope="col">{t("lists.name")}</th>
              <th scope="col">{t("lists.kind")}</th>
              <th scope="col">{t("lists.created")}</th>
              <th scope="col">{t("lists.by")}</th>
              {COUNTS.map((c) => (
                <th key={c} scope="col" className="lead-lists__number">
                  {t(`lists.${c}`)}
                </th>
              ))}
              <th scope="col">{t("lists.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {store.lists.map((list) => {
              const busy = store.listBusy === list.id;
              return (
                <tr key={list.id}>
                  <th scope="row" className="lead-lists__name">
                    {list.name}
                    {list.paused && (
                      <Tag minimal intent={Intent.WARNING} className="lead-lists__paused">
                        {t("lists.paused")}
                      </Tag>
                    )}
                  </th>
                  <td>{t(`lists.kinds.${list.kind}`)}</td>
                  <td>{words.date(list.created_at)}</td>
                  <td>{list.created_by ?? "—"}</td>
                  {COUNTS.map((c) => (
                    <td key={c} className="lead-lists__number">
                      {words.number(list.counts[c])}
                    </td>
                  ))}
                  <td className="lead-lists__row-actions">
                    <Button
                      size="small"
                      variant="minimal"
                      icon={list.paused ? "play" : "pause"}
                      text={list.paused ? t("lists.resume") : t("lists.pause")}
                      disabled={busy}
                      onClick={() => void api.setPaused(list.id, !list.paused)}
                    />
                    <Button
                      size="small"
                      variant="minimal"
                      icon="reset"
                      text={t("lists.reset")}
                      disabled={busy}
                      onClick={() => setAsking({ action: "reset", list })}
                    />
                    <Button
                      size="small"
                      variant="minimal"
                      intent={Intent.DANGER}
                      icon="trash"
                      text={t("lists.remove")}
                      disabled={busy}
                      onClick={() => setAsking({ action: "remove", list })}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </div>
    );

  return (
    <>
      <div className="lead-lists__heading">
        <H2 id="lead-lists-lists-title">{t("lists.title")}</H2>
      </div>
      {body}
      <Alert
        isOpen={asking !== null}
        intent={asking?.action === "remove" ? Intent.DANGER : Intent.WARNING}
        icon={asking?.action === "remove" ? "trash" : "reset"}
        cancelButtonText={t("lists.keep")}
        confirmButtonText={asking?.action === "remove" ? t("lists.remove") : t("lists.reset")}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const was = asking;
          setAsking(null);
          if (was?.action === "reset") void api.resetDials(was.list.id);
          else if (was) void api.removeUndialled(was.list.id);
        }}
      >
        {asking && (
          <p>
            {asking.action === "reset"
              ? t("lists.reset_confirm", { name: asking.list.name, count: asking.list.counts.total, leads: words.number(asking.list.counts.total) })
              : t("lists.remove_confirm", { name: asking.list.name })}
          </p>
        )}
      </Alert>
    </>
  );
});
export default ListsTable;
