// Reports (issue 37): what happened on the floor, per agent, campaign, list and hour, for managers and above. The
// figures come from rollups the database keeps as each call, status change and disposition is written
// (./tables.ts), so a report of today includes the last minute and a report of a year answers at once. Its pages
// (and the chart library) load only when a manager opens one: agents never download them.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { manifest } from "./manifest";

/** The plugin's texts: the shared ones and each report's own, in one namespace. */
const texts = async (...parts: Promise<{ default: Record<string, unknown> }>[]) => ({
  default: Object.assign({}, ...(await Promise.all(parts).then((ms) => ms.map((m) => m.default)))) as Record<
    string,
    unknown
  >,
});

export default definePlugin({
  ...manifest,
  adminPages: [
    {
      path: "reports/agents",
      section: "reports",
      title: "agents.link",
      order: 10,
      component: lazy(() => import("./AgentsReportPage")),
    },
    {
      path: "reports/campaigns",
      section: "reports",
      title: "campaigns.link",
      order: 15,
      component: lazy(() => import("./campaigns/CampaignsReportPage")),
    },
    {
      path: "reports/hours",
      section: "reports",
      title: "hours.link",
      order: 20,
      component: lazy(() => import("./HoursReportPage")),
    },
    {
      path: "reports/calls",
      section: "reports",
      title: "calls.link",
      order: 30,
      component: lazy(() => import("./calls/CallsReportPage")),
    },
    {
      path: "reports/compliance",
      section: "reports",
      title: "compliance.link",
      order: 40,
      component: lazy(() => import("./compliance/ComplianceReportPage")),
    },
    {
      path: "reports/schedules",
      section: "reports",
      title: "schedules.link",
      order: 50,
      component: lazy(() => import("./schedules/SchedulesPage")),
    },
    {
      path: "reports/operations-managers",
      section: "reports",
      title: "centres.link",
      order: 60,
      minRole: "admin",
      component: lazy(() => import("./centres/AccessPage")),
    },
  ],
  locales: {
    en: () =>
      texts(
        import("./locales/en.json"),
        import("./campaigns/locales/en.json"),
        import("./calls/locales/en.json"),
        import("./compliance/locales/en.json"),
        import("./schedules/locales/en.json"),
        import("./centres/locales/en.json"),
      ),
    fr: () =>
      texts(
        import("./locales/fr.json"),
        import("./campaigns/locales/fr.json"),
        import("./calls/locales/fr.json"),
        import("./compliance/locales/fr.json"),
        import("./schedules/locales/fr.json"),
        import("./centres/locales/fr.json"),
      ),
    es: () =>
      texts(
        import("./locales/es.json"),
        import("./campaigns/locales/es.json"),
        import("./calls/locales/es.json"),
        import("./compliance/locales/es.json"),
        import("./schedules/locales/es.json"),
        import("./centres/locales/es.json"),
      ),
  },
});
