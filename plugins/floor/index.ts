// Floor: the managers' live wall of the call centre's agents (issue 35): status and time in it, the call in
// progress with its lead, the day's figures against quotas, overstays, and the floor's counters, kept live by
// the gateway's pushes.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { floorApi } from "./api";
import { healthReported } from "../client-health/api";
import { supervisionApi } from "../supervision/api";
import { floorAgentPush, floorStatusPush, floorTotalsPush } from "./contract";
import { manifest } from "./manifest";
import { FloorModel } from "./model";
import { createFloorService } from "./service";

export default definePlugin({
  ...manifest,
  provides: floorApi,
  // Supervision's: who is supervised, shown on the rows (a call centre may not have it).
  optional: [supervisionApi],
  model: FloorModel,
  // The client-health plugin's push: each agent's page reports its health, the wall shows it.
  pushes: [floorAgentPush, floorStatusPush, floorTotalsPush, healthReported],
  panels: [
    {
      id: "floor.wall",
      title: "panel.title",
      component: lazy(() => import("./FloorWall")),
      size: { w: 12, h: 10, minW: 6, minH: 6 },
    },
    {
      id: "floor.attention",
      title: "attention.title",
      component: lazy(() => import("./AttentionPanel")),
      size: { w: 4, h: 6, minW: 3, minH: 3 },
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createFloorService(ctx),
});
