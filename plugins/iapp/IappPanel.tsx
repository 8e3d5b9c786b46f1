// The send-to-iApp panel (agent-workspace §2): one button per e-application system the agent may use (two with
// the call centre's choice and an iApp 2 agent, then a Yes/No question before sending), the client application
// page opening in a new tab on success, the button red with 'Something went wrong…' on failure.
import { AnchorButton, Button, Classes } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { safeHref, usePlugin } from "../../src/sdk";
import { buttonKey } from "./destinations";
import type { IappStore } from "./model";
import type { IappService } from "./service";
import "./iapp.css";

const IappPanel = observer(function IappPanel() {
  const { store, api, ctx } = usePlugin<IappStore, IappService>();
  const { t } = useTranslation("iapp");
  useEffect(() => api.watch(), [api]);
  const destinations = api.destinations();
  const lead = ctx.leads.current;
  const both = destinations.length > 1;
  const label = (d: (typeof destinations)[number]) => t(buttonKey(d, ctx.variant.code, both));

  if (destinations.length === 0) return <p className={Classes.TEXT_MUTED}>{t("off")}</p>;
  if (!lead) return <p className={Classes.TEXT_MUTED}>{t("no_lead")}</p>;

  if (store.asking) {
    const system = t(`system.${store.asking}`);
    const name = `${lead.firstName} ${lead.lastName}`.trim();
    return (
      <div className="iapp" role="group" aria-labelledby="iapp-question">
        <span id="iapp-question">
          {name ? t("question", { name, system }) : t("question_unnamed", { system })}
        </span>
        <Button intent="primary" onClick={() => void api.answer(true)}>
          {t("yes")}
        </Button>
        <Button onClick={() => void api.answer(false)}>{t("no")}</Button>
      </div>
    );
  }

  return (
    // One row that wraps: the buttons, then what happened (kept small: the panel is two grid rows high).
    <div className="iapp">
      {destinations.map((d) => {
        const sent = store.sentTo(d);
        // The gateway's answer: linked only when http(s) or a path on this origin (else a disabled button).
        const href = sent ? safeHref(sent.url) : undefined;
        return sent ? (
          <AnchorButton
            key={d}
            icon="document-open"
            href={href}
            disabled={!href}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t("open", { system: t(`system.${d}`) })}
          </AnchorButton>
        ) : (
          <Button
            key={d}
            icon="send-to"
            intent={store.failed === d ? "danger" : "primary"}
            loading={store.sending === d}
            disabled={store.sending !== null && store.sending !== d}
            onClick={() => void api.choose(d)}
          >
            {label(d)}
          </Button>
        );
      })}
      {store.failed && (
        <span className="iapp__error" role="alert">
          {t("send_error")}
        </span>
      )}
      {store.sent.length > 0 && !store.failed && (
        <span className={Classes.TEXT_MUTED} role="status">
          {t("sent", { system: store.sent.map((s) => t(`system.${s.destination}`)).join(", ") })}
        </span>
      )}
    </div>
  );
});
export default IappPanel;
