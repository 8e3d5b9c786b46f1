// The Plugins and features page: the call centre's variant, a switch per plugin it offers and per feature flag,
// each with the variant's default beside it, and who changed them last. Saving applies to the call centre's
// agents without a sign-out, at the next moment each is not on a call. Leaving with unsaved changes asks first.
import { Button, Callout, H1, H2, HTMLTable, Spinner, Switch, Tag } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { PLUGIN_SETTINGS_PLUGIN, type Switch as SwitchRow } from "../../src/contract/pluginSettings";
import { formatUtc, LoadFailed, usePlugin, useUnsavedChanges } from "../../src/sdk";
import type { PluginSettingsStore } from "./model";
import type { PluginSettingsService } from "./service";
import "./plugin-settings.css";

const PluginSettingsPage = observer(function PluginSettingsPage() {
  const { store, api, ctx } = usePlugin<PluginSettingsStore, PluginSettingsService>();
  const { t } = ctx;
  useEffect(() => {
    void api.load();
  }, [api]);
  useUnsavedChanges(store.dirty, t("unsaved"));

  const saved = store.saved;
  // A name the locales do not know yet (a plugin newer than its translation) shows as its id.
  const nameOf = (kind: "plugins" | "features", id: string) => t(`${kind}.${id}`, { defaultValue: id });

  const table = (kind: "plugins" | "features", rows: readonly SwitchRow[], values: Record<string, boolean>) => (
    <HTMLTable className="plugin-settings__table" compact striped>
      <thead>
        <tr>
          <th>{t(`${kind}_column`)}</th>
          <th>{t("on_column")}</th>
          <th>{t("default_column")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const on = values[row.id] ?? row.enabled;
          const own = kind === "plugins" && row.id === PLUGIN_SETTINGS_PLUGIN;
          return (
            <tr key={row.id}>
              <td>
                <span className="plugin-settings__name">{nameOf(kind, row.id)}</span>
                {row.plugin && (
                  // Which plugin reads the flag (its manifest declares it): what turning it on changes.
                  <span className="plugin-settings__owner">{t("declared_by", { plugin: nameOf("plugins", row.plugin) })}</span>
                )}
                {on !== row.default && (
                  <Tag minimal intent="warning" className="plugin-settings__changed">
                    {t("changed_from_default")}
                  </Tag>
                )}
              </td>
              <td>
                <Switch
                  className="plugin-settings__switch"
                  checked={on}
                  disabled={own || store.phase === "saving"}
                  aria-label={nameOf(kind, row.id)}
                  title={own ? t("own_plugin") : undefined}
                  onChange={(e) =>
                    kind === "plugins" ? store.setPlugin(row.id, e.currentTarget.checked) : store.setFeature(row.id, e.currentTarget.checked)
                  }
                />
              </td>
              <td>{row.default ? t("on") : t("off")}</td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );

  return (
    <main className="isi-page plugin-settings" aria-labelledby="plugin-settings-title">
      <H1 id="plugin-settings-title">{t("title")}</H1>
      {store.phase === "loading" && !saved && <Spinner size={24} />}
      {store.phase === "failed" && (
        <LoadFailed title={t("load_failed")} message={store.message} onRetry={() => void api.load()} />
      )}
      {saved && store.phase !== "failed" && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void api.save();
          }}
        >
          <p className="plugin-settings__intro">
            {t("intro", { variant: saved.variant.toUpperCase() })}{" "}
            {saved.last_change
              ? t("last_change", { by: saved.last_change.by, at: formatUtc(saved.last_change.at, ctx.language, "short") })
              : t("never_changed")}
          </p>
          <div className="plugin-settings__sections">
            <section aria-labelledby="plugin-settings-plugins">
              <H2 id="plugin-settings-plugins">{t("plugins_title")}</H2>
              {table("plugins", saved.plugins, store.plugins)}
            </section>
            <section aria-labelledby="plugin-settings-features">
              <H2 id="plugin-settings-features">{t("features_title")}</H2>
              {table("features", saved.features, store.features)}
            </section>
          </div>
          {store.message && (
            <Callout intent="danger" className="plugin-settings__refusal">
              {store.message}
            </Callout>
          )}
          <div className="plugin-settings__actions">
            <Button type="submit" intent="primary" text={t("save.button")} disabled={!store.dirty} loading={store.phase === "saving"} />
            <span className="plugin-settings__help">{t("applies")}</span>
          </div>
        </form>
      )}
    </main>
  );
});
export default PluginSettingsPage;
