// User Dials Per Level: the fewest dials a lead must have had before an agent of a level is given it (level 1
// first). Levels are added at the end and removed from the end, so a level's number never shifts under it.
import { Button, Classes } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { SettingsPage } from "../../src/sdk/settings";
import { CountBox } from "./CountBox";
import { listProblems } from "./forms";
import { usePage } from "./usePage";
import "./dialing-settings.css";

/** The contract's most levels. */
export const MAX_LEVELS = 20;

const DialsPerLevelPage = observer(function DialsPerLevelPage() {
  const { doc, service, t, save } = usePage("levels");
  const list = doc.draft?.list ?? [];
  const problems = doc.draft ? listProblems(doc.draft, "params") : {};
  const edit = (next: string[]) => service.edit({ list: next });

  return (
    <SettingsPage
      id="dials-per-level"
      title={t("levels.title")}
      intro={t("levels.intro")}
      state={doc}
      onSave={() => save(problems)}
      onRetry={() => void service.load()}
    >
      {list.length === 0 && <p className={Classes.TEXT_MUTED}>{t("levels.empty")}</p>}
      <ol className="dialing-settings__rows">
        {list.map((text, i) => {
          const field = `params.${i}`;
          const problem = problems[field];
          const last = i === list.length - 1;
          return (
            <li key={i} className="dialing-settings__row">
              <CountBox
                id={`level-${i}`}
                label={t("levels.level", { n: i + 1 })}
                value={text}
                error={problem ? t(`errors.${problem}`, { max: "1,000,000" }) : doc.errorOf(field)}
                onChange={(v) => edit(list.map((x, j) => (j === i ? v : x)))}
              />
              <span className="dialing-settings__unit">{t("levels.unit")}</span>
              {last && (
                <Button
                  variant="minimal"
                  icon="trash"
                  aria-label={t("levels.remove", { n: i + 1 })}
                  onClick={() => edit(list.slice(0, -1))}
                />
              )}
            </li>
          );
        })}
      </ol>
      <Button icon="add" variant="outlined" text={t("levels.add")} disabled={list.length >= MAX_LEVELS} onClick={() => edit([...list, "0"])} />
      {list.length >= MAX_LEVELS && <span className={`${Classes.TEXT_MUTED} dialing-settings__note`}>{t("levels.full", { max: MAX_LEVELS })}</span>}
    </SettingsPage>
  );
});
export default DialsPerLevelPage;
