// The number field and dial pad (agent-workspace §5): keys are clicked or typed; on a call they are DTMF.
import { Button, ButtonGroup, FormGroup, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId, type ClipboardEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../../src/core/PluginScope";
import type { SoftphoneApi } from "../api";
import type { SoftphoneStore } from "../model";
import { DIAL_KEYS, isDialKey } from "../rules";
import { Refusal } from "./Refusal";

export const DialPad = observer(function DialPad() {
  const { store, api } = usePlugin<SoftphoneStore, SoftphoneApi>();
  const { t } = useTranslation("softphone");
  const id = useId();
  const onCall = api.onCall;

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
    <div className="softphone__pad">
      <FormGroup label={t("pad.number")} labelFor={id} className="softphone__number">
        <InputGroup
          id={id}
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
      </FormGroup>
      <Refusal field="dial" />
      <div role="group" aria-label={t("pad.keypad")} className="softphone__keys">
        {DIAL_KEYS.map((key) => (
          <Button key={key} className="softphone__key" onClick={() => api.press(key)}>
            {key}
          </Button>
        ))}
      </div>
      {!onCall && (
        <ButtonGroup fill className="softphone__actions">
          <Button
            intent="success"
            icon="phone"
            disabled={!store.dialText || store.dialing || !store.connected}
            loading={store.dialing}
            onClick={() => void api.dial()}
          >
            {t("pad.call")}
          </Button>
          <Button icon="headset" disabled={!store.connected} onClick={() => api.voicemail()}>
            {t("pad.voicemail")}
          </Button>
        </ButtonGroup>
      )}
    </div>
  );
});
