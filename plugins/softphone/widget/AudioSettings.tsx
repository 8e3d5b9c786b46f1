// Microphone and speaker selectors (behind a toggle) and the volume slider.
import { Button, Collapse, FormGroup, Slider } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Select, usePlugin } from "../../../src/sdk";
import type { SoftphoneApi } from "../api";
import { VOLUME_STEP } from "../constants";
import type { AudioDevice, SoftphoneStore } from "../model";

export const AudioSettings = observer(function AudioSettings() {
  const { store, api } = usePlugin<SoftphoneStore, SoftphoneApi>();
  const { t } = useTranslation("softphone");
  const micId = useId();
  const speakerId = useId();
  const options = (kind: AudioDevice["kind"], unnamed: string) => [
    { value: "", label: t("audio.default") },
    ...store.devices
      .filter((d) => d.kind === kind && d.id && d.id !== "default")
      .map((d, i) => ({ value: d.id, label: d.label || t(unnamed, { n: i + 1 }) })),
  ];

  return (
    <div className="softphone__audio">
      <Button
        variant="minimal"
        size="small"
        icon="headset"
        endIcon={store.showDevices ? "chevron-up" : "chevron-down"}
        aria-expanded={store.showDevices}
        onClick={() => api.setShowDevices(!store.showDevices)}
      >
        {t("audio.devices")}
      </Button>
      <Collapse isOpen={store.showDevices} keepChildrenMounted={false}>
        <FormGroup label={t("audio.microphone")} labelFor={micId}>
          <Select
            id={micId}
            fill
            value={store.microphoneId ?? ""}
            options={options("audioinput", "audio.unnamed_microphone")}
            onChange={(e) => void api.selectMicrophone(e.currentTarget.value || null)}
          />
        </FormGroup>
        <FormGroup
          label={t("audio.speaker")}
          labelFor={speakerId}
          helperText={store.sinkSupported ? undefined : t("audio.no_sink")}
        >
          <Select
            id={speakerId}
            fill
            disabled={!store.sinkSupported}
            value={store.speakerId ?? ""}
            options={options("audiooutput", "audio.unnamed_speaker")}
            onChange={(e) => void api.selectSpeaker(e.currentTarget.value || null)}
          />
        </FormGroup>
      </Collapse>
      <FormGroup label={t("audio.volume")} className="softphone__volume">
        <Slider
          min={0}
          max={100}
          stepSize={VOLUME_STEP}
          labelStepSize={25}
          value={store.volume}
          onChange={(v) => api.setVolume(v)}
          handleHtmlProps={{ "aria-label": t("audio.volume") }}
          labelRenderer={(v, opts) => (opts?.isHandleTooltip ? `${v}%` : `${v}`)}
        />
      </FormGroup>
    </div>
  );
});
