// Transfers (agent-workspace §2 transfers widget and third-party panel, §4 Live transfer, External, Sunlife and
// Matcha transfers): a lead on the call handed live to an advisor, to an external partner, a Sunlife agent or
// Matcha in three levels, and the third party of a conference left with the lead. The gateway runs the
// conference and the live transfer (server.ts and the call service); this side sends the agent's presses and
// reads the state back from the call's. Advisors get the live-transfer offers in an overlay. The manual transfer
// (§2, §4 Internal transfer) hands the lead to a colleague chosen in an autocomplete (manual.ts).
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { bookingApi } from "../booking/api";
import { dispositionsApi } from "../dispositions/api";
import { desktopNotifierKey, liveTransferOffered, liveTransferWithdrawn } from "./api";
import { TransfersConfig } from "./config";
import { TransfersModel } from "./model";
import { createManualTransfer } from "./manual";
import { browserNotifier } from "./notifier";
import { createTransfersService } from "./service";
import { manifest } from "./manifest";

export default definePlugin({
  ...manifest,
  // The dispositions plugin owns the lead's disposition: a start presets Sent External through it.
  needs: [dispositionsApi],
  // Live transfers wait for the booking wizard's postal-code check and read its address, when it is on.
  optional: [bookingApi, desktopNotifierKey],
  pushes: [liveTransferOffered, liveTransferWithdrawn],
  configSchema: TransfersConfig,
  model: TransfersModel,
  panels: [
    {
      id: "transfers.widget",
      title: "panel.title",
      component: lazy(() => import("./TransfersPanel")),
      size: { w: 4, h: 4, minW: 3, minH: 3 },
      requires: { roles: ["qualifier"] },
    },
    {
      id: "transfers.third-party",
      title: "third_party.title",
      component: lazy(() => import("./ThirdPartyPanel")),
      size: { w: 4, h: 2, minW: 3, minH: 2 },
    },
    {
      // agent-workspace §2: "The panel requires the feature manual-transfer".
      id: "transfers.manual",
      title: "manual.title",
      component: lazy(() => import("./ManualTransferPanel")),
      size: { w: 4, h: 3, minW: 3, minH: 3 },
      requires: { features: ["manual-transfer"], roles: ["qualifier", "advisor"] },
    },
  ],
  overlays: [
    {
      id: "transfers.live-offer",
      component: lazy(() => import("./LiveOfferOverlay")),
      requires: { roles: ["advisor"] },
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => {
    const dispositions = ctx.get(dispositionsApi);
    const service = createTransfersService(ctx, {
      dispositions,
      booking: ctx.optional(bookingApi),
      notifier: ctx.optional(desktopNotifierKey) ?? browserNotifier(),
    });
    // The manual transfer's own effects; it closes the lead through the dispositions plugin too.
    const manual = createManualTransfer(ctx, dispositions);
    return {
      ...service,
      manual,
      dispose: () => {
        service.dispose();
        manual.dispose();
      },
    };
  },
});
