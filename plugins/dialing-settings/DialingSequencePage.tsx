// The dialing sequence: how long the dialer waits before dialling a lead again, one wait per dial number (the
// last repeats). Rows are added, removed and moved; a negative wait becomes 0 when saved.
import { Button, ButtonGroup, Classes } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { SettingsPage } from "../../src/sdk/settings";
import { CountBox } from "./CountBox";
import { listProblems, moved, parseWhole } from "./forms";
import { usePage } from "./usePage";
import "./dialing-settings.css";

/** The contract's longest sequence. */
export const MAX_DIALS = 50;

/** A new dial waits as long as the last one (the tail repeats anyway), or 0 when that is not a wait yet. */
function newWait(list: readonly string[]): string {
  const last = parseWhole(list[list.length - 1] ?? "");
  return last !== null && last >= 0 ? String(last) : "0";
}

const DialingSequencePage = observer(function DialingSequencePage() {
  const { doc, service, t, save } = usePage("sequence");
  const list = doc.draft?.list ?? [];
  const problems = doc.draft ? listProblems(doc.draft, "sequence") : {};
  const edit = (next: string[]) => service.edit({ list: next });

  return (
    <SettingsPage
      id="dialing-sequence"
      title={t("sequence.title")}
      intro={t("sequence.intro")}
      state={doc}
      onSave={() => save(problems)}
      onRetry={() => void service.load()}
    >
      {list.length === 0 && <p className={Classes.TEXT_MUTED}>{t("sequence.empty")}</p>}
      <ol className="dialing-settings__rows">
        {list.map((text, i) => {
          const n = i + 1;
          const field = `sequence.${i}`;
          const problem = problems[field];
          return (
            <li key={i} className="dialing-settings__row">
              <CountBox
                id={`sequence-${i}`}
                label={t("sequence.wait", { n })}
                value={text}
                error={problem ? t(`errors.${problem}`, { max: "1,000,000" }) : doc.errorOf(field)}
                onChange={(v) => edit(list.map((x, j) => (j === i ? v : x)))}
              />
              <span className="dialing-settings__unit">{t("sequence.unit")}</span>
              <ButtonGroup variant="minimal" className="dialing-settings__row-actions">
                <Button icon="arrow-up" aria-label={t("sequence.up", { n })} disabled={i === 0} onClick={() => edit(moved(list, i, i - 1))} />
                <Button
                  icon="arrow-down"
                  aria-label={t("sequence.down", { n })}
                  disabled={i === list.length - 1}
                  onClick={() => edit(moved(list, i, i + 1))}
                />
                <Button icon="trash" aria-label={t("sequence.remove", { n })} onClick={() => edit(list.filter((_, j) => j !== i))} />
              </ButtonGroup>
            </li>
          );
        })}
      </ol>
      <Button
        icon="add"
        variant="outlined"
        text={t("sequence.add")}
        disabled={list.length >= MAX_DIALS}
        title={list.length >= MAX_DIALS ? t("sequence.full", { max: MAX_DIALS }) : undefined}
        onClick={() => edit([...list, newWait(list)])}
      />
      {list.length >= MAX_DIALS && <span className={`${Classes.TEXT_MUTED} dialing-settings__note`}>{t("sequence.full", { max: MAX_DIALS })}</span>}
    </SettingsPage>
  );
});
export default DialingSequencePage;
