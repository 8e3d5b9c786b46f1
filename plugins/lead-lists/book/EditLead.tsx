// The lead's main fields as a manager edits them: names, e-mail, language, other phones, address, notes. Only the
// fields changed are sent (the core's PUT /leads/{id}, which audits a manager's edit with the fields it changed);
// what the contract refuses is said at its field before sending, and the gateway's 422 at its field after.
import { Button, ButtonGroup, Callout, FormGroup, H3, InputGroup, TextArea } from "@blueprintjs/core";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Language } from "../../../src/contract/common";
import {
  AddressPatch,
  leadFieldProblems,
  parsePhoneOther,
  UpdateLeadBody,
  type UpdateLeadInput,
  type WireLead,
} from "../../../src/contract/lead";
import { keepLine, keepPrintable } from "../../../src/contract/text";
import { Select, usePlugin } from "../../../src/sdk";
import { knowsSentence, refusalOf, sayGateway, type BookClient } from "./client";
import { joinPhones, splitPhones } from "./words";

interface Values {
  first_name: string;
  last_name: string;
  email: string;
  language: string;
  phone_other: string;
  street: string;
  apartment: string;
  city: string;
  state: string;
  zip: string;
  notes: string;
}
type Field = keyof Values;

/** Where the wire (and its 422) names each field. */
const PATHS: Record<Field, string> = {
  first_name: "first_name",
  last_name: "last_name",
  email: "email",
  language: "language",
  phone_other: "phone_other",
  street: "address.street",
  apartment: "address.apartment",
  city: "address.city",
  state: "address.state",
  zip: "address.zip",
  notes: "notes",
};
const FIELD_OF = Object.fromEntries(Object.entries(PATHS).map(([field, path]) => [path, field as Field]));
/** Longest input per field, as the contract takes it. */
const MAX: Partial<Record<Field, number>> = {
  first_name: 191,
  last_name: 191,
  email: 100,
  street: 191,
  apartment: 40,
  city: 100,
  state: 2,
  zip: 10,
  notes: 5000,
};

function valuesOf(lead: WireLead): Values {
  return {
    first_name: lead.first_name,
    last_name: lead.last_name,
    email: lead.email ?? "",
    language: lead.language,
    phone_other: joinPhones(parsePhoneOther(lead.phone_other) ?? []),
    street: lead.address.street ?? "",
    apartment: lead.address.apartment ?? "",
    city: lead.address.city ?? "",
    state: (lead.address.state ?? "").toUpperCase(),
    zip: lead.address.zip ?? "",
    notes: lead.notes ?? "",
  };
}

/** The PUT body: only what changed, empty texts as null (as the gateway stores "none"). */
export function changesOf(lead: WireLead, v: Values): UpdateLeadInput {
  const body: UpdateLeadInput = {};
  const orNull = (s: string) => (s === "" ? null : s);
  if (v.first_name.trim() !== lead.first_name) body.first_name = v.first_name.trim();
  if (v.last_name.trim() !== lead.last_name) body.last_name = v.last_name.trim();
  if (v.email.trim() !== (lead.email ?? "")) body.email = orNull(v.email.trim());
  if (v.language !== lead.language) body.language = v.language as Language;
  const phones = splitPhones(v.phone_other);
  if (JSON.stringify(phones) !== JSON.stringify(parsePhoneOther(lead.phone_other) ?? []))
    body.phone_other = JSON.stringify(phones);
  const address: NonNullable<UpdateLeadInput["address"]> = {};
  for (const key of ["street", "apartment", "city", "zip"] as const)
    if (v[key].trim() !== (lead.address[key] ?? "")) address[key] = orNull(v[key].trim());
  const state = v.state.trim().toLowerCase();
  if (state !== (lead.address.state ?? "")) address.state = orNull(state);
  if (Object.keys(address).length) body.address = address;
  if (v.notes.trim() !== (lead.notes ?? "").trim()) body.notes = orNull(v.notes.trim());
  return body;
}

