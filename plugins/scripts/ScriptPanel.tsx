// The call script panel: the four steps as a stepper the agent clicks (the current one marked), the current
// step's sub-parts as short paragraphs to read aloud, with the lead's and the agent's names and the script's
// facts filled in. Where the booking wizard is on screen too, it says whether the script is in step with it.
import { Button, Callout, Classes, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/sdk";
import type { ScriptsStore } from "./model";
import type { ScriptsService } from "./service";
import { scriptValues } from "./values";
import "./scripts.css";

const ScriptPanel = observer(function ScriptPanel() {
  const { store, api } = usePlugin<ScriptsStore, ScriptsService>();
  const { t } = useTranslation("scripts");
  useEffect(() => api.watch(), [api]);

  if (store.state === "off") return <p className={Classes.TEXT_MUTED}>{t("off")}</p>;
  if (store.state === "failed")
    return (
      <Callout intent="warning" role="alert" compact>
        {t("load_failed")}{" "}
        <Button size="small" variant="minimal" intent="warning" onClick={() => api.retry()}>
          {t("retry")}
        </Button>
      </Callout>
    );
  const script = store.script;
  if (!script) return <Spinner size={20} aria-label={t("loading")} />;

  const { pages } = script;
  const at = Math.max(0, pages.findIndex((p) => p.step === store.step));
  const page = pages[at]!;
  const lead = api.lead();
  const values = scriptValues(t, script.facts, {
    leadFirst: lead?.firstName,
    leadLast: lead?.lastName,
    agentFirst: script.agent.first_name,
  });
  const wizard = api.wizardStep();

  return (
    <div className="scripts">
      <nav className="scripts__steps" aria-label={t("steps.label")}>
        <ol>
          {pages.map((p, i) => {
            const current = i === at;
            return (
              <li key={p.step}>
                <Button
                  size="small"
                  variant={current ? "solid" : "minimal"}
                  intent={current ? "primary" : "none"}
                  aria-current={current ? "step" : undefined}
                  onClick={() => api.show(p.step)}
                >
                  {`${i + 1}. ${t(`steps.${p.step}`)}`}
                </Button>
              </li>
            );
          })}
        </ol>
      </nav>
      {wizard !== null && (
        <p className={`scripts__follow ${Classes.TEXT_MUTED}`} role="status">
          {wizard === page.step ? t("follow.with_wizard") : t("follow.by_hand")}
        </p>
      )}
      {/* Keyed by step: another step starts at its top. Focusable: a keyboard scrolls it too. */}
      <article key={page.step} className="scripts__page" aria-label={t(`steps.${page.step}`)} tabIndex={0}>
        {page.parts.map((part) => (
          <section key={part} className="scripts__part">
            <h3 className="scripts__part-title">{t(`part_titles.${part}`)}</h3>
            <p className="scripts__text">{t(`parts.${part}`, values)}</p>
          </section>
        ))}
      </article>
    </div>
  );
});
export default ScriptPanel;
