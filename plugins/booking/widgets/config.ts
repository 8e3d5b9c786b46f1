// The map's part of the booking plugin's config (merge into its configSchema): offline basemap unless a tile URL
// is configured. The gateway's Content-Security-Policy allows images from the app's own origin only (img-src
// 'self' data: blob:), so a tile server must be served from that origin (a path such as '/tiles/{z}/{x}/{y}.png',
// proxied by the gateway or a reverse proxy) unless the policy is widened for its host on purpose.
import { z } from "zod";

export const MapConfig = z.object({
  /** A Leaflet tile URL template with {z}, {x} and {y}; null draws the shipped offline basemap. */
  mapTileUrl: z
    .string()
    .regex(/\{z\}.*\{x\}.*\{y\}|\{z\}.*\{y\}.*\{x\}/, "mapTileUrl must hold {z}, {x} and {y}")
    .nullable()
    .default(null),
  /** Credit the tiles' source (OpenStreetMap's, a vendor's) as its licence requires. */
  mapTileAttribution: z.string().max(300).default(""),
});
export type MapConfig = z.infer<typeof MapConfig>;
