// Auto dialing: while the agent is ready, the gateway is asked for the next lead every 10 s until a dial
// starts (agent-workspace §4 Auto-dial); a small panel shows whether it runs, what it waits for and the last
// result, with the gateway's reasons when no lead was available.
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
import { leadExplainApi } from "../lead-explain/api";
import { autoDialingApi } from "./api";
import { createAutoDialer } from "./loop";
import { AutoDialingModel } from "./model";

export default definePlugin({
  id: "auto-dialing",
  requires: { roles: ["qualifier", "advisor"] },
  needs: [httpKey, clockKey, busKey, i18nKey, notifyKey, statusKey, callKey, leadsKey, agentKey],
  // Says the gateway's reasons in the agent's language when the explain plugin is on.
  optional: [leadExplainApi],
  provides: autoDialingApi,
  model: AutoDialingModel,
  panels: [
    {
      id: "auto-dialing.panel",
      title: "panel.title",
      component: lazy(() => import("./AutoDialingPanel")),
      size: { w: 4, h: 5, minW: 3, minH: 4 },
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => {
    const i18n = ctx.get(i18nKey);
    return createAutoDialer({
      store: ctx.store,
      http: ctx.get(httpKey),
      clock: ctx.get(clockKey),
      bus: ctx.get(busKey),
      notify: ctx.get(notifyKey),
      status: ctx.get(statusKey),
      call: ctx.get(callKey),
      leads: ctx.get(leadsKey),
      agent: ctx.get(agentKey),
      t: (key) => i18n.t(key, { ns: ctx.id }),
      explainer: ctx.optional(leadExplainApi),
    });
  },
});
