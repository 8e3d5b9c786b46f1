// Disclosures (agent-workspace §2 disclosures panel and popup, §3 disclosure steps, §5, §6: ISIUS advisors, the
// call centre's disclosures setting on): the carrier's disclosure for the lead on the call, in the wording its
// state calls for (wording.ts) and its language, walked step by step; what was read and answered is stored as
// the proof (server.ts). Start audio plays the wording's recorded disclosure (audio/, in en and es) into the
// call through the gateway (audio-playback), so the lead hears it; each clip played is kept with the proof.
import { lazy } from "react";
import { defineCallFacet, definePlugin } from "../../src/sdk";
import { DisclosuresFacet } from "./contract";
import { DisclosuresModel } from "./model";
import { createDisclosuresService } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  model: DisclosuresModel,
  panels: [
    {
      id: "disclosures.panel",
      title: "panel.title",
      component: lazy(() => import("./DisclosuresPanel")),
      size: { w: 4, h: 2, minW: 3, minH: 2 },
      // Read on the call; between calls the grid closes up over it.
      shownWhile: "call",
      // Advisors read disclosures (agent-workspace §6); every agent with the lead card sees the proof (callFacet).
      requires: { roles: ["advisor"] },
    },
  ],
  // The proof kept with each call, under it in the lead's history (server.ts adds it).
  callFacet: defineCallFacet({
    schema: DisclosuresFacet,
    component: lazy(() => import("./CallDisclosures")),
  }),
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createDisclosuresService(ctx),
});
