// The create and edit dialog of a campaign, a prefix or a group: its fields with their errors beside them
// (checked before sending, then the gateway's, keyed per field), Cancel and Save. A refusal that is not about
// a field (403, 404, a failure) shows above the buttons.
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from "@blueprintjs/core";
import { useState, type ReactNode } from "react";
import { LEAD_NAME_MAX } from "../../src/contract/leadBook";
import { keepLine } from "../../src/contract/text";
import { usePlugin } from "../../src/sdk";
import type { LeadSettingsStore } from "./model";
import type { LeadSettingsService, Refusal } from "./service";

export interface FormDialogProps {
  title: string;
  /** Saves the form; null when saved (the dialog closes). */
  onSave(): Promise<Refusal | null>;
  onClose(): void;
  /** The fields, given the errors of the last try. */
  children(errors: Record<string, string>): ReactNode;
}

export function FormDialog({ title, onSave, onClose, children }: FormDialogProps) {
  const { ctx } = usePlugin<LeadSettingsStore, LeadSettingsService>();
  const { t } = ctx;
  const [refused, setRefused] = useState<Refusal | null>(null);
  const [saving, setSaving] = useState(false);
  return (
    <Dialog isOpen title={title} onClose={onClose}>
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setSaving(true);
          const outcome = await onSave();
          setSaving(false);
          if (outcome) setRefused(outcome);
          else onClose();
        }}
      >
        <DialogBody>
          {children(refused?.fields ?? {})}
          {refused?.message && (
            <Callout intent="danger" role="alert" className="leads__refusal">
              {refused.message}
            </Callout>
          )}
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

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  /** A hint under the field when it has no error. */
  hint?: string;
  /** The rule's limit; the field takes a little more, so a pasted long text shows its message instead of being cut. */
  max: number;
}

/** A text field with its error (or hint) beside it, tied to it for screen readers. */
export function TextField({ id, label, value, onChange, error, hint, max }: TextFieldProps) {
  const note = error ?? hint;
  return (
    <FormGroup
      label={label}
      labelFor={id}
      intent={error ? "danger" : "none"}
      helperText={note ? <span id={`${id}-note`}>{note}</span> : undefined}
    >
      <InputGroup
        id={id}
        value={value}
        maxLength={max + 20}
        intent={error ? "danger" : "none"}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? `${id}-note` : undefined}
        onValueChange={(v) => onChange(keepLine(v))}
      />
    </FormGroup>
  );
}

/** A prefix's or a group's form: its name only. */
export function NameDialog({ kind, row, onClose }: { kind: "prefixes" | "groups"; row: { id: number; name: string } | null; onClose(): void }) {
  const { api, ctx } = usePlugin<LeadSettingsStore, LeadSettingsService>();
  const { t } = ctx;
  const [name, setName] = useState(row?.name ?? "");
  return (
    <FormDialog
      title={row ? t(`${kind}.edit_title`, { name: row.name }) : t(`${kind}.create`)}
      onClose={onClose}
      onSave={() => api.save(kind, row?.id ?? null, { name })}
    >
      {(errors) => (
        <TextField id={`${kind}-name`} label={t(`${kind}.columns.name`)} value={name} onChange={setName} error={errors.name} max={LEAD_NAME_MAX} />
      )}
    </FormDialog>
  );
}
