// The 'User summary' panel: four tabs, the follow-up ones with their counts, each table fitting the panel.
import { Callout, Spinner, Tab, Tabs } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/sdk";
import { ClientSearch } from "./ClientSearch";
import { FollowUpsTable } from "./FollowUpsTable";
import { LastDialsTable } from "./LastDialsTable";
import type { UserSummaryStore } from "./model";
import { utcDay } from "./picker";
import type { UserSummaryService } from "./service";
import { TABS, type TabId } from "./tabs";
import "./user-summary.css";

/** A space before the count badge, so the tab's accessible name reads "Follow-ups 2". */
const withBadge = (title: string) => `${title} `;

const UserSummaryPanel = observer(function UserSummaryPanel() {
  const { store, api, ctx } = usePlugin<UserSummaryStore, UserSummaryService>();
  const { t } = useTranslation("user-summary");
  // On mount: the panel shows fresh lists (the service also reads every 60 s).
  useEffect(() => void api.refresh(), [api]);

  const today = utcDay(ctx.clock.now());
  const s = store.summary;
  const lists =
    s === null ? (
      store.state === "failed" ? (
        <Callout intent="danger" role="alert">
          {t("failed")}
        </Callout>
      ) : (
        <Spinner size={24} aria-label={t("loading")} />
      )
    ) : null;

  return (
    <Tabs
      id="user-summary"
      className="user-summary"
      selectedTabId={store.tab}
      onChange={(id) => (TABS as readonly string[]).includes(String(id)) && store.choose(id as TabId)}
      renderActiveTabPanelOnly
      // The tabs wrap onto two lines in a narrow panel; the sliding indicator would stay on the first one.
      animate={false}
    >
      <Tab
        id="overdue"
        title={withBadge(t("tabs.overdue"))}
        tagContent={s?.overdueTotal ?? 0}
        tagProps={{ intent: s && s.overdueTotal > 0 ? "danger" : "none", round: true }}
        panel={
          lists ?? (
            <FollowUpsTable
              label={t("tabs.overdue")}
              empty={t("followUps.none_overdue")}
              items={s!.overdue}
              today={today}
              store={store}
              api={api}
            />
          )
        }
      />
      <Tab
        id="followUps"
        title={withBadge(t("tabs.follow_ups"))}
        tagContent={s?.followUpsTotal ?? 0}
        tagProps={{ round: true }}
        panel={
          lists ?? (
            <FollowUpsTable
              label={t("tabs.follow_ups")}
              empty={t("followUps.none")}
              items={s!.followUps}
              today={today}
              store={store}
              api={api}
            />
          )
        }
      />
      <Tab
        id="lastDials"
        title={t("tabs.last_dials")}
        panel={lists ?? <LastDialsTable items={s!.lastDials} store={store} api={api} />}
      />
      <Tab id="clients" title={t("tabs.clients")} panel={<ClientSearch store={store} api={api} />} />
    </Tabs>
  );
});
export default UserSummaryPanel;
