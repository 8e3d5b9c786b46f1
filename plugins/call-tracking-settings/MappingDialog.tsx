// The mapping's form, to add one (DID, prefix and the two options) or edit one (prefix and options; the DID is
// shown read-only: it is the mapping's key, §4). Each refusal shows beside its field, in the manager's language.
import { Button, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { DID_DIGITS, PREFIX_MAX } from "../../src/contract/callTracking";
import { keepLine } from "../../src/contract/text";
import { usePlugin } from "../../src/sdk";
import type { CallTrackingStore, MappingRow } from "./model";
import type { CallTrackingService, FieldErrors, MappingField, MappingForm } from "./service";

export interface MappingDialogProps {
  /** The mapping edited; null: a new one. */
  mapping: MappingRow | null;
  onClose(): void;
}

export const MappingDialog = observer(function MappingDialog({ mapping, onClose }: MappingDialogProps) {
  const { store, api, ctx } = usePlugin<CallTrackingStore, CallTrackingService>();
  const { t } = ctx;
  const mode = mapping ? "edit" : "add";
  const [form, setForm] = useState<MappingForm>({
    did: mapping?.did ?? "",
    prefix: mapping?.prefix ?? "",
    duplicate_checker: mapping?.duplicate_checker ?? true,
    short_calls: mapping?.short_calls ?? false,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = (patch: Partial<MappingForm>, field?: MappingField) => {
    setForm((f) => ({ ...f, ...patch }));
    if (field && errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const text = (
    field: MappingField,
    label: string,
    props: { maxLength: number; inputMode?: "numeric"; readOnly?: boolean },
  ) => {
    const id = `mapping-${field}`;
    const error = errors[field];
    return (
      <FormGroup
        label={label}
        labelFor={id}
        intent={error ? "danger" : "none"}
        helperText={error ? <span id={`${id}-error`}>{error}</span> : undefined}
      >
        <InputGroup
          id={id}
          value={form[field]}
          intent={error ? "danger" : "none"}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onValueChange={(v) => change({ [field]: keepLine(v) }, field)}
          {...props}
        />
      </FormGroup>
    );
  };

  return (
    <Dialog isOpen title={mapping ? t("edit.title", { did: mapping.did }) : t("add.title")} onClose={onClose}>
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          const refused = await api.mappings.save(mode, form);
          if (refused === null) onClose();
          else setErrors(refused);
        }}
      >
        <DialogBody>
          {/* A little room past 10 digits, so a too-long DID shows its message instead of being cut. */}
          {text("did", t("fields.did"), {
            maxLength: DID_DIGITS + 4,
            inputMode: "numeric",
            readOnly: mode === "edit",
          })}
          {mode === "edit" && <p className="mappings__help">{t("edit.did_help")}</p>}
          {text("prefix", t("fields.prefix"), { maxLength: PREFIX_MAX + 4 })}
          <Checkbox
            checked={form.duplicate_checker}
            label={t("fields.duplicate_checker")}
            onChange={(e) => change({ duplicate_checker: e.currentTarget.checked })}
          />
          <p className="mappings__help">{t("help.duplicate_checker")}</p>
          <Checkbox
            checked={form.short_calls}
            label={t("fields.short_calls")}
            onChange={(e) => change({ short_calls: e.currentTarget.checked })}
          />
          <p className="mappings__help">{t("help.short_calls")}</p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t("cancel")} onClick={onClose} />
              <Button type="submit" intent="primary" text={t("save")} loading={store.mappings.busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
});
