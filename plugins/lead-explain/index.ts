// Why this lead? Says why a lead is or is not callable now, rule by rule, from GET /leads/{id}/explain:
// agents for their own current lead, managers for any lead of their call centre and any agent (issue 6 item 6).
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { leadExplainApi } from "./api";
import { LeadExplainModel } from "./model";
import { createLeadExplainService } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  provides: leadExplainApi,
  model: LeadExplainModel,
  panels: [
    {
      id: "lead-explain.panel",
      title: "panel.title",
      component: lazy(() => import("./LeadExplainPanel")),
      size: { w: 5, h: 12, minW: 4, minH: 6 },
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createLeadExplainService(ctx),
});
