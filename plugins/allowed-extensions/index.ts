// Allowed extensions (issue 17, admin-and-sign-in §2 Allowed-extensions screen, §5, §7): the extensions the call
// centre's accounts may have, for managers and above. The users area and the settings area share this one page
// (the drawer links it under settings).
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { ExtensionsModel } from "./model";
import { createExtensionsService } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  model: ExtensionsModel,
  adminPages: [
    {
      path: "settings/allowed-extensions",
      section: "settings",
      title: "admin_links.allowed_extensions",
      order: 110,
      component: lazy(() => import("./AllowedExtensionsPage")),
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createExtensionsService(ctx),
});
