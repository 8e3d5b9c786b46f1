// Reports (issue 37): what happened on the floor, per agent, campaign, list and hour, for managers and above. The
// figures come from rollups the database keeps as each call, status change and disposition is written
// (./tables.ts), so a report of today includes the last minute and a report of a year answers at once. Its pages
// (and the chart library) load only when a manager opens one: agents never download them.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { manifest } from "./manifest";

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
      path: "reports/hours",
      section: "reports",
      title: "hours.link",
      order: 20,
      component: lazy(() => import("./HoursReportPage")),
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
});
