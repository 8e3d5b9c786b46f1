// Voicemail detection: when the phone system's answering-machine detection says a machine picked up the
// agent's call, a countdown lets the agent object; then the call is hung up and the lead disposed as
// Voicemail (agent-workspace §2 Voicemail panel, §4 Voicemail detection).
import { lazy } from "react";
import { VoicemailDetectionPush } from "../../src/contract/calls";
import { definePlugin, on, type PluginContext } from "../../src/core/plugin";
import { callKey, clockKey, httpKey, i18nKey, notifyKey, statusKey } from "../../src/core/services";
import { voicemailDetectionApi } from "./api";
import { VoicemailConfig } from "./config";
import { VoicemailModel } from "./model";
import { createVoicemailService, type VoicemailService } from "./service";

// Event handlers receive the plugin's context, not its service: find the service set up for that context.
const services = new WeakMap<PluginContext, VoicemailService>();

export default definePlugin({
  id: "voicemail-detection",
  // The Voicemail disposition is offered to qualifiers (and outbound-eligible agents) on ISIUS only
  // (booking-and-reference §6); the agent facts carry no outbound eligibility yet, so qualifiers only.
  requires: { roles: ["qualifier"], variants: ["isius"] },
  needs: [callKey, clockKey, httpKey, i18nKey, notifyKey, statusKey],
  provides: voicemailDetectionApi,
  configSchema: VoicemailConfig,
  model: VoicemailModel,
  panels: [
    {
      id: "voicemail-detection.panel",
      title: "panel.title",
      component: lazy(() => import("./VoicemailPanel")),
      size: { w: 4, h: 6, minW: 3, minH: 4 },
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  events: [on("voicemail-detection", VoicemailDetectionPush, (push, ctx) => services.get(ctx)?.handle(push))],
  setup: (ctx) => {
    const i18n = ctx.get(i18nKey);
    const service = createVoicemailService({
      store: ctx.store,
      call: ctx.get(callKey),
      clock: ctx.get(clockKey),
      http: ctx.get(httpKey),
      notify: ctx.get(notifyKey),
      status: ctx.get(statusKey),
      config: ctx.config,
      t: (key) => i18n.t(key, { ns: ctx.id }),
    });
    services.set(ctx as PluginContext, service);
    return service;
  },
});
