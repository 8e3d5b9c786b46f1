// The users area (issue 17; admin-and-sign-in §2 "Users area", §6): the Users list (/admin/users), the call
// centre's agents searched, paged and sorted by the gateway, with each row's outbound eligibility, live-transfer
// and block-outbound controls and its actions (the row dialogs, ./dialogs), and the Managers list
// (/admin/users/managers). For managers, admins and operations-managers.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { usersAgentActions } from "./dialogs/agentActions";
import { UsersModel } from "./model";
import { createUsersService } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  model: UsersModel,
  // The floor's rows (and any plugin that lists agents) offer an agent's statistics and callable states.
  agentActions: usersAgentActions,
  adminPages: [
    {
      path: "users/managers",
      section: "users",
      title: "admin_links.managers",
      order: 10,
      component: lazy(() => import("./ManagersPage")),
    },
    {
      path: "users",
      section: "users",
      title: "admin_links.users",
      order: 20,
      component: lazy(() => import("./UsersPage")),
    },
  ],
  // The row dialogs keep their texts beside them, under "dialogs": one namespace, both files.
  locales: {
    en: async () => ({
      default: { ...(await import("./locales/en.json")).default, ...(await import("./dialogs/locales/en.json")).default },
    }),
    fr: async () => ({
      default: { ...(await import("./locales/fr.json")).default, ...(await import("./dialogs/locales/fr.json")).default },
    }),
    es: async () => ({
      default: { ...(await import("./locales/es.json")).default, ...(await import("./dialogs/locales/es.json")).default },
    }),
  },
  setup: (ctx) => createUsersService(ctx),
});
