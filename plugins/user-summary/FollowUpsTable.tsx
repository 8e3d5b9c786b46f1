// The follow-ups of one tab (overdue, or the others): one row each, or a line saying there are none.
import { HTMLTable } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import type { FollowUpItem } from "../../src/contract/dialer";
import { FollowUpRow } from "./FollowUpRow";
import type { UserSummaryStore } from "./model";
import type { UserSummaryService } from "./service";

interface Props {
  label: string;
  empty: string;
  items: readonly FollowUpItem[];
  today: string;
  store: UserSummaryStore;
  api: UserSummaryService;
}

export const FollowUpsTable = observer(function FollowUpsTable({
  label,
  empty,
  items,
  today,
  store,
  api,
}: Props) {
  const { t } = useTranslation("user-summary");
  if (items.length === 0) return <p className="user-summary__empty">{empty}</p>;
  return (
    <HTMLTable compact striped className="user-summary__table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{t("columns.call_time")}</th>
          <th scope="col">{t("columns.call_name")}</th>
          <th scope="col">{t("columns.notes")}</th>
          <th scope="col">{t("columns.state")}</th>
          <th scope="col">{t("columns.type")}</th>
          <th scope="col">{t("columns.dial")}</th>
          <th scope="col">{t("columns.dashboard")}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <FollowUpRow key={item.id} item={item} today={today} store={store} api={api} />
        ))}
      </tbody>
    </HTMLTable>
  );
});
