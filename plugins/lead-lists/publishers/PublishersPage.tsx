// The Publishers page (managers and above): the call centre's publisher API keys (name, start of the key, prefixes,
// leads posted, created, last used, active or revoked), a New key dialog (the name, the campaigns' prefixes the key
// may post, its posts a minute), the new key shown once with a Copy button and a curl command that posts a lead with
// it to this gateway, Revoke behind a confirmation, and the call centre's intake setting (the duplicate window, and
// whether a duplicate updates the lead or is refused). Calls the gateway by its endpoints (./client.ts); no slice.
import {
  Alert,
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  H1,
  H2,
  HTMLTable,
  InputGroup,
  Radio,
  RadioGroup,
  Spinner,
  Tag,
} from "@blueprintjs/core";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DuplicatePolicy } from "../../../src/contract/leadIntake";
import { keepLine } from "../../../src/contract/text";
import { idempotencyKey, LoadFailed, usePlugin } from "../../../src/sdk";
import {
  CreatePublisherKeyBody,
  KEY_NAME_MAX,
  PER_MINUTE_DEFAULT,
  PER_MINUTE_MAX,
  type CreatedPublisherKey,
  type PublisherKey,
} from "./contract";
import {
  curlExample,
  prefixOptions,
  publishersClient,
  refusalOf,
  sayGateway,
  type PageRefusal,
  type PrefixOption,
} from "./client";
import "./publishers.css";

type Loaded<T> = { state: "loading" } | { state: "failed"; message: string } | { state: "ready"; value: T };

