// Send to iApp (agent-workspace §2, §6, §7): the agent sends the lead on its desk to the call centre's
// e-application system (iApp, or iApp 2 for the agents allowed it where the call centre offers the choice), and
// the client application page opens in a new tab. The systems are external (an adapter, with an embedded demo
// receiver when none is configured); the gateway side is server.ts.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { IappModel } from "./model";
import { createIappService } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  model: IappModel,
  panels: [
    {
      id: "iapp.panel",
      title: "panel.title",
      component: lazy(() => import("./IappPanel")),
      size: { w: 4, h: 2, minW: 3, minH: 2 },
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createIappService(ctx),
});
