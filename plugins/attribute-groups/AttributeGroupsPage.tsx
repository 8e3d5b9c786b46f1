// The Attribute Groups page: the call centre's groups in a table, a 'New attribute group' button, and on each
// row the edit, agents and attributes dialogs.
import { Button, H1, HTMLTable, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import type { AttributeGroup } from "../../src/contract/attributeGroups";
import { LoadFailed, usePlugin } from "../../src/sdk";
import { LastChange, RelationDialog } from "../../src/sdk/settings";
import { GroupDialog } from "./GroupDialog";
import type { GroupsStore } from "./model";
import type { GroupsService } from "./service";
import "./groups.css";

type Open =
  | { kind: "edit"; group: AttributeGroup | null }
  | { kind: "users" | "attributes"; group: AttributeGroup }
  | null;

const AttributeGroupsPage = observer(function AttributeGroupsPage() {
  const { store, api, ctx } = usePlugin<GroupsStore, GroupsService>();
  const { t } = ctx;
  const [open, setOpen] = useState<Open>(null);
  useEffect(() => {
    void api.load();
  }, [api]);
  const yesNo = (b: boolean) => (b ? t("yes") : t("no"));

  return (
    <main className="isi-page groups" aria-labelledby="groups-title">
      <div className="groups__header">
        <div>
          <H1 id="groups-title">{t("title")}</H1>
          <p className="groups__help">
            <LastChange change={store.lastChange} />
          </p>
        </div>
        <Button icon="add" intent="primary" text={t("create.button")} onClick={() => setOpen({ kind: "edit", group: null })} />
      </div>
      {store.phase === "loading" && <Spinner size={24} />}
      {store.phase === "failed" && (
        <LoadFailed title={t("errors.load_failed")} message={store.message} onRetry={() => void api.load()} />
      )}
      {store.phase === "ready" &&
        (store.groups.length === 0 ? (
          <p className="groups__help">{t("empty")}</p>
        ) : (
          <HTMLTable compact striped className="groups__table" aria-label={t("table")}>
            <thead>
              <tr>
                {["id", "name", "shortName", "did", "provider", "transferScore", "hasInternalAutoForward", "hasExternalAutoForward", "agents", "attributes", "actions"].map((c) => (
                  <th key={c} scope="col">
                    {t(`columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {store.groups.map((g) => (
                <tr key={g.id}>
                  <td>{g.id}</td>
                  <td>{g.name}</td>
                  <td>{g.shortName}</td>
                  <td>{g.did ?? ""}</td>
                  <td>{g.provider ?? ""}</td>
                  <td>{g.transferScore}</td>
                  <td>{yesNo(g.hasInternalAutoForward)}</td>
                  <td>{yesNo(g.hasExternalAutoForward)}</td>
                  <td>{g.userIds.length}</td>
                  <td>{g.attributeIds.length}</td>
                  <td className="groups__actions">
                    <Button variant="minimal" icon="edit" aria-label={t("edit.button", { name: g.name })} onClick={() => setOpen({ kind: "edit", group: g })} />
                    <Button variant="minimal" icon="people" aria-label={t("users.button", { name: g.name })} onClick={() => setOpen({ kind: "users", group: g })} />
                    <Button variant="minimal" icon="tag" aria-label={t("attributes.button", { name: g.name })} onClick={() => setOpen({ kind: "attributes", group: g })} />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        ))}
      {open?.kind === "edit" && <GroupDialog group={open.group} onClose={() => setOpen(null)} />}
      {(open?.kind === "users" || open?.kind === "attributes") && (
        <RelationDialog
          title={t(`${open.kind}.title`, { name: open.group.name })}
          listLabel={t(`${open.kind}.list`)}
          emptyText={t(`${open.kind}.none`)}
          load={() => api.relation(open.group.id, open.kind)}
          save={(ids) => api.saveRelation(open.group.id, open.kind, ids)}
          failure={api.failure}
          onClose={() => setOpen(null)}
        />
      )}
    </main>
  );
});

export default AttributeGroupsPage;
