// Softphone: the WebRTC agent's phone (JsSIP), a draggable widget above the grid (agent-workspace §2
// Softphone widget, §4 Softphone). Every call goes through the gateway; the softphone answers the agent's
// leg, and itself only dials the voicemail box.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { softphoneApi } from "./api";
import { browserDriver, softphoneDriverKey } from "./driver";
import { SoftphoneModel } from "./model";
import { createSoftphoneService } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  // Tests hand in a fake user agent and media here; nobody provides it in production.
  optional: [softphoneDriverKey],
  provides: softphoneApi,
  model: SoftphoneModel,
  overlays: [{ id: "softphone.widget", component: lazy(() => import("./SoftphoneWidget")) }],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createSoftphoneService(ctx, browserDriver(ctx.clock, ctx.optional(softphoneDriverKey))),
});
