// What the three lead book pages share: the title with the list's last change under it, the 'New …' button,
// the load's spinner or failure, the empty text, and the table with its column heads.
import { Button, H1, HTMLTable, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, type ReactNode } from "react";
import { LoadFailed, usePlugin } from "../../src/sdk";
import { LastChange } from "../../src/sdk/settings";
import type { LeadListKind, LeadSettingsStore } from "./model";
import type { LeadSettingsService } from "./service";
import "./leads.css";

export interface ListFrameProps {
  kind: LeadListKind;
  /** Column heads, already translated; the last is the row actions'. */
  columns: string[];
  /** The rows, once loaded and not empty. */
  children: ReactNode;
  /** The open dialog, if any. */
  dialog: ReactNode;
  onCreate(): void;
}

export const ListFrame = observer(function ListFrame({ kind, columns, children, dialog, onCreate }: ListFrameProps) {
  const { store, api, ctx } = usePlugin<LeadSettingsStore, LeadSettingsService>();
  const { t } = ctx;
  const list = store[kind];
  useEffect(() => {
    void api.load(kind);
  }, [api, kind]);
  const id = `leads-${kind}-title`;
  return (
    <main className="isi-page leads" aria-labelledby={id}>
      <div className="leads__header">
        <div>
          <H1 id={id}>{t(`${kind}.title`)}</H1>
          <p className="leads__help">
            {t(`${kind}.help`)} <LastChange change={list.lastChange} />
          </p>
        </div>
        <Button icon="add" intent="primary" text={t(`${kind}.create`)} onClick={onCreate} />
      </div>
      {list.phase === "loading" && <Spinner size={24} />}
      {list.phase === "failed" && (
        <LoadFailed title={t(`${kind}.load_failed`)} message={list.message} onRetry={() => void api.load(kind)} />
      )}
      {list.phase === "ready" &&
        (list.rows.length === 0 ? (
          <p className="leads__empty">{t(`${kind}.empty`)}</p>
        ) : (
          <HTMLTable compact striped className="leads__table" aria-label={t(`${kind}.table`)}>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </HTMLTable>
        ))}
      {dialog}
    </main>
  );
});

/** A row's action: an icon and its word; its accessible name says which row ("Qualifiers of Final Expense"). */
export function RowAction({ icon, text, label, onClick }: { icon: "edit" | "people" | "tag"; text: string; label: string; onClick(): void }) {
  return <Button size="small" variant="minimal" icon={icon} text={text} aria-label={label} onClick={onClick} />;
}
