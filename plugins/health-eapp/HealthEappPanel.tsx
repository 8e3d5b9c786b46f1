import { AnchorButton, Classes } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import { safeHref, usePlugin } from "../../src/sdk";
import type { HealthEappService } from "./service";
import "./health-eapp.css";

const HealthEappPanel = observer(function HealthEappPanel() {
  const { api, ctx } = usePlugin<undefined, HealthEappService>();
  const { t } = useTranslation("health-eapp");
  const access = api.access();

  if (access.kind === "open") {
    // A link, not window.open: the e-app opens in a new tab that cannot reach back into the dialer, and the
    // advisor can still copy its address or open it where they like. Its config passed the same link rule at
    // sign-in; safeHref still keeps anything else out of the href (the button is then disabled).
    const href = safeHref(api.urlFor(access.leadId));
    return (
      <AnchorButton
        intent="primary"
        icon="share"
        href={href}
        disabled={!href}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t("open")}
      </AnchorButton>
    );
  }

  // An advisor must see why the button is missing: the lead's state, or the advisor's licences, decide it.
  const region = ctx.variant.country === "CA" ? "province" : "state";
  const why =
    access.kind === "no_lead"
      ? t("why.no_lead")
      : access.kind === "no_state"
        ? t(`why.no_${region}`)
        : t(`why.unlicensed_${region}`, { state: access.state });
  return <p className={`health-eapp__why ${Classes.TEXT_MUTED}`}>{why}</p>;
});
export default HealthEappPanel;
