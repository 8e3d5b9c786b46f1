// The disclosures panel (agent-workspace §2): three carrier buttons, gtl, aa and assurity, that open the carrier's
// disclosure for the lead on the call, and the disclosure popup: the carrier as title, the step's text with the
// lead's names and the company filled in, the lead's answer when the step asks, the counter n/max, Prev and Next.
import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  Radio,
  RadioGroup,
} from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/sdk";
import type { DisclosuresStore } from "./model";
import type { DisclosuresService } from "./service";
import { CARRIER_COMPANIES, CARRIERS } from "./wording";
import "./disclosures.css";

const DisclosurePopup = observer(function DisclosurePopup() {
  const { store, api } = usePlugin<DisclosuresStore, DisclosuresService>();
  const { t } = useTranslation("disclosures");
  const open = store.open;
  const step = store.steps.find((s) => s.step === store.current);
  if (!open || !step) return null;
  const pos = api.position();
  const answered = store.answers[step.step];
  const playing = api.audioPlaying();
  const connected = api.canOpen();
  return (
    <Dialog
      isOpen
      title={t("popup.title", { company: CARRIER_COMPANIES[open.carrier] })}
      onClose={() => void api.close()}
      className="disclosures__popup"
      canOutsideClickClose={false}
    >
      <DialogBody>
        <p className="disclosures__wording">{t(`wording.${open.wording}`)}</p>
        {playing && (
          <p className="disclosures__playing" role="status">
            {t("popup.playing")}
          </p>
        )}
        <p className="disclosures__text">{api.text(step)}</p>
        {step.answers && (
          <RadioGroup
            label={t("popup.answer")}
            selectedValue={answered === undefined ? undefined : String(answered)}
            onChange={(e) => api.answer(Number(e.currentTarget.value))}
          >
            {step.answers.map((a, i) => (
              <Radio key={i} value={String(i)} label={a.text} />
            ))}
          </RadioGroup>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button icon="arrow-left" disabled={!pos.canPrev} onClick={() => api.prev()}>
              {t("popup.prev")}
            </Button>
            <Button
              icon={playing ? "stop" : "play"}
              intent={playing ? "warning" : "none"}
              disabled={!connected}
              aria-pressed={playing}
              onClick={() => void api.toggleAudio()}
            >
              {t(playing ? "popup.stop_audio" : "popup.start_audio")}
            </Button>
            {pos.canNext || pos.n < pos.max ? (
              <Button
                intent="primary"
                endIcon="arrow-right"
                disabled={!pos.canNext}
                onClick={() => api.next()}
              >
                {t("popup.next")}
              </Button>
            ) : (
              <Button
                intent="success"
                icon="tick"
                disabled={!!step.answers && answered === undefined}
                onClick={() => void api.close()}
              >
                {t("popup.done")}
              </Button>
            )}
          </>
        }
      >
        <span className={Classes.TEXT_MUTED} role="status">
          {t("popup.counter", { n: pos.n, max: pos.max })}
        </span>
      </DialogFooter>
    </Dialog>
  );
});

const DisclosuresPanel = observer(function DisclosuresPanel() {
  const { store, api } = usePlugin<DisclosuresStore, DisclosuresService>();
  const { t } = useTranslation("disclosures");
  const can = api.canOpen();
  return (
    <div className="disclosures">
      <div className="disclosures__carriers" role="group" aria-label={t("carriers")}>
        {CARRIERS.map((c) => (
          <Button
            key={c}
            disabled={!can || store.loading}
            title={CARRIER_COMPANIES[c]}
            onClick={() => void api.open(c)}
          >
            {t(`carrier.${c}`)}
          </Button>
        ))}
      </div>
      {!can && <p className={`disclosures__hint ${Classes.TEXT_MUTED}`}>{t("wait_for_call")}</p>}
      {store.failed && (
        <Callout intent="danger" compact>
          {t("load_failed")}
        </Callout>
      )}
      <DisclosurePopup />
    </div>
  );
});
export default DisclosuresPanel;
