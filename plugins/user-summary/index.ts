// User summary: the agent's overdue and other follow-ups, last dials and a search of its own leads, on the
// workspace's left (agent-workspace §2 User summary).
import { lazy } from "react";
import { definePlugin } from "../../src/core/plugin";
import {
  agentKey,
  busKey,
  callKey,
  clockKey,
  httpKey,
  i18nKey,
  leadsKey,
  notifyKey,
  statusKey,
} from "../../src/core/services";
import { userSummaryApi } from "./api";
import { UserSummaryModel } from "./model";
import { createUserSummaryService } from "./service";

export default definePlugin({
  id: "user-summary",
  requires: { roles: ["qualifier", "advisor"] },
  needs: [httpKey, clockKey, busKey, i18nKey, notifyKey, statusKey, callKey, leadsKey, agentKey],
  provides: userSummaryApi,
  model: UserSummaryModel,
  panels: [
    {
      id: "user-summary.panel",
      title: "panel.title",
      component: lazy(() => import("./UserSummaryPanel")),
      size: { w: 6, h: 14, minW: 4, minH: 8 },
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => {
    const i18n = ctx.get(i18nKey);
    return createUserSummaryService({
      store: ctx.store,
      http: ctx.get(httpKey),
      clock: ctx.get(clockKey),
      bus: ctx.get(busKey),
      notify: ctx.get(notifyKey),
      status: ctx.get(statusKey),
      call: ctx.get(callKey),
      leads: ctx.get(leadsKey),
      isAdvisor: ctx.get(agentKey).roles.includes("advisor"),
      t: (key) => i18n.t(key, { ns: ctx.id }),
    });
  },
});
