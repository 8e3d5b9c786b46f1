// The Lead Groups page: the call centre's lead groups (name, how many prefixes and advisors each has), a 'New
// lead group' button, and on each row Edit, Advisors and Prefixes (the settings kit's relation dialogs). An
// advisor is given the pool leads whose prefix is in one of its groups.
import { observer } from "mobx-react-lite";
import { useState } from "react";
import type { LeadGroup } from "../../src/contract/leadBook";
import { usePlugin } from "../../src/sdk";
import { RelationDialog } from "../../src/sdk/settings";
import { NameDialog } from "./FormDialog";
import { ListFrame, RowAction } from "./ListFrame";
import type { LeadSettingsStore } from "./model";
import type { LeadSettingsService } from "./service";

type Open = { kind: "edit"; group: LeadGroup | null } | { kind: "advisors" | "prefixes"; group: LeadGroup } | null;

const GroupsPage = observer(function GroupsPage() {
  const { store, api, ctx } = usePlugin<LeadSettingsStore, LeadSettingsService>();
  const { t } = ctx;
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const relation = (o: Exclude<Open, null>) => {
    if (o.kind === "edit") return <NameDialog kind="groups" row={o.group} onClose={close} />;
    const g = o.group;
    const advisors = o.kind === "advisors";
    return (
      <RelationDialog
        title={t(`groups.${o.kind}.title`, { name: g.name })}
        listLabel={t(`groups.${o.kind}.list`)}
        emptyText={t(`groups.${o.kind}.none`)}
        load={() => (advisors ? api.groupAdvisors(g.id) : api.groupPrefixes(g.id))}
        save={(ids) => (advisors ? api.saveGroupAdvisors(g.id, ids) : api.saveGroupPrefixes(g.id, ids))}
        failure={api.failure}
        onClose={close}
      />
    );
  };

  return (
    <ListFrame
      kind="groups"
      columns={["name", "assignedPrefixesCount", "assignedAdvisorsCount", "actions"].map((c) => t(`groups.columns.${c}`))}
      onCreate={() => setOpen({ kind: "edit", group: null })}
      dialog={open && relation(open)}
    >
      {store.groups.rows.map((g) => (
        <tr key={g.id}>
          <td>{g.name}</td>
          <td>{g.assignedPrefixesCount}</td>
          <td>{g.assignedAdvisorsCount}</td>
          <td className="leads__actions">
            <RowAction icon="edit" text={t("edit")} label={t("edit_of", { name: g.name })} onClick={() => setOpen({ kind: "edit", group: g })} />
            <RowAction
              icon="people"
              text={t("groups.advisors.button")}
              label={t("groups.advisors.title", { name: g.name })}
              onClick={() => setOpen({ kind: "advisors", group: g })}
            />
            <RowAction
              icon="tag"
              text={t("groups.prefixes.button")}
              label={t("groups.prefixes.title", { name: g.name })}
              onClick={() => setOpen({ kind: "prefixes", group: g })}
            />
          </td>
        </tr>
      ))}
    </ListFrame>
  );
});

export default GroupsPage;
