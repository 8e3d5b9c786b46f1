// Health e-app: the Foresters E-App button for the lead on the desk, offered to an advisor who holds a health
// licence for the lead's state or province (agent-workspace §1 and §6), with the reason when it is not.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { HealthEappConfig } from "./config";
import { createHealthEappService } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  configSchema: HealthEappConfig,
  panels: [
    {
      id: "health-eapp.panel",
      title: "panel.title",
      component: lazy(() => import("./HealthEappPanel")),
      size: { w: 4, h: 2, minW: 3, minH: 2 },
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createHealthEappService(ctx),
});
