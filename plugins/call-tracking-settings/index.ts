// Call-tracking settings (issue 18, admin-and-sign-in §2 retreaver-mappings and configurations, §4, §5, §7): the
// settings pages of the call-tracking provider (Retreaver): its mappings (which DID brings calls for which
// marketing-id prefix) and the maximum calls amount the call centre takes from it at once. For managers and above.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { CallTrackingModel } from "./model";
import { createCallTrackingService } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  model: CallTrackingModel,
  adminPages: [
    {
      path: "settings/configurations",
      section: "settings",
      title: "admin_links.configurations",
      order: 20,
      component: lazy(() => import("./ConfigurationsPage")),
    },
    {
      path: "settings/retreaver-mappings",
      section: "settings",
      title: "admin_links.retreaver_mappings",
      order: 130,
      component: lazy(() => import("./RetreaverMappingsPage")),
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createCallTrackingService(ctx),
});
