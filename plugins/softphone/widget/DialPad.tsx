// The number field and dial pad (agent-workspace §5): keys are clicked or typed; on a call they are DTMF.
// The field and Call sit in the widget's bar, so a number is dialled without opening the widget; on a call
// the field moves into the widget, above the keys, where the digits sent as DTMF show.
import { Button, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { ClipboardEvent, KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../../src/sdk";
import type { SoftphoneApi } from "../api";
import type { SoftphoneStore } from "../model";
import { DIAL_KEYS, isDialKey } from "../rules";

export const NumberField = observer(function NumberField({ className }: { className?: string }) {
  const { store, api } = usePlugin<SoftphoneStore, SoftphoneApi>();
  const { t } = useTranslation("softphone");

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (isDialKey(e.key)) {
      // Through press(): the same length rule, tone and DTMF as the on-screen keys.
      e.preventDefault();
      api.press(e.key);
    } else if (e.key === "Enter") {
      e.preventDefault();
      void api.dial();
    } else if (e.key.length === 1) {
      e.preventDefault();
    }
  };
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const input = e.currentTarget;
    const end = store.dialText.length;
    api.pasteNumber(e.clipboardData.getData("text"), input.selectionStart ?? end, input.selectionEnd ?? end);
  };

  return (
    <InputGroup
      className={className}
      aria-label={t("pad.number")}
      placeholder={t("pad.number")}
      value={store.dialText}
      inputMode="tel"
      autoComplete="off"
      onValueChange={(v) => api.typeNumber(v)}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      rightElement={
        <Button
          variant="minimal"
          icon="cross"
          aria-label={t("pad.clear")}
          title={t("pad.clear")}
          disabled={!store.dialText}
          onClick={() => api.clearNumber()}
        />
      }
    />
  );
});

/** Call: dials the number in the field through the gateway. */
export const CallButton = observer(function CallButton() {
  const { store, api } = usePlugin<SoftphoneStore, SoftphoneApi>();
  const { t } = useTranslation("softphone");
  return (
    <Button
      intent="success"
      icon="phone"
      className="softphone__call-button"
      disabled={!store.dialText || store.dialing || !store.connected}
      loading={store.dialing}
      onClick={() => void api.dial()}
    >
      {t("pad.call")}
    </Button>
  );
});

/** The twelve keys, and the voicemail box while no call is on. */
export const Keypad = observer(function Keypad() {
  const { store, api } = usePlugin<SoftphoneStore, SoftphoneApi>();
  const { t } = useTranslation("softphone");
  return (
    <div className="softphone__pad">
      <div role="group" aria-label={t("pad.keypad")} className="softphone__keys">
        {DIAL_KEYS.map((key) => (
          <Button key={key} className="softphone__key" onClick={() => api.press(key)}>
            {key}
          </Button>
        ))}
      </div>
      {!api.onCall && (
        <Button
          fill
          icon="headset"
          className="softphone__actions"
          disabled={!store.connected}
          onClick={() => api.voicemail()}
        >
          {t("pad.voicemail")}
        </Button>
      )}
    </div>
  );
});
