// The booking plugin's config (the variant's `config.booking`): the map's tiles (widgets/config.ts) and how soon
// after the agent's last change the draft is saved.
import { z } from "zod";
import { MapConfig } from "./widgets/config";

export const BookingConfig = MapConfig.extend({
  /** The draft is saved this long after the last change (issue 14: about a second), and at each step change. */
  draftDelayMs: z.number().int().min(200).max(10_000).default(1000),
  /** A draft save that failed is tried again after this long, while the agent types nothing new. */
  draftRetryMs: z.number().int().min(1000).max(60_000).default(5000),
});
export type BookingConfig = z.output<typeof BookingConfig>;
