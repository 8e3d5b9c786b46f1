// The verdict, when it was checked, and every rule in the engine's order with its reason; the first failing
// rule is the one the engine skips the lead for, so it stands out.
import { HTMLTable, Icon, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { firstFailure, reasonOf, type Explanation } from "./explanation";
import { formatCheckedAt } from "./format";

export function RulesView({ explanation: e, showTarget }: { explanation: Explanation; showTarget: boolean }) {
  const { t, i18n } = useTranslation("lead-explain");
  const first = firstFailure(e);
  return (
    <div className="lead-explain__result">
      {showTarget && (
        <p className="lead-explain__subject">
          {e.agentId === null
            ? t("manager.lead_only", { leadId: e.leadId })
            : t("manager.for_agent", { leadId: e.leadId, agentId: e.agentId })}
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
          {e.rules.map((r, i) => (
            <tr key={`${i}-${r.rule}`} className={i === first ? "lead-explain__first-failure" : undefined}>
              <td className="lead-explain__mark">
                <Icon icon={r.ok ? "tick-circle" : "cross-circle"} intent={r.ok ? "success" : "danger"} />
                <span className="isi-sr-only">{t(r.ok ? "pass" : "fail")}</span>
              </td>
              <th scope="row">{t(`rules.${r.rule}`, { defaultValue: r.rule })}</th>
              <td>
                {reasonOf(r, t, i18n.language)}
                {i === first && (
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
