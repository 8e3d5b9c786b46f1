// Client health: each agent's page reports its own health every 10 s for the managers' floor (issue 35): the
// socket, the softphone's registration and microphone, the tab's state and, during a call, the audio's quality.
// No panel: the floor shows what it reports.
import { definePlugin } from "../../src/sdk";
import { softphoneApi } from "../softphone/api";
import { manifest } from "./manifest";
import { browserPageState } from "./page";
import { createReporter } from "./reporter";

export default definePlugin({
  ...manifest,
  optional: [softphoneApi],
  setup: (ctx) => createReporter(ctx, browserPageState(), ctx.optional(softphoneApi)),
});
