// The third-party panel (agent-workspace §2): the party the softphone's conference brought into the call, and
// leave (the lead stays with the party; the disposition becomes Transferred to 3rd Party), kick and destroy.
import { Button } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { usePlugin } from "../../src/sdk";
import type { TransfersStore } from "./model";
import { readablePhone } from "./phone";
import type { ThirdPartyStep, TransfersService } from "./service";
import "./transfers.css";

const STEPS: { step: ThirdPartyStep; intent: "success" | "warning" | "danger" }[] = [
  { step: "leave", intent: "success" },
  { step: "kick", intent: "warning" },
  { step: "destroy", intent: "danger" },
];

const ThirdPartyPanel = observer(function ThirdPartyPanel() {
  const { store, api, ctx } = usePlugin<TransfersStore, TransfersService>();
  const { t } = ctx;
  useEffect(() => api.watch(), [api]);
  const party = api.thirdParty();
  if (!party) return <p className="transfers__idle">{t("third_party.idle")}</p>;
  return (
    <div className="transfers">
      <p className="transfers__party">{t("third_party.on_call", { phone: readablePhone(party) })}</p>
      <div className="transfers__buttons">
        {STEPS.map(({ step, intent }) => (
          <Button
            key={step}
            intent={intent}
            text={t(`third_party.${step}`)}
            disabled={store.busy}
            onClick={() => void api.pressThirdParty(step)}
          />
        ))}
      </div>
    </div>
  );
});
export default ThirdPartyPanel;
