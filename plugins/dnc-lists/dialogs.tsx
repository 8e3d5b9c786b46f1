// The page's dialogs: add a number (to the internal list, at a person's request or not, or to an imported list),
// take a number off a list with its reason, create a list, upload a file of numbers to a list and read what came
// of it, and browse a list's numbers. Forms are react-final-form with the SDK's fields; each is checked with the
// gateway's own schema before sending, and the gateway's refusals show beside their fields or above the buttons.
import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput, FormGroup, HTMLTable, Spinner } from "@blueprintjs/core";
import { FORM_ERROR } from "final-form";
import { observer } from "mobx-react-lite";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { Form } from "react-final-form";
import type { z } from "zod";
import { idempotencyKey, usePlugin } from "../../src/sdk";
import {
  CheckboxField,
  DateField,
  FormNamespace,
  PhoneField,
  RadioGroupField,
  SelectField,
  TextAreaField,
  TextField,
} from "../../src/sdk/forms";
import type { DncListsApi, DncOutcome } from "./api";
import {
  AddDncNumberBody,
  CreateDncListBody,
  DNC_NAME_MAX,
  DNC_REASON_MAX,
  DNC_SOURCE_MAX,
  DncReason,
  INTERNAL_LIST,
  type DncEntry,
  type DncList,
  type UploadResult,
} from "./contract";
import { dayOf, formatPhone, today } from "./format";
import type { DncListsStore } from "./model";
import { messageKey } from "./service";

const NS = "dnc-lists";

/** A schema's refusals of the form's values, each field's first as this plugin's i18n key. */
function schemaErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of schema.safeParse(value).error?.issues ?? []) {
    const field = String(issue.path[0] ?? "");
    if (field && !errors[field]) errors[field] = messageKey(issue.message);
  }
  return errors;
}

/** A refused write as final-form's submit errors: the fields the form has beside them, anything else above the buttons. */
function submitErrors(outcome: DncOutcome<unknown>, fields: readonly string[]) {
  if (outcome.ok) return undefined;
  const mine = Object.fromEntries(Object.entries(outcome.fields).filter(([f]) => fields.includes(f)));
  return { ...mine, [FORM_ERROR]: Object.keys(mine).length > 0 ? undefined : (outcome.message ?? undefined) };
}

/** A dialog's form: its fields, the refusal that belongs to none of them, Cancel and the submit button. */
function FormDialog<V extends object>({
  title,
  submitText,
  danger,
  initialValues,
  validate,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submitText: string;
  danger?: boolean;
  initialValues: V;
  validate(values: V): Record<string, string>;
  onSubmit(values: V): Promise<Record<string, string | undefined> | undefined>;
  onClose(): void;
  children(values: V): ReactNode;
}) {
  const { ctx } = usePlugin<DncListsStore, DncListsApi>();
  return (
    <Dialog isOpen title={title} onClose={onClose} className="dnc__dialog">
      <FormNamespace ns={NS}>
        <Form<V> onSubmit={onSubmit} validate={validate} initialValues={initialValues}>
          {({ handleSubmit, submitting, submitError, values }) => (
            <form onSubmit={handleSubmit} noValidate aria-label={title}>
              <DialogBody>
                {children(values)}
                {submitError && !submitting && (
                  <Callout intent="danger" role="alert" className="dnc__refusal">
                    {submitError}
                  </Callout>
                )}
              </DialogBody>
              <DialogFooter
                actions={
                  <>
                    <Button text={ctx.t("cancel")} onClick={onClose} />
                    <Button type="submit" intent={danger ? "danger" : "primary"} text={submitText} loading={submitting} />
                  </>
                }
              />
            </form>
          )}
        </Form>
      </FormNamespace>
    </Dialog>
  );
}

interface AddValues {
  list: number | null;
  phone: string;
  reason: string;
  consumer_request: boolean;
}

/** "Add a number": the list (internal first), the number, why, and on the internal list whether the person asked. */
export const AddNumberDialog = observer(function AddNumberDialog({ listId, onClose }: { listId: number; onClose(): void }) {
  const { store, api, ctx } = usePlugin<DncListsStore, DncListsApi>();
  const { t } = ctx;
  const key = useMemo(() => idempotencyKey(), []);
  const lists = store.lists.filter((l) => !l.expired);
  return (
    <FormDialog<AddValues>
      title={t("add.title")}
      submitText={t("add.submit")}
      initialValues={{ list: listId, phone: "", reason: "", consumer_request: false }}
      validate={(v) => schemaErrors(AddDncNumberBody, { phone: v.phone ?? "", reason: v.reason ?? "" })}
      onClose={onClose}
      onSubmit={async (v) => {
        const list = v.list ?? INTERNAL_LIST;
        const outcome = await api.addNumber(
          list,
          { phone: v.phone, reason: v.reason, ...(list === INTERNAL_LIST && { consumer_request: v.consumer_request }) },
          key,
        );
        if (outcome.ok) onClose();
        return submitErrors(outcome, ["phone", "reason", "consumer_request"]);
      }}
    >
      {(v) => (
        <>
          <SelectField<number> name="list" label={t("add.list")} required options={lists.map((l) => ({ value: l.id, label: api.nameOf(l) }))} />
          <PhoneField name="phone" label={t("add.phone")} required />
          <TextAreaField name="reason" label={t("add.reason")} required rule="line" maxLength={DNC_REASON_MAX} helperText={t("add.reason_help")} />
          {v.list === INTERNAL_LIST && (
            <CheckboxField name="consumer_request" label={t("add.consumer_request")} helperText={t("add.consumer_request_help")} />
          )}
        </>
      )}
    </FormDialog>
  );
});

