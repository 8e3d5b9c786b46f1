// Auto dialing: while the gateway has recorded the agent Ready (and nothing else stands in the way), the
// gateway is asked for the next lead at once, then every 10 s, until a dial starts (agent-workspace §4
// Auto-dial); a small panel shows whether it runs, what it waits for and the last result, with the gateway's
// reasons when no lead was available.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { leadExplainApi } from "../lead-explain/api";
import { autoDialingApi } from "./api";
import { createAutoDialer } from "./loop";
import { AutoDialingModel } from "./model";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  // Says the gateway's reasons in the agent's language when the explain plugin is on.
  optional: [leadExplainApi],
  provides: autoDialingApi,
  model: AutoDialingModel,
  panels: [
    {
      id: "auto-dialing.panel",
      title: "panel.title",
      component: lazy(() => import("./AutoDialingPanel")),
      // Two rows suffice for the one line an advisor reads (advisors are rung, not dialled for).
      size: { w: 4, h: 5, minW: 3, minH: 2 },
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createAutoDialer(ctx, { explainer: ctx.optional(leadExplainApi) }),
});
