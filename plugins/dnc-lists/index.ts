// Do Not Call lists (issue 36, part 4): the call centre's internal list and its imported lists (a national-registry
// extract, a partner's list) on one admin page for managers and above: which lists a number is on and why, a number
// added or taken off with its reason, a list created, uploaded, exported or deleted. The compliance gate and the
// dialer read every list at each dial (the core's), so a change counts from the next dial on.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { dncListsApi } from "./api";
import { manifest } from "./manifest";
import { DncListsModel } from "./model";
import { createDncListsService } from "./service";

export default definePlugin({
  ...manifest,
  provides: dncListsApi,
  model: DncListsModel,
  adminPages: [
    {
      path: "leads/dnc-lists",
      section: "leads",
      title: "admin.link",
      order: 30,
      component: lazy(() => import("./DncListsPage")),
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createDncListsService(ctx),
});
