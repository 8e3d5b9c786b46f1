// General settings (issue 18): the call centre's global settings page (settings/globals, GET/PUT
// /settings/globals) and the WebRTC users page (settings/webrtc-users: who has a browser softphone, POST and
// DELETE /agents/{id}/webrtc). Two settings pages of one plugin: both are the call centre's own switches for
// how its agents work, for managers and above.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { GeneralSettingsModel } from "./model";
import { createGeneralSettingsService } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  model: GeneralSettingsModel,
  adminPages: [
    {
      path: "settings/globals",
      section: "settings",
      title: "admin_links.globals",
      order: 10,
      component: lazy(() => import("./GeneralSettingsPage")),
    },
    {
      path: "settings/webrtc-users",
      section: "settings",
      title: "admin_links.webrtc_users",
      order: 120,
      component: lazy(() => import("./WebRtcUsersPage")),
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createGeneralSettingsService(ctx),
});
