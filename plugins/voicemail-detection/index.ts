// Voicemail detection: when the phone system's answering-machine detection says a machine picked up the
// agent's call, a countdown lets the agent object; then the call is hung up and the lead disposed as
// Voicemail through the dispositions plugin (agent-workspace §2 Voicemail panel, §4 Voicemail detection).
import { lazy } from "react";
import { VoicemailDetectionPush } from "../../src/contract/calls";
import { definePlugin, definePush } from "../../src/sdk";
import { dispositionsApi } from "../dispositions/api";
import { voicemailDetectionApi } from "./api";
import { VoicemailConfig } from "./config";
import { VoicemailModel } from "./model";
import { createVoicemailService } from "./service";
import { manifest } from "./manifest";

/** The gateway's answering-machine verdicts on the agent's calls. */
const detection = definePush("voicemail-detection", VoicemailDetectionPush);

export default definePlugin({
  ...manifest,
  // The dispositions plugin saves the Voicemail (the one writer of a lead's dispositions).
  needs: [dispositionsApi],
  provides: voicemailDetectionApi,
  configSchema: VoicemailConfig,
  model: VoicemailModel,
  pushes: [detection],
  panels: [
    {
      id: "voicemail-detection.panel",
      title: "panel.title",
      component: lazy(() => import("./VoicemailPanel")),
      size: { w: 4, h: 6, minW: 3, minH: 3 },
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => {
    const service = createVoicemailService(ctx, ctx.get(dispositionsApi));
    ctx.events.on(detection, (push) => service.handle(push));
    return service;
  },
});
