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
        // The button first, beside the seconds left: in the default layouts the panel is a few lines tall, and a
        // person taken for a machine has seconds to say so; the explanation comes after, where it may be cut.
        <div className="voicemail">
          <div className="voicemail__act">
            <div
              className="voicemail__countdown"
              role="timer"
              aria-label={t("countdown", { count: store.remaining })}
            >
              {store.remaining}
            </div>
            <Button intent="warning" icon="person" onClick={() => api.notAVoicemail()}>
              {t("notAVoicemail")}
            </Button>
          </div>
          <p className="voicemail__description">{t("description", { count: store.remaining })}</p>
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
