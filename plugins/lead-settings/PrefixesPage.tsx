// The Lead Prefixes page: the call centre's marketing prefixes (id, name), a 'New lead prefix' button and an
// Edit action on each row. A lead group gives its advisors the leads of its prefixes.
import { observer } from "mobx-react-lite";
import { useState } from "react";
import type { LeadPrefix } from "../../src/contract/leadBook";
import { usePlugin } from "../../src/sdk";
import { NameDialog } from "./FormDialog";
import { ListFrame, RowAction } from "./ListFrame";
import type { LeadSettingsStore } from "./model";
import type { LeadSettingsService } from "./service";

const PrefixesPage = observer(function PrefixesPage() {
  const { store, ctx } = usePlugin<LeadSettingsStore, LeadSettingsService>();
  const { t } = ctx;
  const [open, setOpen] = useState<{ prefix: LeadPrefix | null } | null>(null);
  return (
    <ListFrame
      kind="prefixes"
      columns={["id", "name", "actions"].map((c) => t(`prefixes.columns.${c}`))}
      onCreate={() => setOpen({ prefix: null })}
      dialog={open && <NameDialog kind="prefixes" row={open.prefix} onClose={() => setOpen(null)} />}
    >
      {store.prefixes.rows.map((p) => (
        <tr key={p.id}>
          <td>{p.id}</td>
          <td>{p.name}</td>
          <td className="leads__actions">
            <RowAction icon="edit" text={t("edit")} label={t("edit_of", { name: p.name })} onClick={() => setOpen({ prefix: p })} />
          </td>
        </tr>
      ))}
    </ListFrame>
  );
});

export default PrefixesPage;
