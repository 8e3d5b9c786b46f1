// Lead matcher (booking-and-reference §2 "Link to existing lead (phone matcher with modal)", §3 "found, not
// found, link, keep new"; agent-workspace §1 right-hand panels, §5 "phone required, 10 digits"): an inbound
// caller from a number the call centre does not know arrives as a new lead; the agent types the phone the
// caller gives, finds the lead the call centre already has, and links the call to it (after a confirmation),
// or keeps the new one. The routes are the core's: the look-up in modules/leads, the link in modules/calls.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { LeadMatcherModel } from "./model";
import { createLeadMatcherService } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  model: LeadMatcherModel,
  panels: [
    {
      id: "lead-matcher.panel",
      title: "panel.title",
      component: lazy(() => import("./LeadMatcherPanel")),
      size: { w: 5, h: 3, minW: 3, minH: 2 },
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createLeadMatcherService(ctx),
});
