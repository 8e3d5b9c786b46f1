// The General Settings page (admin-and-sign-in §2 globals, §3 Global settings keys, §4 settings saves): every
// global key in three groups, each number with its unit and a line saying what it does, the on/off keys as
// switches. Saved as one set; a field the gateway refuses says why beside it.
import { Button, FormGroup, H2, InputGroup, Switch } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import type { GlobalSettings } from "../../src/contract/settings";
import { usePlugin } from "../../src/sdk";
import { SettingsPage } from "../../src/sdk/settings";
import { fieldId, GLOBAL_GROUPS, type GlobalField } from "./fields";
import type { GeneralSettingsStore } from "./model";
import type { GeneralSettingsService } from "./service";
import "./general.css";

const GeneralSettingsPage = observer(function GeneralSettingsPage() {
  const { store, api, ctx } = usePlugin<GeneralSettingsStore, GeneralSettingsService>();
  const { t } = ctx;
  const page = store.globals;
  const draft = page.doc.draft;
  useEffect(() => {
    void api.globals.load();
    void api.chat.load();
    void api.dialer.load();
  }, [api]);

  const field = (f: GlobalField, values: GlobalSettings) => {
    const id = `general-${fieldId(f.key)}`;
    const name = t(`globals.fields.${fieldId(f.key)}.label`);
    const help = <span id={`${id}-help`}>{t(`globals.fields.${fieldId(f.key)}.help`)}</span>;
    const typed = page.typed[f.key];
    const error = typed !== undefined ? t("globals.not_a_number") : page.doc.errorOf(f.key);
    const saving = page.doc.phase === "saving";
    if (f.toggle)
      return (
        <div key={f.key} className="general-settings__field general-settings__field--switch">
          <Switch
            id={id}
            label={name}
            checked={values[f.key] > 0}
            disabled={saving}
            aria-describedby={`${id}-help`}
            onChange={(e) => api.globals.toggle(f.key, e.currentTarget.checked)}
          />
          <div className="general-settings__help">
            {error && <span className="general-settings__error">{error} </span>}
            {help}
          </div>
        </div>
      );
    return (
      <FormGroup
        key={f.key}
        className="general-settings__field"
        label={name}
        labelFor={id}
        labelInfo={f.unit ? `(${t(`globals.units.${f.unit}`)})` : undefined}
        intent={error ? "danger" : "none"}
        helperText={
          <>
            {error && (
              <span id={`${id}-error`} className="general-settings__error">
                {error}{" "}
              </span>
            )}
            {help}
          </>
        }
      >
        <InputGroup
          id={id}
          inputMode="numeric"
          value={typed ?? String(values[f.key])}
          disabled={saving}
          intent={error ? "danger" : "none"}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error ${id}-help` : `${id}-help`}
          onValueChange={(v) => api.globals.type(f.key, v)}
        />
      </FormGroup>
    );
  };

  return (
    <SettingsPage
      id="general-settings"
      title={t("globals.title")}
      intro={t("globals.intro")}
      state={page.doc}
      onSave={() => void api.globals.save()}
      onRetry={() => void api.globals.load()}
    >
      {draft && (
        <div className="general-settings__groups">
          {GLOBAL_GROUPS.map((group) => (
            <section key={group.id} className="general-settings__group" aria-labelledby={`general-group-${group.id}`}>
              <H2 id={`general-group-${group.id}`}>{t(`globals.groups.${group.id}.title`)}</H2>
              <p className="general-settings__group-help">{t(`globals.groups.${group.id}.help`)}</p>
              <div className={`general-settings__fields general-settings__fields--${group.id}`}>{group.fields.map((f) => field(f, draft))}</div>
            </section>
          ))}
          <ChatNotices />
          <DialerSection />
        </div>
      )}
    </SettingsPage>
  );
});

/** Overstay notices to a chat: the webhook address and its own Save (another document than the page's). */
const ChatNotices = observer(function ChatNotices() {
  const { store, api, ctx } = usePlugin<GeneralSettingsStore, GeneralSettingsService>();
  const { t } = ctx;
  const doc = store.chat;
  const error = doc.errorOf("overstay_webhook_url");
  const saving = doc.phase === "saving";
  return (
    <section className="general-settings__group" aria-labelledby="general-group-chat">
      <H2 id="general-group-chat">{t("chat.title")}</H2>
      <p className="general-settings__group-help">{t("chat.help")}</p>
      <FormGroup
        className="general-settings__field general-settings__field--wide"
        label={t("chat.webhook")}
        labelFor="general-chat-webhook"
        intent={error ? "danger" : "none"}
        helperText={error ?? t("chat.webhook_help")}
      >
        <div className="general-settings__inline">
          <InputGroup
            id="general-chat-webhook"
            type="url"
            placeholder="https://hooks.slack.com/services/…"
            value={doc.draft?.overstay_webhook_url ?? ""}
            disabled={saving || !doc.draft}
            intent={error ? "danger" : "none"}
            aria-invalid={error ? true : undefined}
            onValueChange={(v) => api.chat.type(v)}
            fill
          />
          <Button
            intent="primary"
            text={t("chat.save")}
            loading={saving}
            disabled={!doc.dirty}
            onClick={() => void api.chat.save()}
          />
        </div>
      </FormGroup>
    </section>
  );
});
/**
 * The dialer's settings: enforced follow-ups and the lead dashboard link template (the user summary's Dashboard
 * column), with their own Save (another document than the page's, as the chat's).
 */
const DialerSection = observer(function DialerSection() {
  const { store, api, ctx } = usePlugin<GeneralSettingsStore, GeneralSettingsService>();
  const { t } = ctx;
  const doc = store.dialer;
  const enforcedError = doc.errorOf("enforced-follow-ups");
  const error = doc.errorOf("dashboard-url");
  const saving = doc.phase === "saving";
  return (
    <section className="general-settings__group" aria-labelledby="general-group-dialer">
      <H2 id="general-group-dialer">{t("dialer.title")}</H2>
      <p className="general-settings__group-help">{t("dialer.help")}</p>
      <div className="general-settings__field general-settings__field--switch">
        <Switch
          id="general-dialer-enforced"
          label={t("dialer.enforced")}
          checked={doc.draft?.["enforced-follow-ups"] ?? false}
          disabled={saving || !doc.draft}
          aria-describedby="general-dialer-enforced-help"
          onChange={(e) => api.dialer.enforce(e.currentTarget.checked)}
        />
        <div className="general-settings__help">
          {enforcedError && <span className="general-settings__error">{enforcedError} </span>}
          <span id="general-dialer-enforced-help">{t("dialer.enforced_help")}</span>
        </div>
      </div>
      <FormGroup
        className="general-settings__field general-settings__field--wide"
        label={t("dialer.dashboard")}
        labelFor="general-dialer-dashboard"
        intent={error ? "danger" : "none"}
        helperText={
          <>
            {error && (
              <span id="general-dialer-dashboard-error" className="general-settings__error">
                {error}{" "}
              </span>
            )}
            <span id="general-dialer-dashboard-help">{t("dialer.dashboard_help", { example: DASHBOARD_EXAMPLE })}</span>
          </>
        }
      >
        <div className="general-settings__inline">
          <InputGroup
            id="general-dialer-dashboard"
            type="url"
            placeholder={DASHBOARD_EXAMPLE}
            value={doc.draft?.["dashboard-url"] ?? ""}
            disabled={saving || !doc.draft}
            intent={error ? "danger" : "none"}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "general-dialer-dashboard-error general-dialer-dashboard-help" : "general-dialer-dashboard-help"}
            onValueChange={(v) => api.dialer.type(v)}
            fill
          />
          <Button
            intent="primary"
            text={t("dialer.save")}
            loading={saving}
            disabled={!doc.dirty}
            onClick={() => void api.dialer.save()}
          />
        </div>
      </FormGroup>
    </section>
  );
});

/** The dashboard link's example (its placeholder and its help): a template with the lead's id. */
const DASHBOARD_EXAMPLE = "https://crm.example.com/leads/{id}";
export default GeneralSettingsPage;
