// Plugins and features (issue 18 item 2; the design card's "call-centre admins enabling variant plugins"): the
// settings page where an admin turns the call centre's plugins and feature flags on or off. Its gateway side is
// the settings module's GET/PUT /settings/plugins; agents get the change on the socket without signing out.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { PluginSettingsModel } from "./model";
import { createPluginSettingsService } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  model: PluginSettingsModel,
  adminPages: [
    {
      path: "settings/plugins",
      section: "settings",
      title: "admin_links.plugins",
      order: 160,
      minRole: "admin",
      component: lazy(() => import("./PluginSettingsPage")),
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createPluginSettingsService(ctx),
});
