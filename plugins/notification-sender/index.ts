// The notification sender (issue 17, admin-and-sign-in §2 /notifications/create, §3, §5, §7, §8, §9): the
// 'Send New Notification' page where a manager, admin or operations-manager sends a message to the call
// centre's agents (or the manager's own team), who see it in their alert stack.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { createSenderService } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  adminPages: [
    {
      path: "notifications/create",
      section: "notifications",
      title: "admin_links.notifications_create",
      order: 10,
      component: lazy(() => import("./NotificationSenderPage")),
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createSenderService(ctx),
});
