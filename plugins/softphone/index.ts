// Softphone: the WebRTC agent's phone (JsSIP), a draggable widget above the grid (agent-workspace §2
// Softphone widget, §4 Softphone). Every call goes through the gateway; the softphone answers the agent's
// leg, and itself only dials the voicemail box.
import { lazy } from "react";
import { definePlugin } from "../../src/core/plugin";
import { agentKey, callKey, clockKey, httpKey, i18nKey, notifyKey, statusKey } from "../../src/core/services";
import { softphoneApi } from "./api";
import { browserDriver, softphoneDriverKey } from "./driver";
import { SoftphoneModel } from "./model";
import { createSoftphoneService } from "./service";

export default definePlugin({
  id: "softphone",
  requires: { roles: ["qualifier", "advisor"] },
  needs: [httpKey, clockKey, agentKey, notifyKey, statusKey, callKey, i18nKey],
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
  setup: (ctx) => {
    const clock = ctx.get(clockKey);
    return createSoftphoneService({
      http: ctx.get(httpKey),
      clock,
      store: ctx.store,
      agent: ctx.get(agentKey),
      notify: ctx.get(notifyKey),
      status: ctx.get(statusKey),
      call: ctx.get(callKey),
      i18n: ctx.get(i18nKey),
      driver: browserDriver(clock, ctx.optional(softphoneDriverKey)),
    });
  },
});
