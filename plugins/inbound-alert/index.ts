// Inbound alert: the 'Inbound Call Alert' popup with a Dismiss button and a tone repeating every 500 ms
// (agent-workspace §2). An overlay, not a grid panel: it floats above the workspace while an alert is on.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { inboundAlertApi, inboundAlertToneKey } from "./api";
import { InboundAlertModel } from "./model";
import { createInboundAlertService } from "./service";
import { webAudioTone } from "./tone";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  optional: [inboundAlertToneKey],
  provides: inboundAlertApi,
  model: InboundAlertModel,
  overlays: [{ id: "inbound-alert.popup", component: lazy(() => import("./InboundAlertPopup")) }],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createInboundAlertService(ctx, ctx.optional(inboundAlertToneKey) ?? webAudioTone()),
});
