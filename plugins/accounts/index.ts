// Accounts (issue 17; the specification shows no such screen): the users area's page where managers and above
// create, edit, deactivate and reactivate the call centre's accounts and send a password reset. Its gateway
// routes are the core's (server/modules/agents/accounts.ts: the users table is modules/agents').
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { AccountsModel } from "./model";
import { createAccountsService } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  model: AccountsModel,
  adminPages: [
    {
      path: "users/accounts",
      section: "users",
      title: "admin_links.accounts",
      order: 30,
      component: lazy(() => import("./AccountsPage")),
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createAccountsService(ctx),
});
