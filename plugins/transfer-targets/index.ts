// Transfer targets (issue 15, agent-workspace §3 external transfer target and Sunlife agent): the settings page
// where a manager edits the call centre's external transfer targets, Sunlife agents and Matcha's number, the
// `external-transfers` settings document the transfers widget offers (GET/PUT /settings/external-transfers).
// A settings page is a plugin of its own (the design card's "settings pages"), for managers and above.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { TargetsModel } from "./model";
import { createTargetsService } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  model: TargetsModel,
  adminPages: [
    {
      path: "settings/external-transfers",
      section: "settings",
      title: "admin_links.external_transfers",
      order: 150,
      component: lazy(() => import("./TransferTargetsPage")),
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createTargetsService(ctx),
});
