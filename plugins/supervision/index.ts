// Supervision (issue 35, part 3): a manager listens to an agent's answered call, coaches the agent (whisper) or
// joins the conversation (barge) from the floor, with its own softphone leg; every supervision is audited and the
// call centre chooses whether agents see that they are supervised.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { supervisionApi } from "./api";
import { supervisionActions } from "./actions";
import { callSupervised, supervisionChanged } from "./contract";
import { manifest } from "./manifest";
import { SupervisionModel } from "./model";
import { createSupervisionService } from "./service";

export default definePlugin({
  ...manifest,
  provides: supervisionApi,
  model: SupervisionModel,
  pushes: [supervisionChanged, callSupervised],
  // Listen, whisper and barge on the rows of any plugin that lists agents with their calls (the floor's wall).
  agentActions: supervisionActions,
  overlays: [{ id: "supervision.bar", component: lazy(() => import("./SupervisionBar")) }],
  adminPages: [
    {
      path: "settings/supervision",
      section: "settings",
      title: "admin.link",
      order: 170,
      minRole: "admin",
      component: lazy(() => import("./SupervisionAdminPage")),
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => createSupervisionService(ctx),
});
