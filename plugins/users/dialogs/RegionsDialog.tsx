// Callable states and health licences (admin-and-sign-in §2, §7, §9): a checkbox per state or province of
// the call centre's country, with select all and none. Callable states all ticked is saved as null (every
// state, the gateway's meaning of null), so a manager's "all" stays all.
import { Button, ButtonGroup, Checkbox } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { AgentListItem } from "../../../src/contract/agents";
import { regionsOf } from "../../../src/contract/lookups";
import type { Language } from "../../../src/contract/common";
import { usePlugin } from "../../../src/sdk";
import { RowDialog, useRowDialog } from "./RowDialog";

export interface RegionsDialogProps {
  /** Whose: the list's row, or another plugin's agent (an agent action). */
  agent: Pick<AgentListItem, "id" | "full_name">;
  kind: "provinces" | "health_licenses";
  onClose(): void;
  onChanged(): void;
}

export const RegionsDialog = observer(function RegionsDialog({ agent, kind, onClose, onChanged }: RegionsDialogProps) {
  const { ctx } = usePlugin();
  const regions = regionsOf(ctx.variant.country);
  const { state, save, t } = useRowDialog(async (calls) => {
    if (kind === "health_licenses") return calls.healthLicenses(agent.id);
    return (await calls.provinces(agent.id)) ?? regions.map((r) => r.value);
  }, onChanged, onClose);
  const language = (["en", "fr", "es"].includes(ctx.language) ? ctx.language : "en") as Language;
  const all = regions.map((r) => r.value);
  return (
    <RowDialog
      title={t(`dialogs.${kind}.title`, { name: agent.full_name })}
      state={state}
      onClose={onClose}
      onSave={() =>
        save((calls) => {
          const chosen = all.filter((c) => state.has(c));
          if (kind === "health_licenses") return calls.saveHealthLicenses(agent.id, chosen);
          return calls.saveProvinces(agent.id, chosen.length === all.length ? null : chosen);
        })
      }
    >
      <p>{t(`dialogs.${kind}.help`)}</p>
      <ButtonGroup className="users-dialog__bulk">
        <Button variant="outlined" text={t("dialogs.select_all")} onClick={() => state.choose(all)} />
        <Button variant="outlined" text={t("dialogs.select_none")} onClick={() => state.choose([])} />
      </ButtonGroup>
      <div className="users-dialog__choices" role="group" aria-label={t(`dialogs.${kind}.list`)}>
        {regions.map((r) => (
          <Checkbox
            key={r.value}
            label={`${r.label[language]} (${r.value.toUpperCase()})`}
            checked={state.has(r.value)}
            onChange={(e) => state.toggle(r.value, e.currentTarget.checked)}
          />
        ))}
      </div>
    </RowDialog>
  );
});
