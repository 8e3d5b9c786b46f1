// Overstays: the managers' feed of agents who overstayed a status (the real-time viewer's notices),
// filled from GET /overstays and kept live by the gateway's overstay-feed pushes.
import { lazy } from "react";
import { z } from "zod";
import { Overstay, OverstayFeed } from "../../src/contract/status";
import { definePlugin, on } from "../../src/core/plugin";
import { httpKey } from "../../src/core/services";
import { overstaysApi } from "./api";
import { OverstaysModel, type OverstaysStore } from "./model";

export default definePlugin({
  id: "overstays",
  requires: { roles: ["manager"] },
  needs: [httpKey],
  provides: overstaysApi,
  configSchema: z.object({ keep: z.number().int().min(5).max(200).default(50) }),
  model: OverstaysModel,
  panels: [
    {
      id: "overstays.feed",
      title: "panel.title",
      component: lazy(() => import("./OverstaysPanel")),
      size: { w: 6, h: 9, minW: 4, minH: 5 },
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  events: [on("overstay-feed", Overstay, (item, ctx) => (ctx.store as OverstaysStore).upsert(item, (ctx.config as { keep: number }).keep))],
  setup: (ctx) => {
    const http = ctx.get(httpKey);
    return {
      async refresh() {
        ctx.store.loading();
        try {
          const { data } = await http.get("/overstays", { params: { limit: ctx.config.keep } });
          ctx.store.loaded(OverstayFeed.parse(data).data);
        } catch {
          ctx.store.failed();
        }
      },
    };
  },
});
