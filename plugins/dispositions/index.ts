// Dispositions: the agent records the outcome of a lead, then goes on to the next call or stops
// (agent-workspace §2 disposition panel, §4 Dispositions, §5 Disposition validation). The one writer of a
// lead's dispositions: other flows save through its api (see api.ts).
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { dispositionsApi } from "./api";
import { DispositionsConfig } from "./config";
import { DispositionsModel } from "./model";
import { createDispositionsService } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  provides: dispositionsApi,
  configSchema: DispositionsConfig,
  model: DispositionsModel,
  panels: [
    {
      id: "dispositions.panel",
      title: "panel.title",
      component: lazy(() => import("./DispositionPanel")),
      size: { w: 4, h: 14, minW: 3, minH: 9 },
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createDispositionsService(ctx),
});
