// Attribute groups (issue 17, admin-and-sign-in §2 Attribute groups screen, §3, §5, §7): the settings page where
// a manager lists the call centre's attribute groups, creates and edits one, and picks its agents and its
// attributes in two dialogs. For managers and above.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { GroupsModel } from "./model";
import { createGroupsService } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  model: GroupsModel,
  adminPages: [
    {
      path: "settings/attribute-groups",
      section: "settings",
      title: "admin_links.attribute_groups",
      order: 100,
      component: lazy(() => import("./AttributeGroupsPage")),
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createGroupsService(ctx),
});
