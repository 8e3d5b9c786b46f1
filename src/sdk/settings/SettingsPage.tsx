// The frame every settings page shares (admin-and-sign-in §2 settings area, §4 settings saves): the title, the
// load's spinner or failure, the form, the refusal, and a foot that stays in reach at 1366×768 with Save and
// the audit trail's "Last changed by … on …". Leaving with unsaved changes asks first.
import { Button, Callout, H1, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { ReactNode } from "react";
import type { SettingsChange } from "../../contract/settings";
import { formatUtc } from "../../i18n/utcTime";
import { LoadFailed } from "../ui/LoadFailed";
import { useSdkTexts } from "../ui/texts";
import { useUnsavedChanges } from "../ui/useUnsavedChanges";
import "./settings.css";

/** "Last changed by Ada Admin on Nov 24, 2026, 3:04 PM UTC." or that the values were never changed. */
export function LastChange({ change }: { change: SettingsChange | null }) {
  const { t, language } = useSdkTexts();
  return (
    <span className="settings-page__last-change">
      {change
        ? t("settings.last_change", { by: change.by ?? t("settings.someone"), at: formatUtc(change.at, language, "short") })
        : t("settings.never_changed")}
    </span>
  );
}

export interface SettingsPageState {
  readonly phase: string;
  readonly message: string | null;
  readonly dirty: boolean;
  readonly lastChange: SettingsChange | null;
  readonly saved: unknown;
  /** The last refusal's field errors: shown beside their fields, so the refusal is not repeated above Save. */
  readonly errors?: Readonly<Record<string, readonly string[]>>;
}

export interface SettingsPageProps {
  /** The page's id: the title's element id is `${id}-title`. */
  id: string;
  title: string;
  /** A sentence under the title saying what the settings do. */
  intro?: ReactNode;
  state: SettingsPageState;
  onSave(): void;
  onRetry(): void;
  /** The fields, shown once the document is loaded. */
  children: ReactNode;
}

export const SettingsPage = observer(function SettingsPage({ id, title, intro, state, onSave, onRetry, children }: SettingsPageProps) {
  const { t } = useSdkTexts();
  useUnsavedChanges(state.dirty, t("settings.unsaved"));
  const loaded = state.saved !== null && state.saved !== undefined;
  return (
    <main className={`isi-page settings-page settings-page--${id}`} aria-labelledby={`${id}-title`}>
      <H1 id={`${id}-title`}>{title}</H1>
      {intro && <p className="settings-page__intro">{intro}</p>}
      {state.phase === "loading" && !loaded && <Spinner size={24} />}
      {state.phase === "failed" && <LoadFailed title={t("settings.load_failed")} message={state.message} onRetry={onRetry} />}
      {loaded && state.phase !== "failed" && (
        <form
          className="settings-page__form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSave();
          }}
        >
          {children}
          {/* The refusal sits in the foot that stays on screen, so a long page's Save never hides it. */}
          <div className="settings-page__actions">
            {state.message && Object.keys(state.errors ?? {}).length === 0 && (
              <Callout intent="danger" compact className="settings-page__refusal" role="alert">
                {state.message}
              </Callout>
            )}
            <Button type="submit" intent="primary" text={t("settings.save")} disabled={!state.dirty} loading={state.phase === "saving"} />
            <LastChange change={state.lastChange} />
          </div>
        </form>
      )}
    </main>
  );
});
