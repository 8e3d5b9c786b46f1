// Overstays: the managers' feed of agents who overstayed a status (the real-time viewer's notices),
// filled from GET /overstays (listOverstays) and kept live by the gateway's overstay-feed pushes.
import { lazy } from "react";
import { z } from "zod";
import { listOverstays, Overstay } from "../../src/contract/status";
import { callEndpoint, definePlugin, definePush } from "../../src/sdk";
import { overstaysApi } from "./api";
import { OverstaysModel } from "./model";
import { manifest } from "./manifest";

/** The gateway tells managers of each overstay as it starts and ends. */
const overstayFeed = definePush("overstay-feed", Overstay);

export default definePlugin({
  ...manifest,
  provides: overstaysApi,
  configSchema: z.object({ keep: z.number().int().min(5).max(200).default(50) }),
  model: OverstaysModel,
  pushes: [overstayFeed],
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
  setup: (ctx) => {
    ctx.events.on(overstayFeed, (item) => ctx.store.upsert(item, ctx.config.keep));
    return {
      async refresh() {
        ctx.store.loading();
        const feed = await callEndpoint(ctx, listOverstays, { query: { limit: ctx.config.keep } });
        if (feed.ok) ctx.store.loaded(feed.data.data);
        else ctx.store.failed();
      },
    };
  },
});
