// The Transfer Targets settings page: the external targets and Sunlife agents (a name and a number each, added
// and removed by row) and Matcha's number with its switch, saved as one document in the settings kit's frame
// (Save at the window's foot, the last change, leaving with unsaved changes asks first).
import { Button, FormGroup, H2, InputGroup, Switch } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { usePlugin } from "../../src/sdk";
import { SettingsPage } from "../../src/sdk/settings";
import type { TargetsStore } from "./model";
import type { TargetList, TargetsService } from "./service";
import "./targets.css";

const TransferTargetsPage = observer(function TransferTargetsPage() {
  const { store, api, ctx } = usePlugin<TargetsStore, TargetsService>();
  const { t } = ctx;
  useEffect(() => {
    void api.load();
  }, [api]);

  const draft = store.draft;
  const error = (path: string) => store.errors[path]?.[0];

  const list = (name: TargetList) => (
    <section className="targets__list" aria-labelledby={`targets-${name}`}>
      <H2 id={`targets-${name}`}>{t(`${name}.title`)}</H2>
      <p className="targets__help">{t(`${name}.help`)}</p>
      {draft![name].length === 0 && <p className="targets__empty">{t(`${name}.empty`)}</p>}
      {draft![name].map((target, i) => (
        <div className="targets__row" key={i} role="group" aria-label={t(`${name}.row`, { n: i + 1 })}>
          <FormGroup label={t("name")} labelFor={`${name}-${i}-name`} intent={error(`${name}.${i}.name`) ? "danger" : "none"} helperText={error(`${name}.${i}.name`)}>
            <InputGroup id={`${name}-${i}-name`} value={target.name} maxLength={100} onValueChange={(v) => api.change(name, i, { name: v })} />
          </FormGroup>
          <FormGroup label={t("phone")} labelFor={`${name}-${i}-phone`} intent={error(`${name}.${i}.phone`) ? "danger" : "none"} helperText={error(`${name}.${i}.phone`)}>
            <InputGroup id={`${name}-${i}-phone`} value={target.phone} inputMode="tel" maxLength={16} onValueChange={(v) => api.change(name, i, { phone: v.replace(/[^\d+]/g, "") })} />
          </FormGroup>
          <Button variant="minimal" icon="trash" aria-label={t("remove", { name: target.name || t("name") })} onClick={() => api.remove(name, i)} />
        </div>
      ))}
      <Button icon="add" variant="outlined" text={t(`${name}.add`)} onClick={() => api.add(name)} />
    </section>
  );

  return (
    <SettingsPage id="targets" title={t("title")} state={store} onSave={() => void api.save()} onRetry={() => void api.load()}>
      {draft && (
        <>
          {list("external")}
          {list("sunlife")}
          <section className="targets__list" aria-labelledby="targets-matcha">
            <H2 id="targets-matcha">{t("matcha.title")}</H2>
            <Switch checked={draft.matcha.enabled} label={t("matcha.enabled")} onChange={(e) => api.matcha({ enabled: e.currentTarget.checked })} />
            <FormGroup label={t("matcha.phone")} labelFor="matcha-phone" intent={error("matcha.phone") ? "danger" : "none"} helperText={error("matcha.phone")}>
              <InputGroup id="matcha-phone" value={draft.matcha.phone ?? ""} inputMode="tel" maxLength={16} onValueChange={(v) => api.matcha({ phone: v.replace(/[^\d+]/g, "") || null })} />
            </FormGroup>
          </section>
        </>
      )}
    </SettingsPage>
  );
});

export default TransferTargetsPage;
