// The "Lead lists" page (managers and above, issue 36 parts 2 and 3), one screen at 1366×768 with its tables
// scrolling inside their own areas: above, importing a list (upload, column mapping, dry run, the job's progress,
// its report) beside the recent imports; below, the call centre's lists with their counts and actions.
import { H1 } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/sdk";
import type { LeadListsApi } from "./api";
import ImportCard from "./ImportCard";
import ListsTable from "./ListsTable";
import type { LeadListsStore } from "./model";
import RecentImports from "./RecentImports";
import "./lead-lists.css";

const LeadListsPage = observer(function LeadListsPage() {
  const { api } = usePlugin<LeadListsStore, LeadListsApi>();
  const { t } = useTranslation("lead-lists");
  // Loads, shows an import under way again, and polls it while the page is on screen.
  useEffect(() => api.watch(), [api]);

  return (
    <main className="isi-page lead-lists" aria-labelledby="lead-lists-title">
      <header className="lead-lists__head">
        <H1 id="lead-lists-title">{t("page.title")}</H1>
        <p className="lead-lists__muted">{t("page.help")}</p>
      </header>
      <div className="lead-lists__top">
        <section className="lead-lists__part lead-lists__import" aria-labelledby="lead-lists-import-title">
          <ImportCard />
        </section>
        <section className="lead-lists__part lead-lists__recent" aria-labelledby="lead-lists-recent-title">
          <RecentImports />
        </section>
      </div>
      <section className="lead-lists__part lead-lists__lists" aria-labelledby="lead-lists-lists-title">
        <ListsTable />
      </section>
    </main>
  );
});
export default LeadListsPage;
