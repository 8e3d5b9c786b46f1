// Publisher suppression: how many advisors and qualifiers must stay available for publishers' inbound calls
// before another is given an outbound lead, and a state's own minimum for its leads (empty: none of its own).
// Every number is 0 or more: the page refuses a negative with a message under it (admin-and-sign-in §5).
import { H2 } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { Language } from "../../src/contract/common";
import { regionsOf } from "../../src/contract/lookups";
import { SettingsPage } from "../../src/sdk/settings";
import { CountBox } from "./CountBox";
import { MAX_SUPPRESSION, SUPPRESSION_ROLES, suppressionProblems } from "./forms";
import { usePage } from "./usePage";
import "./dialing-settings.css";

const PublisherSuppressionPage = observer(function PublisherSuppressionPage() {
  const { doc, service, ctx, t, save } = usePage("suppression");
  const draft = doc.draft;
  const problems = draft ? suppressionProblems(draft) : {};
  const regions = regionsOf(ctx.variant.country);
  const box = (key: string, label: string) => {
    const field = `params.${key}`;
    const problem = problems[field];
    return (
      <CountBox
        key={key}
        id={`suppression-${key}`}
        label={label}
        value={draft?.params[key] ?? ""}
        error={problem ? t(`errors.${problem}`, { max: MAX_SUPPRESSION.toLocaleString(ctx.language) }) : doc.errorOf(field)}
        onChange={(v) => draft && service.edit({ params: { ...draft.params, [key]: v } })}
      />
    );
  };

  return (
    <SettingsPage
      id="publisher-suppression"
      title={t("suppression.title")}
      intro={t("suppression.intro")}
      state={doc}
      onSave={() => save(problems)}
      onRetry={() => void service.load()}
    >
      <section aria-labelledby="suppression-roles">
        <H2 id="suppression-roles">{t("suppression.roles")}</H2>
        <div className="dialing-settings__suppression-roles">{SUPPRESSION_ROLES.map((r) => box(r, t(`suppression.${r}`)))}</div>
      </section>
      <section aria-labelledby="suppression-states">
        <H2 id="suppression-states">{t(ctx.variant.country === "CA" ? "suppression.provinces" : "suppression.states")}</H2>
        <p className="dialing-settings__help">{t("suppression.states_help")}</p>
        <div className="dialing-settings__regions">
          {regions.map((r) => box(r.value, r.label[ctx.language as Language] ?? r.label.en))}
        </div>
      </section>
    </SettingsPage>
  );
});
export default PublisherSuppressionPage;