/** Takes a number off a list: the reason is asked, and kept in the audit log. */
export function RemoveNumberDialog({ entry, onClose }: { entry: DncEntry; onClose(): void }) {
  const { api, ctx } = usePlugin<DncListsStore, DncListsApi>();
  const { t } = ctx;
  const what = { phone: formatPhone(entry.phone), list: api.nameOf(entry) };
  return (
    <FormDialog<{ reason: string }>
      title={t("remove.title", what)}
      submitText={t("remove.submit")}
      danger
      initialValues={{ reason: "" }}
      validate={(v): Record<string, string> => (DncReason.safeParse(v.reason ?? "").success ? {} : { reason: "errors.reason" })}
      onClose={onClose}
      onSubmit={async (v) => {
        const outcome = await api.removeNumber(entry, v.reason);
        if (outcome.ok) onClose();
        return submitErrors(outcome, ["reason"]);
      }}
    >
      {() => (
        <>
          <p>{t(entry.source === "consumer" ? "remove.consumer_help" : "remove.help", what)}</p>
          <TextAreaField name="reason" label={t("remove.reason")} required rule="line" maxLength={DNC_REASON_MAX} />
        </>
      )}
    </FormDialog>
  );
}

interface ListValues {
  name: string;
  kind: "registry" | "partner" | null;
  source: string;
  expires_at: string;
}

/** "New list": its name, kind, where it comes from and until when it counts. */
export function NewListDialog({ onClose }: { onClose(): void }) {
  const { api, ctx } = usePlugin<DncListsStore, DncListsApi>();
  const { t } = ctx;
  const key = useMemo(() => idempotencyKey(), []);
  const body = (v: ListValues) => ({
    name: v.name ?? "",
    kind: v.kind ?? undefined,
    source: v.source ?? "",
    expires_at: v.expires_at || null,
  });
  return (
    <FormDialog<ListValues>
      title={t("lists.new_title")}
      submitText={t("lists.create")}
      initialValues={{ name: "", kind: "registry", source: "", expires_at: "" }}
      validate={(v) => schemaErrors(CreateDncListBody, body(v))}
      onClose={onClose}
      onSubmit={async (v) => {
        const outcome = await api.createList(body(v) as z.input<typeof CreateDncListBody>, key);
        if (outcome.ok) onClose();
        return submitErrors(outcome, ["name", "kind", "source", "expires_at"]);
      }}
    >
      {() => (
        <>
          <TextField name="name" label={t("lists.columns.name")} required rule="line" maxLength={DNC_NAME_MAX} autoComplete="off" />
          <RadioGroupField<"registry" | "partner">
            name="kind"
            label={t("lists.columns.kind")}
            required
            options={[
              { value: "registry", label: t("kinds.registry") },
              { value: "partner", label: t("kinds.partner") },
            ]}
          />
          <TextField
            name="source"
            label={t("lists.columns.source")}
            required
            rule="line"
            maxLength={DNC_SOURCE_MAX}
            helperText={t("lists.source_help")}
            autoComplete="off"
          />
          <DateField name="expires_at" label={t("lists.expires_field")} min={today(ctx.clock.now())} today={today(ctx.clock.now())} helperText={t("lists.expires_help")} />
        </>
      )}
    </FormDialog>
  );
}

