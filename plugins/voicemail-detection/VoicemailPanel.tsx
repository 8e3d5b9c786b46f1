import { Button, Callout, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/sdk";
import type { VoicemailDetectionApi } from "./api";
import type { VoicemailStore } from "./model";
import "./voicemail.css";

const VoicemailPanel = observer(function VoicemailPanel() {
  const { store, api } = usePlugin<VoicemailStore, VoicemailDetectionApi>();
  const { t } = useTranslation("voicemail-detection");
  // Detection runs only while this panel is on screen (see service.ts).
  useEffect(() => api.watch(), [api]);

  switch (store.phase) {
    case "counting":
      return (
        <div className="voicemail">
          <div
            className="voicemail__countdown"
            role="timer"
            aria-label={t("countdown", { count: store.remaining })}
          >
            {store.remaining}
          </div>
          <p className="voicemail__description">{t("description", { count: store.remaining })}</p>
          <Button intent="warning" icon="person" onClick={() => api.notAVoicemail()}>
            {t("notAVoicemail")}
          </Button>
        </div>
      );
    case "saving":
      return (
        <div className="voicemail voicemail--row">
          <Spinner size={20} aria-label={t("saving")} />
          <span>{t("saving")}</span>
        </div>
      );
    case "failed":
      return (
        <Callout intent="danger" role="alert">
          <p>{t("notify.failed")}</p>
          {store.retryable && (
            <Button size="small" icon="refresh" onClick={() => api.retry()}>
              {t("retry")}
            </Button>
          )}
        </Callout>
      );
    default:
      return <p className="voicemail__idle">{t("idle")}</p>;
  }
});
export default VoicemailPanel;
