// Extra recordings (agent-workspace §2, §6: ISIUS advisors, the recording panel feature): the advisor records
// the answered call, as often as needed; each recording is a real file of the call's audio (the gateway's
// recording store), listed in the lead's history where the agent or a manager plays it back. Its gateway side
// is server.ts.
import { lazy } from "react";
import { defineCallFacet, definePlugin } from "../../src/sdk";
import { recordingsOnCall } from "./callState";
import { RecordingsFacet } from "./contract";
import { RecordingsModel } from "./model";
import { createRecordingsService } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  model: RecordingsModel,
  panels: [
    {
      id: "recordings.panel",
      title: "panel.title",
      component: lazy(() => import("./RecordingsPanel")),
      size: { w: 4, h: 2, minW: 3, minH: 2 },
      // Records the call; between calls the grid closes up over it.
      shownWhile: "call",
      // Advisors record (agent-workspace §2: "shown only to advisors"); qualifiers only play back (callFacet).
      requires: { roles: ["advisor"] },
    },
  ],
  // Each call's recordings, with a Play button, under the call in the lead's history (server.ts adds them).
  callFacet: defineCallFacet({ schema: RecordingsFacet, component: lazy(() => import("./CallRecordings")) }),
  // How many extra recordings the call has: sent with its settle as extra_recording_index.
  callState: recordingsOnCall,
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createRecordingsService(ctx),
});
