// The call centre's recent imports, newest first: the file, when and by whom, its state and what it wrote; each
// opens to its mapping, progress or report.
import { Button, H2, HTMLTable, Intent, Spinner, Tag } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import { LoadFailed, usePlugin } from "../../src/sdk";
import type { LeadListsApi } from "./api";
import type { ImportState } from "./contract";
import { refusedOf, writtenOf } from "./ImportResults";
import type { LeadListsStore } from "./model";
import { useWords } from "./useWords";

const STATE_INTENTS: Record<ImportState, Intent> = {
  uploaded: Intent.NONE,
  checking: Intent.PRIMARY,
  checked: Intent.NONE,
  queued: Intent.PRIMARY,
  running: Intent.PRIMARY,
  done: Intent.SUCCESS,
  cancelled: Intent.WARNING,
  failed: Intent.DANGER,
};

const RecentImports = observer(function RecentImports() {
  const { store, api } = usePlugin<LeadListsStore, LeadListsApi>();
  const { t } = useTranslation("lead-lists");
  const words = useWords();

  let body;
  if (store.importsState === "failed")
    body = <LoadFailed title={t("recent.failed")} onRetry={() => void api.load()} />;
  else if (store.importsState !== "ready") body = <Spinner size={20} />;
  else if (store.imports.length === 0) body = <p className="lead-lists__muted">{t("recent.none")}</p>;
  else
    body = (
      <div className="lead-lists__scroll">
        <HTMLTable compact striped className="lead-lists__table" aria-labelledby="lead-lists-recent-title">
          <thead>
            <tr>
              <th scope="col">{t("recent.file")}</th>
              <th scope="col">{t("recent.when")}</th>
              <th scope="col">{t("recent.state")}</th>
              <th scope="col" className="lead-lists__number">
                {t("recent.written")}
              </th>
              <th scope="col" className="lead-lists__number">
                {t("recent.refused")}
              </th>
            </tr>
          </thead>
          <tbody>
            {store.imports.map((i) => {
              const ran = i.list_id !== null;
              return (
                <tr key={i.id} className={store.current?.id === i.id ? "lead-lists__current" : undefined}>
                  <td>
                    <Button
                      variant="minimal"
                      size="small"
                      className="lead-lists__open"
                      text={i.file_name}
                      aria-label={t("recent.open", { name: i.file_name })}
                      aria-current={store.current?.id === i.id ? "true" : undefined}
                      onClick={() => void api.open(i.id)}
                    />
                  </td>
                  <td>
                    {words.date(i.created_at)}
                    {i.created_by && <div className="lead-lists__muted">{i.created_by}</div>}
                  </td>
                  <td>
                    <Tag minimal intent={STATE_INTENTS[i.state]}>
                      {t(`states.${i.state}`)}
                    </Tag>
                  </td>
                  <td className="lead-lists__number">{ran ? words.number(writtenOf(i.counts)) : "—"}</td>
                  <td className="lead-lists__number">{ran ? words.number(refusedOf(i.counts)) : "—"}</td>
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
        <H2 id="lead-lists-recent-title">{t("recent.title")}</H2>
      </div>
      {body}
    </>
  );
});
export default RecentImports;
