// The attribute group's form, to create one ('New attribute group') or edit one: name, short name, provider and
// transfer score are edited; did and the auto-forward fields are shown read-only (admin-and-sign-in §3), also
// when creating (docs/decisions.md "Attribute groups"). Refusals show as a text block above the buttons.
import { Button, Checkbox, Classes, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from "@blueprintjs/core";
import { useState } from "react";
import { ATTRIBUTE_GROUP_TEXT_MAX, type AttributeGroup } from "../../src/contract/attributeGroups";
import { keepLine } from "../../src/contract/text";
import { usePlugin } from "../../src/sdk";
import { ErrorLines } from "../../src/sdk/settings";
import type { GroupsStore } from "./model";
import type { GroupForm, GroupsService } from "./service";

export function GroupDialog({ group, onClose }: { group: AttributeGroup | null; onClose(): void }) {
  const { api, ctx } = usePlugin<GroupsStore, GroupsService>();
  const { t } = ctx;
  const [form, setForm] = useState<GroupForm>({
    name: group?.name ?? "",
    shortName: group?.shortName ?? "",
    provider: group?.provider ?? "",
    transferScore: group?.transferScore ?? 0,
  });
  const [errors, setErrors] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const change = (patch: Partial<GroupForm>) => setForm((f) => ({ ...f, ...patch }));

  const text = (field: "name" | "shortName" | "provider") => (
    <FormGroup label={t(`fields.${field}`)} labelFor={`group-${field}`}>
      <InputGroup
        id={`group-${field}`}
        value={form[field]}
        maxLength={ATTRIBUTE_GROUP_TEXT_MAX}
        onValueChange={(v) => change({ [field]: keepLine(v) })}
      />
    </FormGroup>
  );
  const readOnly = (id: string, label: string, value: string) => (
    <FormGroup label={label} labelFor={id}>
      <InputGroup id={id} value={value} readOnly className={Classes.FILL} />
    </FormGroup>
  );

  return (
    <Dialog isOpen title={group ? t("edit.title", { name: group.name }) : t("create.title")} onClose={onClose}>
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setSaving(true);
          const outcome = await api.save(group?.id ?? null, form);
          setSaving(false);
          if (outcome) setErrors(outcome);
          else onClose();
        }}
      >
        <DialogBody>
          {group && readOnly("group-id", t("fields.id"), String(group.id))}
          {text("name")}
          {text("shortName")}
          {text("provider")}
          <FormGroup label={t("fields.transferScore")} labelFor="group-transferScore">
            <InputGroup
              id="group-transferScore"
              inputMode="numeric"
              maxLength={3}
              value={form.transferScore === null ? "" : String(form.transferScore)}
              onValueChange={(v) => {
                const digits = v.replace(/\D/g, "");
                change({ transferScore: digits === "" ? null : Number(digits) });
              }}
            />
          </FormGroup>
          {readOnly("group-did", t("fields.did"), group?.did ?? "")}
          <Checkbox checked={group?.hasInternalAutoForward ?? false} disabled label={t("fields.hasInternalAutoForward")} />
          {readOnly("group-internal-delay", t("fields.autoForwardInternalDelay"), String(group?.autoForwardInternalDelay ?? 0))}
          <Checkbox checked={group?.hasExternalAutoForward ?? false} disabled label={t("fields.hasExternalAutoForward")} />
          {readOnly("group-external-delay", t("fields.autoForwardExternalDelay"), String(group?.autoForwardExternalDelay ?? 0))}
          <p className="groups__help">{t("read_only_help")}</p>
          {errors && <ErrorLines lines={errors} />}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t("cancel")} onClick={onClose} />
              <Button type="submit" intent="primary" text={t("save")} loading={saving} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
