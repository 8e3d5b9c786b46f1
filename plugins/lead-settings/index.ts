// The lead book's settings (issue 18, admin-and-sign-in §2, §3, §5, §7): three pages where a manager lists
// and edits the call centre's lead campaigns (and their qualifiers), lead prefixes, and lead groups (and their
// advisors and prefixes). The dialer reads what they save. For managers and above.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { LeadSettingsModel } from "./model";
import { createLeadSettingsService } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  model: LeadSettingsModel,
  adminPages: [
    {
      path: "settings/lead-campaigns",
      section: "settings",
      title: "admin_links.lead_campaigns",
      order: 70,
      component: lazy(() => import("./CampaignsPage")),
    },
    {
      path: "settings/lead-prefixes",
      section: "settings",
      title: "admin_links.lead_prefixes",
      order: 80,
      component: lazy(() => import("./PrefixesPage")),
    },
    {
      path: "settings/lead-groups",
      section: "settings",
      title: "admin_links.lead_groups",
      order: 90,
      component: lazy(() => import("./GroupsPage")),
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createLeadSettingsService(ctx),
});
