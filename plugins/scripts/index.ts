// Scripts (booking-and-reference §1, agent-workspace §3 and §6): the call script a qualifier or an advisor reads
// to the lead, in four steps with the lead's and the agent's names in it, following the booking wizard's step
// where the wizard is on screen too. Its gateway side is server.ts (GET /scripts).
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { bookingApi } from "../booking/api";
import { ScriptsModel } from "./model";
import { createScriptsService } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  // Without the booking plugin the agent moves through the script by hand.
  optional: [bookingApi],
  model: ScriptsModel,
  panels: [
    {
      id: "scripts.script",
      title: "panel.title",
      component: lazy(() => import("./ScriptPanel")),
      size: { w: 4, h: 6, minW: 3, minH: 4 },
      // Read to the lead: between calls its cell goes to the panels under it.
      shownWhile: "call",
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createScriptsService(ctx, ctx.optional(bookingApi)),
});
