// The 'Auto dialing' panel: on or off, what the loop waits for, and the last result.
import { Tag } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/sdk";
import { LastResultView } from "./LastResultView";
import type { AutoDialingService } from "./loop";
import type { AutoDialingStore } from "./model";
import "./auto-dialing.css";

const AutoDialingPanel = observer(function AutoDialingPanel() {
  const { store, api } = usePlugin<AutoDialingStore, AutoDialingService>();
  const { t } = useTranslation("auto-dialing");
  const state = api.state();
  const on = store.running;
  return (
    <div className="auto-dialing">
      <div className="auto-dialing__state">
        <Tag intent={on ? "success" : "none"} round>
          {on ? t("on") : t("off")}
        </Tag>
        <span role="status">{t(`state.${state}`)}</span>
      </div>
      {store.last && <LastResultView last={store.last} />}
    </div>
  );
});
export default AutoDialingPanel;
