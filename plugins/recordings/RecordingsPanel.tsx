// The extra recordings panel (agent-workspace §2): one Start / Stop button for a recording of the call, with how
// long it has been recording. Shown to ISIUS advisors; it works on an answered call.
import { Button, Classes } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import { useNow, usePlugin } from "../../src/sdk";
import type { RecordingsStore } from "./model";
import type { RecordingsService } from "./service";
import "./recordings.css";

const RecordingsPanel = observer(function RecordingsPanel() {
  const { store, api, ctx } = usePlugin<RecordingsStore, RecordingsService>();
  const { t } = useTranslation("recordings");
  useNow(ctx.clock, store.recording); // the counter ticks while it records
  const seconds = api.elapsedSeconds();
  const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  return (
    <div className="recordings">
      <Button
        icon={store.recording ? "stop" : "record"}
        intent={store.recording ? "danger" : "none"}
        disabled={!api.canToggle()}
        loading={store.busy}
        aria-pressed={store.recording}
        onClick={() => void api.toggle()}
      >
        {t(store.recording ? "stop" : "start")}
      </Button>
      {store.recording ? (
        <span className="recordings__live" role="status">
          {t("recording", { index: store.index, time: clock })}
        </span>
      ) : (
        !ctx.call.current.isConnected && <span className={Classes.TEXT_MUTED}>{t("wait_for_call")}</span>
      )}
    </div>
  );
});
export default RecordingsPanel;