export default function EditLead({
  lead,
  client,
  onCancel,
  onSaved,
}: {
  lead: WireLead;
  client: BookClient;
  onCancel(): void;
  onSaved(): void | Promise<void>;
}) {
  const { ctx } = usePlugin();
  const { t } = useTranslation("lead-lists");
  const titleId = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(lead));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refused, setRefused] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** What the contract refuses of the body, worded, by field. */
  function problems(body: UpdateLeadInput): Partial<Record<Field, string>> {
    const out: Partial<Record<Field, string>> = {};
    // The contract's sentences the page knows, in the manager's language; zod's own English as "check this field".
    const worded = (message: string) =>
      knowsSentence(message) ? sayGateway(t, message) : t("book.errors.invalid");
    const say = (path: string, message: string) => {
      const field = FIELD_OF[path];
      if (field && !out[field]) out[field] = worded(message);
    };
    // A name may not be emptied (a lead imported without one keeps it empty until someone fills it).
    if (body.first_name === "") out.first_name = t("book.errors.required");
    if (body.last_name === "") out.last_name = t("book.errors.required");
    const parsed = UpdateLeadBody.safeParse(body);
    if (!parsed.success) for (const issue of parsed.error.issues) say(issue.path.join("."), issue.message);
    // The postal code by the lead's country, whatever else the body has wrong.
    const address = AddressPatch.safeParse(body.address ?? {});
    if (address.success) {
      const checked = leadFieldProblems(
        { address: address.data },
        { country: lead.country, nowMs: ctx.clock.now() },
      );
      for (const [path, list] of Object.entries(checked)) say(path, list[0]!);
    }
    return out;
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefused(null);
    const body = changesOf(lead, values);
    const found = problems(body);
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    if (Object.keys(body).length === 0) {
      ctx.notify.warning(t("book.edit.unchanged"));
      return;
    }
    setSaving(true);
    const r = await client.save(lead.id, body);
    setSaving(false);
    if (r.ok) {
      ctx.notify.success(t("book.edit.saved"));
      await onSaved();
      return;
    }
    const refusal = refusalOf(t, ctx.language, r);
    const atFields: Partial<Record<Field, string>> = {};
    const elsewhere: string[] = [];
    for (const [path, message] of Object.entries(refusal.fields)) {
      const field = FIELD_OF[path];
      if (field) atFields[field] = message;
      else elsewhere.push(message);
    }
    setErrors(atFields);
    setRefused(refusal.message ?? (elsewhere.length ? elsewhere.join(" ") : null));
  };

  const text = (field: Field, opts: { type?: string } = {}) => (
    <FormGroup
      key={field}
      className={`lead-book__field lead-book__field--${field}`}
      label={t(`book.edit.${field}`)}
      labelFor={`${titleId}-${field}`}
      intent={errors[field] ? "danger" : "none"}
      helperText={errors[field] ?? (field === "phone_other" ? t("book.edit.phone_other_help") : undefined)}
    >
      <InputGroup
        id={`${titleId}-${field}`}
        type={opts.type ?? "text"}
        maxLength={MAX[field]}
        intent={errors[field] ? "danger" : "none"}
        value={values[field]}
        onChange={(e) => set(field, keepLine(e.currentTarget.value))}
      />
    </FormGroup>
  );

  return (
    <form className="lead-book__edit" aria-labelledby={titleId} onSubmit={(e) => void submit(e)} noValidate>
      <H3 id={titleId} className="lead-book__section-title">
        {t("book.edit.title")}
      </H3>
      <div className="lead-book__fields">
        {text("first_name")}
        {text("last_name")}
        {text("email", { type: "email" })}
        <FormGroup
          className="lead-book__field"
          label={t("book.edit.language")}
          labelFor={`${titleId}-language`}
          intent={errors.language ? "danger" : "none"}
          helperText={errors.language}
        >
          <Select
            id={`${titleId}-language`}
            value={values.language}
            onChange={(e) => set("language", e.currentTarget.value)}
            fill
          >
            {Language.options.map((l) => (
              <option key={l} value={l}>
                {t(`book.languages.${l}`)}
              </option>
            ))}
          </Select>
        </FormGroup>
        {text("phone_other")}
        {text("street")}
        {text("apartment")}
        {text("city")}
        {text("state")}
        {text("zip")}
        <FormGroup
          className="lead-book__field lead-book__field--notes"
          label={t("book.edit.notes")}
          labelFor={`${titleId}-notes`}
          intent={errors.notes ? "danger" : "none"}
          helperText={errors.notes}
        >
          <TextArea
            id={`${titleId}-notes`}
            fill
            rows={3}
            maxLength={MAX.notes}
            value={values.notes}
            onChange={(e) => set("notes", keepPrintable(e.currentTarget.value))}
          />
        </FormGroup>
      </div>
      {refused && (
        <Callout intent="danger" compact role="alert">
          {refused}
        </Callout>
      )}
      <ButtonGroup className="lead-book__form-actions">
        <Button
          type="submit"
          intent="primary"
          icon="floppy-disk"
          text={t("book.edit.save")}
          loading={saving}
        />
        <Button variant="minimal" text={t("book.edit.cancel")} onClick={onCancel} disabled={saving} />
      </ButtonGroup>
    </form>
  );
}