/** The upload's outcome: how many lines were read, added, already there, refused, and the first refused lines. */
function UploadSummary({ result }: { result: UploadResult }) {
  const { ctx } = usePlugin<DncListsStore, DncListsApi>();
  const { t } = ctx;
  return (
    <div role="status" className="dnc__result">
      <Callout intent={result.refused > 0 ? "warning" : "success"} title={t("upload.done")}>
        <ul className="dnc__counts">
          <li>{t("upload.read", { count: result.read })}</li>
          <li>{t("upload.added", { count: result.added })}</li>
          <li>{t("upload.renewed", { count: result.renewed })}</li>
          <li>{t("upload.refused", { count: result.refused })}</li>
        </ul>
      </Callout>
      {result.refused_samples.length > 0 && (
        <HTMLTable compact striped className="dnc__table dnc__samples" aria-label={t("upload.samples", { count: result.refused_samples.length })}>
          <thead>
            <tr>
              <th scope="col">{t("upload.line")}</th>
              <th scope="col">{t("upload.text")}</th>
              <th scope="col">{t("upload.why")}</th>
            </tr>
          </thead>
          <tbody>
            {result.refused_samples.map((s) => (
              <tr key={s.line}>
                <td>{s.line}</td>
                <td className="dnc__text">{s.text}</td>
                <td>{t(`upload.reasons.${s.reason}`)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}

/** "Upload numbers" to an imported list: the file, then what came of it. */
export function UploadDialog({ list, onClose }: { list: DncList; onClose(): void }) {
  const { api, ctx } = usePlugin<DncListsStore, DncListsApi>();
  const { t } = ctx;
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<UploadResult | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const title = t("upload.title", { list: api.nameOf(list) });
  const send = async () => {
    if (!file) {
      setRefusal(t("upload.no_file"));
      return;
    }
    setSending(true);
    setRefusal(null);
    const outcome = await api.upload(list, file);
    setSending(false);
    if (outcome.ok) setResult(outcome.data);
    else setRefusal(outcome.message);
  };
  return (
    <Dialog isOpen title={title} onClose={onClose} className="dnc__dialog dnc__dialog--wide">
      <DialogBody>
        {result ? (
          <UploadSummary result={result} />
        ) : (
          <>
            <p>{t("upload.help")}</p>
            <FormGroup label={t("upload.file")} labelFor="dnc-upload-file">
              <FileInput
                fill
                text={file?.name ?? t("upload.choose")}
                buttonText={t("upload.browse")}
                hasSelection={file !== null}
                inputProps={{ id: "dnc-upload-file", accept: ".csv,.txt,text/csv,text/plain" }}
                onInputChange={(e) => {
                  setFile((e.target as HTMLInputElement).files?.[0] ?? null);
                  setRefusal(null);
                }}
              />
            </FormGroup>
            {sending && <p role="status">{t("upload.sending")}</p>}
            {refusal && (
              <Callout intent="danger" role="alert" className="dnc__refusal">
                {refusal}
              </Callout>
            )}
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          result ? (
            <Button intent="primary" text={t("close")} onClick={onClose} />
          ) : (
            <>
              <Button text={t("cancel")} onClick={onClose} disabled={sending} />
              <Button intent="primary" icon="upload" text={t("upload.submit")} loading={sending} onClick={() => void send()} />
            </>
          )
        }
      />
    </Dialog>
  );
}

/** A list's numbers, 50 at a time in number order. */
export function NumbersDialog({ list, onClose }: { list: DncList; onClose(): void }) {
  const { api, ctx } = usePlugin<DncListsStore, DncListsApi>();
  const { t } = ctx;
  const [entries, setEntries] = useState<DncEntry[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const more = async (after: string | null) => {
    setLoading(true);
    const page = await api.browse(list.id, after);
    setLoading(false);
    if (!page) return;
    setEntries((before) => (after ? [...before, ...page.entries] : page.entries));
    setNext(page.next);
  };
  // The first page, once per list shown.
  useEffect(() => {
    void more(null);
  }, [list.id]);
  const title = t("numbers.title", { list: api.nameOf(list) });
  return (
    <Dialog isOpen title={title} onClose={onClose} className="dnc__dialog dnc__dialog--wide">
      <DialogBody>
        {entries.length === 0 && !loading ? (
          <p className="dnc__empty">{t("numbers.none")}</p>
        ) : (
          <HTMLTable compact striped className="dnc__table" aria-label={title}>
            <thead>
              <tr>
                <th scope="col">{t("entries.phone")}</th>
                <th scope="col">{t("entries.since")}</th>
                <th scope="col">{t("entries.expires")}</th>
                <th scope="col">{t("entries.source")}</th>
                <th scope="col">{t("entries.reason")}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.phone}>
                  <td className="dnc__phone">{formatPhone(e.phone)}</td>
                  <td>{dayOf(ctx.language, e.added_at)}</td>
                  <td>{e.expires_at ? dayOf(ctx.language, e.expires_at) : t("lists.never")}</td>
                  <td>{t(`sources.${e.source}`, { defaultValue: e.source })}</td>
                  <td className="dnc__text">{e.reason ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
        {loading && <Spinner size={20} />}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {next && <Button text={t("numbers.more")} onClick={() => void more(next)} disabled={loading} />}
            <Button intent="primary" text={t("close")} onClick={onClose} />
          </>
        }
      />
    </Dialog>
  );
}
