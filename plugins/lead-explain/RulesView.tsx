// The verdict, when it was checked, and every rule with its reason, the rules that decide the verdict first:
// the failing ones (the first of them in the engine's order, the one the engine skips the lead for, stands
// out), then the passing ones.
import { HTMLTable, Icon, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { decidingFirst, reasonOf, type Explanation } from "./explanation";
import { formatCheckedAt } from "./format";

export function RulesView({
  explanation: e,
  showTarget,
  names = { lead: null, agent: null },
}: {
  explanation: Explanation;
  /** A manager's view: the lead and agent are named above the verdict, and the reasons speak of the agent. */
  showTarget: boolean;
  /** The names the manager picked the lead and agent by; null: said by number. */
  names?: { lead: string | null; agent: string | null };
}) {
  const { t, i18n } = useTranslation("lead-explain");
  const lead = names.lead
    ? t("manager.lead_named", { name: names.lead, id: e.leadId })
    : t("manager.lead_number", { id: e.leadId });
  // The agent reads "You …"; a manager reads about the agent it named ("Jordan Reyes is bilingual.").
  const saying = showTarget && e.agentId !== null ? { agent: names.agent } : {};
  return (
    <div className="lead-explain__result">
      {showTarget && (
        <p className="lead-explain__subject">
          {e.agentId === null
            ? t("manager.lead_only", { target: lead })
            : t("manager.for_agent", {
                target: lead,
                who: names.agent ?? t("manager.agent_number", { id: e.agentId }),
              })}
        </p>
      )}
      <div className="lead-explain__verdict" role="status">
        <Tag
          size="large"
          icon={e.callable ? "tick-circle" : "ban-circle"}
          intent={e.callable ? "success" : "danger"}
        >
          {t(e.callable ? "verdict.callable" : "verdict.not_callable")}
        </Tag>
        <time dateTime={e.checkedAt}>
          {t("checked_at", { time: formatCheckedAt(e.checkedAt, i18n.language) })}
        </time>
      </div>
      <HTMLTable compact className="lead-explain__rules" aria-label={t("table.label")}>
        <thead>
          <tr>
            <th scope="col">
              <span className="isi-sr-only">{t("table.verdict")}</span>
            </th>
            <th scope="col">{t("table.rule")}</th>
            <th scope="col">{t("table.reason")}</th>
          </tr>
        </thead>
        <tbody>
          {decidingFirst(e).map((r) => (
            <tr
              key={`${r.step}-${r.rule}`}
              className={r.deciding ? "lead-explain__first-failure" : r.ok ? undefined : "lead-explain__failure"}
            >
              <td className="lead-explain__mark">
                <Icon icon={r.ok ? "tick-circle" : "cross-circle"} intent={r.ok ? "success" : "danger"} />
                <span className="isi-sr-only">{t(r.ok ? "pass" : "fail")}</span>
              </td>
              <th scope="row">{t(`rules.${r.rule}`, { defaultValue: r.rule })}</th>
              <td>
                {reasonOf(r, t, i18n.language, saying)}
                {r.deciding && (
                  <Tag minimal intent="danger" className="lead-explain__why">
                    {t("first_failure")}
                  </Tag>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
