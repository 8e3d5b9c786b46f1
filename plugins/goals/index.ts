// Goals: the agent's daily and hourly progress on dials, transfers and (advisors) sales. The first plugin,
// and the walkthrough of docs/plugins.md.
import { lazy } from "react";
import { z } from "zod";
import { definePlugin } from "../../src/core/plugin";
import { agentKey, clockKey, httpKey } from "../../src/core/services";
import { goalsApi } from "./api";
import { GoalsModel } from "./model";
import { createGoalsService } from "./service";

export default definePlugin({
  id: "goals",
  requires: { roles: ["qualifier", "advisor"] },
  needs: [httpKey, clockKey, agentKey],
  provides: goalsApi,
  configSchema: z.object({ refreshSeconds: z.number().int().min(5).max(600).default(30) }),
  model: GoalsModel,
  panels: [
    {
      id: "goals.progress",
      title: "panel.title",
      component: lazy(() => import("./GoalsPanel")),
      size: { w: 4, h: 9, minW: 3, minH: 6 },
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) =>
    createGoalsService({
      http: ctx.get(httpKey),
      clock: ctx.get(clockKey),
      store: ctx.store,
      agentId: ctx.get(agentKey).id,
      refreshSeconds: ctx.config.refreshSeconds,
    }),
});
