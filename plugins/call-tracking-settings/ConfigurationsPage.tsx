// The Configurations page: the maximum calls amount for the call-tracking provider, a "mask of 9 digits" (§5):
// the field keeps digits only, at most 9; empty or 0 means no limit. Saved whole with the settings kit.
import { FormGroup, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import { MAX_CALLS_DIGITS, maskMaxCalls, maxCallsFromText } from "../../src/contract/callTracking";
import { usePlugin } from "../../src/sdk";
import { SettingsPage } from "../../src/sdk/settings";
import type { CallTrackingStore } from "./model";
import type { CallTrackingService } from "./service";
import "./callTracking.css";

const ConfigurationsPage = observer(function ConfigurationsPage() {
  const { store, api, ctx } = usePlugin<CallTrackingStore, CallTrackingService>();
  const { t } = ctx;
  const doc = store.maxCalls;
  // What the manager typed, masked; the draft is its number (empty: 0).
  const [typed, setTyped] = useState("");
  useEffect(() => {
    void api.maxCalls.load();
  }, [api]);
  useEffect(() => {
    if (doc.saved) setTyped(String(doc.saved.maxCallsAmount));
  }, [doc.saved]);
  const error = doc.errorOf("maxCallsAmount");

  return (
    <SettingsPage
      id="configurations"
      title={t("config.title")}
      intro={t("config.intro")}
      state={doc}
      onSave={() => void api.maxCalls.save()}
      onRetry={() => void api.maxCalls.load()}
    >
      <FormGroup
        label={t("config.max_calls")}
        labelFor="max-calls-amount"
        intent={error ? "danger" : "none"}
        helperText={
          <span id="max-calls-amount-help">{error ? api.text(error) : t("config.max_calls_help")}</span>
        }
      >
        <InputGroup
          id="max-calls-amount"
          className="configurations__amount"
          inputMode="numeric"
          maxLength={MAX_CALLS_DIGITS}
          value={typed}
          intent={error ? "danger" : "none"}
          aria-invalid={error ? true : undefined}
          aria-describedby="max-calls-amount-help"
          onValueChange={(v) => {
            const masked = maskMaxCalls(v);
            setTyped(masked);
            api.maxCalls.edit({ maxCallsAmount: maxCallsFromText(masked) });
          }}
        />
      </FormGroup>
    </SettingsPage>
  );
});

export default ConfigurationsPage;
