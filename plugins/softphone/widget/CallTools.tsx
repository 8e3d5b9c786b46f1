// In-call tools of the active call: blind transfer and the conference (agent-workspace §2). Buttons keep their
// whole label and wrap onto another row when the widget is too narrow for them side by side.
import { Button, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../../src/sdk";
import type { SoftphoneApi } from "../api";
import type { SoftphoneStore } from "../model";
import { conferenceComplete, formatConference } from "../rules";
import { Refusal } from "./Refusal";

export const CallTools = observer(function CallTools() {
  const { store, api, ctx } = usePlugin<SoftphoneStore, SoftphoneApi>();
  const { t } = useTranslation("softphone");
  const current = ctx.call.current;
  const active = store.active;
  if (!active || active.state !== "established" || active.voicemail) return null;

  // What the gateway allows in each conference state (it refuses the rest anyway).
  const conf = current.conferenceState;
  // Transfers and conferences need the lead on the line, not only the agent's own leg.
  const canStart = current.isConnected && (!conf || conf === "inactive" || conf === "hangedup");
  const initialized = conf === "initialized";
  const inConference = initialized || conf === "merged";

  return (
    <div className="softphone__tools">
      <form
        role="group"
        aria-label={t("transfer.title")}
        className="softphone__row"
        onSubmit={(e) => {
          e.preventDefault();
          api.transfer();
        }}
      >
        <InputGroup
          aria-label={t("transfer.destination")}
          placeholder={t("transfer.destination")}
          value={store.transferTarget}
          inputMode="tel"
          autoComplete="off"
          onValueChange={(v) => api.setTransferTarget(v)}
        />
        <Button type="submit" icon="exchange" className="softphone__nowrap" disabled={!store.transferTarget}>
          {t("transfer.transfer")}
        </Button>
      </form>
      <div role="group" aria-label={t("conference.title")} className="softphone__conference">
        <InputGroup
          aria-label={t("conference.destination")}
          placeholder="###-###-####"
          value={formatConference(store.conferenceTarget)}
          inputMode="tel"
          autoComplete="off"
          onValueChange={(v) => api.setConferenceTarget(v)}
        />
        <Refusal field="conference" />
        <div className="softphone__buttons">
          <Button
            icon="add"
            disabled={!canStart || !conferenceComplete(store.conferenceTarget)}
            onClick={() => void api.conference("initializeConference")}
          >
            {t("conference.call")}
          </Button>
          <Button
            icon="merge-links"
            disabled={!initialized}
            onClick={() => void api.conference("mergeConference")}
          >
            {t("conference.merge")}
          </Button>
          <Button
            icon="swap-horizontal"
            disabled={!initialized}
            onClick={() => void api.conference("swapConferenceMember")}
          >
            {t("conference.swap")}
          </Button>
          <Button
            icon="remove"
            disabled={!inConference}
            onClick={() => void api.conference("kickSecondParty")}
          >
            {t("conference.kick")}
          </Button>
        </div>
      </div>
    </div>
  );
});
