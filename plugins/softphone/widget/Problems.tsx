// The softphone's persistent alerts (agent-workspace §8): they stay until what they describe is fixed.
import { Button, Callout } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../../src/sdk";
import type { SoftphoneApi } from "../api";
import type { SoftphoneStore } from "../model";

export const Problems = observer(function Problems() {
  const { store, api } = usePlugin<SoftphoneStore, SoftphoneApi>();
  const { t } = useTranslation("softphone");
  const problems = store.problems;
  return (
    <>
      {problems.map((key) => (
        <Callout key={key} intent="danger" role="alert" compact className="softphone__alert">
          {t(key)}
        </Callout>
      ))}
      {problems.length > 0 && (
        <Button size="small" icon="refresh" onClick={() => void api.start()}>
          {t("retry")}
        </Button>
      )}
      {store.notifications === "default" && (
        <Callout intent="warning" compact className="softphone__alert">
          {t("webrtc.notifications.off")}{" "}
          <Button size="small" icon="notifications" onClick={() => void api.allowNotifications()}>
            {t("webrtc.notifications.allow")}
          </Button>
        </Callout>
      )}
      {store.notifications === "denied" && (
        <Callout intent="warning" compact className="softphone__alert">
          {t("webrtc.notifications.permission_denied")}
        </Callout>
      )}
      {store.audioBlocked && (
        <Callout intent="warning" compact className="softphone__alert">
          {t("audio.blocked")}{" "}
          <Button size="small" icon="volume-up" onClick={() => api.unlockAudio()}>
            {t("audio.enable")}
          </Button>
        </Callout>
      )}
    </>
  );
});
