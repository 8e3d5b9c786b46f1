// User summary: the agent's overdue and other follow-ups, last dials and a search of its own leads, on the
// workspace's left (agent-workspace §2 User summary).
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { dispositionsApi } from "../dispositions/api";
import { userSummaryApi } from "./api";
import { UserSummaryModel } from "./model";
import { createUserSummaryService, followUpsChanged } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  // Moving a follow-up is a disposition (Pocket, reschedule_followup): the dispositions plugin writes it.
  needs: [dispositionsApi],
  provides: userSummaryApi,
  model: UserSummaryModel,
  pushes: [followUpsChanged],
  panels: [
    {
      id: "user-summary.panel",
      title: "panel.title",
      component: lazy(() => import("./UserSummaryPanel")),
      size: { w: 6, h: 14, minW: 4, minH: 5 },
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createUserSummaryService(ctx, ctx.get(dispositionsApi)),
});
