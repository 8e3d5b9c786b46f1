// Dispositions: the agent records the outcome of a lead, then goes on to the next call or stops
// (agent-workspace §2 disposition panel, §4 Dispositions, §5 Disposition validation).
import { lazy } from "react";
import { DISPOSING_ROLES } from "../../src/contract/roles";
import { definePlugin } from "../../src/core/plugin";
import {
  agentKey,
  busKey,
  callKey,
  clockKey,
  httpKey,
  i18nKey,
  leadsKey,
  notifyKey,
  statusKey,
  variantKey,
} from "../../src/core/services";
import { voicemailDetectionApi } from "../voicemail-detection/api";
import { dispositionsApi } from "./api";
import { DispositionsConfig } from "./config";
import { DispositionsModel } from "./model";
import { createDispositionsService } from "./service";

export default definePlugin({
  id: "dispositions",
  requires: { roles: [...DISPOSING_ROLES] },
  needs: [httpKey, clockKey, busKey, i18nKey, notifyKey, statusKey, callKey, leadsKey, agentKey, variantKey],
  // Only where voicemail detection runs: its automatic Voicemail owns the lead while it counts and saves.
  optional: [voicemailDetectionApi],
  provides: dispositionsApi,
  configSchema: DispositionsConfig,
  model: DispositionsModel,
  panels: [
    {
      id: "dispositions.panel",
      title: "panel.title",
      component: lazy(() => import("./DispositionPanel")),
      size: { w: 4, h: 14, minW: 3, minH: 10 },
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => {
    const i18n = ctx.get(i18nKey);
    return createDispositionsService({
      store: ctx.store,
      http: ctx.get(httpKey),
      clock: ctx.get(clockKey),
      bus: ctx.get(busKey),
      notify: ctx.get(notifyKey),
      status: ctx.get(statusKey),
      call: ctx.get(callKey),
      leads: ctx.get(leadsKey),
      agent: ctx.get(agentKey),
      callCentre: ctx.get(variantKey).code,
      config: ctx.config,
      voicemail: ctx.optional(voicemailDetectionApi),
      t: (key) => i18n.t(key, { ns: ctx.id }),
    });
  },
});
