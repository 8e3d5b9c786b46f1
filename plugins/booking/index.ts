// Booking: the meeting setup wizard of the lead on the call (booking-and-reference §1-§5, agent-workspace
// "Meeting booking"): Contact Details, Insurance Coverage, Meeting Setup, Meeting Summary, and the booking
// itself. The workspace's left column (agent-workspace §1). Its gateway side is server.ts.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { bookingApi } from "./api";
import { BookingConfig } from "./config";
import { BookingModel } from "./model";
import { createBookingService } from "./service";
import { manifest } from "./manifest";

/** The plugin's texts and its widgets' (under "widgets"), one namespace per language. */
const texts = (own: () => Promise<{ default: object }>, widgets: () => Promise<{ default: object }>) => async () => {
  const [a, b] = await Promise.all([own(), widgets()]);
  return { default: { ...a.default, ...b.default } as Record<string, unknown> };
};

export default definePlugin({
  ...manifest,
  provides: bookingApi,
  configSchema: BookingConfig,
  model: BookingModel,
  panels: [
    {
      id: "booking.wizard",
      title: "panel.title",
      component: lazy(() => import("./BookingPanel")),
      size: { w: 5, h: 15, minW: 4, minH: 8 },
    },
  ],
  locales: {
    en: texts(() => import("./locales/en.json"), () => import("./widgets/locales/en.json")),
    fr: texts(() => import("./locales/fr.json"), () => import("./widgets/locales/fr.json")),
    es: texts(() => import("./locales/es.json"), () => import("./widgets/locales/es.json")),
  },
  setup: (ctx) => createBookingService(ctx),
});
