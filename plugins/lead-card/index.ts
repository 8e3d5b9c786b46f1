// Lead card: the lead being worked, on every call: who it is, where and what time it is there, its status,
// campaign, dials and notes, and what was done with it before (its dispositions and calls). Issue 13, fault 2:
// until now the lead's name was only in the softphone's call box, and nowhere for an external-phone agent.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { leadCardApi } from "./api";
import { LeadCardModel } from "./model";
import { createLeadCardService } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  provides: leadCardApi,
  model: LeadCardModel,
  panels: [
    {
      id: "lead-card.current",
      title: "panel.title",
      component: lazy(() => import("./LeadCardPanel")),
      size: { w: 4, h: 10, minW: 3, minH: 6 },
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createLeadCardService(ctx),
});
