// Dialing settings (issue 18, admin-and-sign-in §2 settings area, §3 entities, §4 settings saves): the manager's
// pages for the documents the dialer engine reads: operation hours, the dialing sequence, user quotas, user
// dials per level and publisher suppression. Each loads its whole set, saves it whole, and reads back what the
// gateway stored (negatives made 0 where the specification says so).
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { DialingSettingsModel } from "./model";
import { createDialingSettingsService } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  model: DialingSettingsModel,
  adminPages: [
    {
      path: "settings/operation-hours",
      section: "settings",
      title: "admin_links.operation_hours",
      order: 30,
      component: lazy(() => import("./OperationHoursPage")),
    },
    {
      path: "settings/dialing-sequence",
      section: "settings",
      title: "admin_links.dialing_sequence",
      order: 40,
      component: lazy(() => import("./DialingSequencePage")),
    },
    {
      path: "settings/user-quotas",
      section: "settings",
      title: "admin_links.user_quotas",
      order: 50,
      component: lazy(() => import("./UserQuotasPage")),
    },
    {
      path: "settings/qualifier-dials-per-level",
      section: "settings",
      title: "admin_links.qualifier_dials_per_level",
      order: 60,
      component: lazy(() => import("./DialsPerLevelPage")),
    },
    {
      path: "settings/publisher-suppression",
      section: "settings",
      title: "admin_links.publisher_suppression",
      order: 140,
      component: lazy(() => import("./PublisherSuppressionPage")),
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createDialingSettingsService(ctx),
});
