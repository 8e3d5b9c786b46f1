// Goals: the agent's daily and hourly progress on dials, transfers and (advisors) sales. The first plugin,
// and the walkthrough of docs/plugins.md.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { goalsApi } from "./api";
import { GoalsConfig, GoalsModel } from "./model";
import { createGoalsService } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  provides: goalsApi,
  configSchema: GoalsConfig,
  model: GoalsModel,
  panels: [
    {
      id: "goals.progress",
      title: "panel.title",
      component: lazy(() => import("./GoalsPanel")),
      size: { w: 4, h: 9, minW: 3, minH: 4 },
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createGoalsService(ctx),
});