const PublishersPage = function PublishersPage() {
  const { ctx } = usePlugin();
  const { t } = useTranslation("lead-lists");
  const client = useMemo(() => publishersClient(ctx), [ctx]);
  const [keys, setKeys] = useState<Loaded<PublisherKey[]>>({ state: "loading" });
  const [options, setOptions] = useState<PrefixOption[]>([]);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedPublisherKey | null>(null);
  const [revoking, setRevoking] = useState<PublisherKey | null>(null);

  const loadKeys = useCallback(async () => {
    const r = await client.keys();
    if (r.ok) setKeys({ state: "ready", value: r.data.data });
    else setKeys({ state: "failed", message: refusalOf(t, ctx.language, r).message ?? "" });
  }, [client, ctx, t]);

  useEffect(() => {
    void loadKeys();
    void client.campaigns().then((r) => r.ok && setOptions(prefixOptions(r.data.data)));
  }, [client, loadKeys]);

  const revoke = async (key: PublisherKey) => {
    setRevoking(null);
    const r = await client.revoke(key.id);
    if (r.ok) ctx.notify.success(t("publishers.revoke.done", { name: key.name }));
    else ctx.notify.error(refusalOf(t, ctx.language, r).message ?? t("publishers.failed"));
    await loadKeys();
  };

  const at = new Intl.DateTimeFormat(ctx.language, { dateStyle: "medium", timeStyle: "short" });
  const when = (iso: string | null) => (iso ? at.format(new Date(iso)) : t("publishers.keys.never"));

  return (
    <main className="isi-page publishers" aria-labelledby="publishers-title">
      <H1 id="publishers-title">{t("publishers.title")}</H1>
      <p className="publishers__intro">{t("publishers.intro")}</p>

      <section aria-labelledby="publishers-keys">
        <div className="publishers__head">
          <H2 id="publishers-keys">{t("publishers.keys.title")}</H2>
          <Button
            intent="primary"
            icon="key"
            text={t("publishers.keys.new")}
            onClick={() => setCreating(true)}
          />
        </div>
        {keys.state === "failed" ? (
          <LoadFailed
            title={t("publishers.keys.failed")}
            message={keys.message}
            onRetry={() => void loadKeys()}
          />
        ) : keys.state === "loading" ? (
          <Spinner size={24} aria-label={t("publishers.loading")} />
        ) : keys.value.length === 0 ? (
          <p>{t("publishers.keys.none")}</p>
        ) : (
          <HTMLTable compact striped className="publishers__table" aria-labelledby="publishers-keys">
            <thead>
              <tr>
                <th scope="col">{t("publishers.keys.name")}</th>
                <th scope="col">{t("publishers.keys.start")}</th>
                <th scope="col">{t("publishers.keys.prefixes")}</th>
                <th scope="col">{t("publishers.keys.posted")}</th>
                <th scope="col">{t("publishers.keys.created")}</th>
                <th scope="col">{t("publishers.keys.last_used")}</th>
                <th scope="col">{t("publishers.keys.status")}</th>
                <th scope="col">
                  <span className="publishers__hidden">{t("publishers.keys.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.value.map((k) => (
                <tr key={k.id}>
                  <th scope="row">{k.name}</th>
                  <td>
                    <code>{k.key_start}…</code>
                  </td>
                  <td className="publishers__prefixes">{k.prefixes.join(", ")}</td>
                  <td className="publishers__number">{k.leads_posted.toLocaleString(ctx.language)}</td>
                  <td>
                    {when(k.created_at)}
                    {k.created_by && (
                      <div className="publishers__by">{t("publishers.keys.by", { name: k.created_by })}</div>
                    )}
                  </td>
                  <td>{when(k.last_used_at)}</td>
                  <td className="publishers__nowrap">
                    {k.revoked_at ? (
                      <Tag minimal title={t("publishers.keys.revoked_on", { date: when(k.revoked_at) })}>
                        {t("publishers.keys.revoked")}
                      </Tag>
                    ) : (
                      <Tag minimal intent="success">
                        {t("publishers.keys.active")}
                      </Tag>
                    )}
                  </td>
                  <td className="publishers__nowrap">
                    {!k.revoked_at && (
                      <Button
                        size="small"
                        variant="minimal"
                        intent="danger"
                        icon="disable"
                        text={t("publishers.revoke.button")}
                        aria-label={t("publishers.revoke.button_of", { name: k.name })}
                        onClick={() => setRevoking(k)}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </section>

      <IntakeSetting client={client} />

      {creating && (
        <NewKeyDialog
          client={client}
          options={options}
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
            void loadKeys();
          }}
        />
      )}
      {created && <CreatedKeyDialog created={created} onClose={() => setCreated(null)} />}
      <Alert
        isOpen={revoking !== null}
        intent="danger"
        icon="disable"
        cancelButtonText={t("publishers.cancel")}
        confirmButtonText={t("publishers.revoke.confirm")}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && void revoke(revoking)}
      >
        <p>{t("publishers.revoke.text", { name: revoking?.name ?? "" })}</p>
      </Alert>
    </main>
  );
};
export default PublishersPage;

interface NewKeyDialogProps {
  client: ReturnType<typeof publishersClient>;
  options: PrefixOption[];
  onClose(): void;
  onCreated(key: CreatedPublisherKey): void;
}

function NewKeyDialog({ client, options, onClose, onCreated }: NewKeyDialogProps) {
  const { ctx } = usePlugin();
  const { t } = useTranslation("lead-lists");
  const [name, setName] = useState("");
  const [prefixes, setPrefixes] = useState<string[]>([]);
  const [perMinute, setPerMinute] = useState(String(PER_MINUTE_DEFAULT));
  const [refused, setRefused] = useState<PageRefusal | null>(null);
  const [saving, setSaving] = useState(false);
  /** The key a retry by hand of the same form is sent under (a lost answer is then not a second key). */
  const [sent, setSent] = useState<{ body: string; key: string } | null>(null);
  const toggle = (p: string) =>
    setPrefixes((list) => (list.includes(p) ? list.filter((x) => x !== p) : [...list, p]));

  const submit = async () => {
    const input = { name, prefixes, per_minute: perMinute.trim() === "" ? Number.NaN : Number(perMinute) };
    const checked = CreatePublisherKeyBody.safeParse(input);
    if (!checked.success) {
      const fields: Record<string, string> = {};
      for (const issue of checked.error.issues)
        fields[String(issue.path[0] ?? "name")] ??= sayGateway(t, issue.message);
      setRefused({ fields, message: null });
      return;
    }
    const body = JSON.stringify(input);
    const key = sent?.body === body ? sent.key : idempotencyKey();
    setSent({ body, key });
    setSaving(true);
    const r = await client.create(input, key);
    setSaving(false);
    if (r.ok) onCreated(r.data.data);
    else setRefused(refusalOf(t, ctx.language, r));
  };
  const fields = refused?.fields ?? {};

  return (
    <Dialog isOpen title={t("publishers.create.title")} onClose={onClose} className="publishers__dialog">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogBody>
          <FormGroup
            label={t("publishers.create.name")}
            labelFor="publisher-key-name"
            intent={fields.name ? "danger" : "none"}
            helperText={
              <span id="publisher-key-name-note">{fields.name ?? t("publishers.create.name_hint")}</span>
            }
          >
            <InputGroup
              id="publisher-key-name"
              value={name}
              maxLength={KEY_NAME_MAX + 20}
              intent={fields.name ? "danger" : "none"}
              aria-invalid={fields.name ? true : undefined}
              aria-describedby="publisher-key-name-note"
              onValueChange={(v) => setName(keepLine(v))}
              autoFocus
            />
          </FormGroup>
          <fieldset className="publishers__fieldset" aria-describedby="publisher-key-prefixes-note">
            <legend>{t("publishers.create.prefixes")}</legend>
            {options.length === 0 ? (
              <p>{t("publishers.create.no_prefixes")}</p>
            ) : (
              <div className="publishers__choices">
                {options.map((o) => (
                  <Checkbox
                    key={o.prefix}
                    checked={prefixes.includes(o.prefix)}
                    onChange={() => toggle(o.prefix)}
                    labelElement={
                      <span>
                        <strong>{o.prefix}</strong>{" "}
                        <span className="publishers__campaign">
                          {o.active ? o.campaign : t("publishers.create.inactive", { campaign: o.campaign })}
                        </span>
                      </span>
                    }
                  />
                ))}
              </div>
            )}
            <div
              id="publisher-key-prefixes-note"
              className={fields.prefixes ? "publishers__error" : "publishers__hint"}
            >
              {fields.prefixes ?? t("publishers.create.prefixes_hint")}
            </div>
          </fieldset>
          <FormGroup
            label={t("publishers.create.per_minute")}
            labelFor="publisher-key-rate"
            intent={fields.per_minute ? "danger" : "none"}
            helperText={
              <span id="publisher-key-rate-note">
                {fields.per_minute ?? t("publishers.create.per_minute_hint", { max: PER_MINUTE_MAX })}
              </span>
            }
          >
            <InputGroup
              id="publisher-key-rate"
              type="number"
              inputMode="numeric"
              min={1}
              max={PER_MINUTE_MAX}
              value={perMinute}
              className="publishers__short"
              intent={fields.per_minute ? "danger" : "none"}
              aria-invalid={fields.per_minute ? true : undefined}
              aria-describedby="publisher-key-rate-note"
              onValueChange={setPerMinute}
            />
          </FormGroup>
          {refused?.message && (
            <Callout intent="danger" role="alert">
              {refused.message}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t("publishers.cancel")} onClick={onClose} />
              <Button type="submit" intent="primary" text={t("publishers.create.submit")} loading={saving} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

function CreatedKeyDialog({ created, onClose }: { created: CreatedPublisherKey; onClose(): void }) {
  const { ctx } = usePlugin();
  const { t } = useTranslation("lead-lists");
  const curl = curlExample(window.location.origin, created.key, created.prefixes[0] ?? "ISF");
  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      ctx.notify.success(t("publishers.created.copied", { what }));
    } catch {
      ctx.notify.error(t("publishers.created.copy_failed"));
    }
  };
  return (
    <Dialog
      isOpen
      title={t("publishers.created.title", { name: created.name })}
      onClose={onClose}
      className="publishers__dialog publishers__dialog--wide"
      canOutsideClickClose={false}
    >
      <DialogBody>
        <Callout intent="warning" icon="warning-sign" role="alert">
          {t("publishers.created.once")}
        </Callout>
        <FormGroup
          label={t("publishers.created.key")}
          labelFor="publisher-key-secret"
          className="publishers__secret"
        >
          <div className="publishers__copyable">
            <InputGroup
              id="publisher-key-secret"
              value={created.key}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              className="publishers__mono"
            />
            <Button
              icon="duplicate"
              text={t("publishers.created.copy")}
              onClick={() => void copy(created.key, t("publishers.created.key"))}
            />
          </div>
        </FormGroup>
        <div className="publishers__example-head">
          <span id="publisher-key-curl">{t("publishers.created.example")}</span>
          <Button
            size="small"
            icon="duplicate"
            text={t("publishers.created.copy_example")}
            onClick={() => void copy(curl, t("publishers.created.example_name"))}
          />
        </div>
        <pre className="publishers__curl" aria-labelledby="publisher-key-curl" tabIndex={0}>
          {curl}
        </pre>
        <p className="publishers__hint">{t("publishers.created.example_help")}</p>
      </DialogBody>
      <DialogFooter
        actions={<Button intent="primary" text={t("publishers.created.done")} onClick={onClose} />}
      />
    </Dialog>
  );
}

function IntakeSetting({ client }: { client: ReturnType<typeof publishersClient> }) {
  const { ctx } = usePlugin();
  const { t } = useTranslation("lead-lists");
  const [loaded, setLoaded] = useState<Loaded<null>>({ state: "loading" });
  const [days, setDays] = useState("");
  const [policy, setPolicy] = useState<DuplicatePolicy>("refuse");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    const r = await client.settings();
    if (r.ok) {
      setDays(String(r.data.data.duplicate_window_days));
      setPolicy(r.data.data.on_duplicate);
      setLoaded({ state: "ready", value: null });
    } else setLoaded({ state: "failed", message: refusalOf(t, ctx.language, r).message ?? "" });
  }, [client, ctx, t]);
  useEffect(() => void load(), [load]);

  const save = async () => {
    const n = Number(days);
    if (days.trim() === "" || !Number.isInteger(n) || n < 0 || n > 3650) {
      setError(t("publishers.setting.days_invalid"));
      return;
    }
    setError(null);
    setSaving(true);
    const r = await client.saveSettings({ duplicate_window_days: n, on_duplicate: policy });
    setSaving(false);
    if (r.ok) ctx.notify.success(t("publishers.setting.saved"));
    else {
      const refusal = refusalOf(t, ctx.language, r);
      if (refusal.fields.duplicate_window_days) setError(t("publishers.setting.days_invalid"));
      ctx.notify.error(refusal.message ?? t("publishers.failed"));
    }
  };

  return (
    <section aria-labelledby="publishers-setting" className="publishers__setting">
      <H2 id="publishers-setting">{t("publishers.setting.title")}</H2>
      <p>{t("publishers.setting.help")}</p>
      {loaded.state === "failed" ? (
        <LoadFailed
          title={t("publishers.setting.failed")}
          message={loaded.message}
          onRetry={() => void load()}
        />
      ) : loaded.state === "loading" ? (
        <Spinner size={24} aria-label={t("publishers.loading")} />
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <FormGroup
            label={t("publishers.setting.days")}
            labelFor="intake-window"
            intent={error ? "danger" : "none"}
            helperText={<span id="intake-window-note">{error ?? t("publishers.setting.days_hint")}</span>}
          >
            <InputGroup
              id="intake-window"
              type="number"
              inputMode="numeric"
              min={0}
              max={3650}
              value={days}
              className="publishers__short"
              intent={error ? "danger" : "none"}
              aria-invalid={error ? true : undefined}
              aria-describedby="intake-window-note"
              onValueChange={setDays}
            />
          </FormGroup>
          <RadioGroup
            label={t("publishers.setting.on_duplicate")}
            selectedValue={policy}
            onChange={(e) => setPolicy(e.currentTarget.value as DuplicatePolicy)}
          >
            <Radio value="update" label={t("publishers.setting.update")} />
            <Radio value="refuse" label={t("publishers.setting.refuse")} />
          </RadioGroup>
          <Button type="submit" intent="primary" text={t("publishers.setting.save")} loading={saving} />
        </form>
      )}
    </section>
  );
}
