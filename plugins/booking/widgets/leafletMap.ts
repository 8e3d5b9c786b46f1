// The address map's Leaflet side (geodata.md (d)), loaded only when a map is shown: AddressMap.tsx imports this
// module dynamically, so Leaflet, its stylesheet and the basemap never reach the sign-in page or a panel without
// a map. Leaflet itself, not react-leaflet (whose every version is licensed Hippocratic-2.1).
//
// Offline by default: no tile layer, the state/province and country borders, the coast and the large lakes'
// shores drawn as lines from the shipped Natural Earth basemap (basemap.json, scripts/gen-basemap.mjs), with no
// fill, since 1:50m is too coarse to fill land at zoom 14. With a tile URL configured, tiles instead.
//
// Content-Security-Policy (server/http/securityHeaders.ts): Leaflet positions its elements through the CSSOM
// (element.style), which style-src does not govern, and injects no <style> element nor style="" markup; its
// stylesheet and this module load as files from the app's own origin ('self'); the marker's images are bundled
// (data: or 'self'). A tile URL on another origin is blocked by img-src 'self' data: blob: (serve tiles from the
// gateway's origin, or add the tile host to img-src on purpose).
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import iconRetinaUrl from "leaflet/dist/images/marker-icon-2x.png";
import iconUrl from "leaflet/dist/images/marker-icon.png";
import shadowUrl from "leaflet/dist/images/marker-shadow.png";
import { mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

/** booking-and-reference §9: the map opens at zoom 14. */
export const MAP_ZOOM = 14;
/** How far an arrow key moves the marker, in screen pixels (Shift: five times as far). */
export const KEY_STEP_PX = 20;

export interface MapTexts {
  /** The marker's name (alt and title): what it is and how to move it. */
  marker: string;
  zoomIn: string;
  zoomOut: string;
}

export interface AddressMapOptions {
  lat: number;
  lon: number;
  /** A tile URL template ('/tiles/{z}/{x}/{y}.png'); null for the offline basemap. */
  tileUrl?: string | null;
  tileAttribution?: string;
  texts: MapTexts;
  /** The agent dropped the marker (a drag, or arrow keys) at a new place. */
  onMove(lat: number, lon: number): void;
}

export interface AddressMapHandle {
  map: L.Map;
  marker: L.Marker;
  /** Moves the marker (and the view) to a place the caller decided; onMove is not called. */
  setPosition(lat: number, lon: number): void;
  setTexts(texts: MapTexts): void;
  destroy(): void;
}

const ICON = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

/** Six decimals: about 10 cm, more than any geocode needs. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

const LINES = {
  coast: { color: "#5f7f99", weight: 1.5 },
  lakes: { color: "#5f7f99", weight: 1 },
  regions: { color: "#8f99a8", weight: 1.5, dashArray: "4 4" },
  countries: { color: "#404854", weight: 2.5 },
} as const;

/** Draws the offline basemap under everything else; the map may be gone by the time it has loaded. */
async function addBasemap(map: L.Map, isLive: () => boolean) {
  const topo = (await import("./basemap.json")).default as unknown as Topology<{
    subunits: GeometryCollection;
    countries: GeometryCollection;
    coastlines: GeometryCollection;
    lakes: GeometryCollection;
  }>;
  if (!isLive()) return;
  const o = topo.objects;
  const layers: [GeoJSON.MultiLineString, L.PathOptions][] = [
    [mesh(topo, o.coastlines), LINES.coast],
    [mesh(topo, o.lakes), LINES.lakes],
    [mesh(topo, o.subunits, (a, b) => a !== b), LINES.regions],
    [mesh(topo, o.countries, (a, b) => a !== b), LINES.countries],
  ];
  for (const [lines, style] of layers) {
    L.geoJSON(lines, { style: { ...style, fill: false, opacity: 0.9 }, interactive: false }).addTo(map);
  }
  map.attributionControl.addAttribution("Natural Earth");
}

export function createAddressMap(element: HTMLElement, options: AddressMapOptions): AddressMapHandle {
  const { lat, lon } = options;
  let live = true;
  const map = L.map(element, {
    center: [lat, lon],
    zoom: MAP_ZOOM,
    minZoom: 3,
    maxZoom: 18,
    zoomControl: false,
    attributionControl: true,
  });
  // Leaflet's own prefix titles its link in English; the name alone says it.
  map.attributionControl.setPrefix(
    '<a href="https://leafletjs.com" target="_blank" rel="noopener noreferrer">Leaflet</a>',
  );
  let zoom = L.control
    .zoom({ zoomInTitle: options.texts.zoomIn, zoomOutTitle: options.texts.zoomOut })
    .addTo(map);
  L.control.scale({ metric: true, imperial: true }).addTo(map);

  if (options.tileUrl) {
    L.tileLayer(options.tileUrl, { attribution: options.tileAttribution ?? "", maxZoom: 19 }).addTo(map);
  } else {
    void addBasemap(map, () => live);
  }

  const marker = L.marker([lat, lon], {
    icon: ICON,
    draggable: true,
    autoPan: true,
    keyboard: true,
    title: options.texts.marker,
    alt: options.texts.marker,
  }).addTo(map);

  const moved = () => {
    const p = marker.getLatLng();
    options.onMove(round6(p.lat), round6(p.lng));
  };
  marker.on("dragend", moved);

  // Dragging has a keyboard equivalent: arrow keys move the focused marker, and the map follows it.
  const STEPS: Record<string, [number, number]> = {
    ArrowUp: [0, -1],
    ArrowDown: [0, 1],
    ArrowLeft: [-1, 0],
    ArrowRight: [1, 0],
  };
  const onKey = (event: KeyboardEvent) => {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    event.stopPropagation(); // not the map's own arrow-key panning
    const px = event.shiftKey ? KEY_STEP_PX * 5 : KEY_STEP_PX;
    const at = map.latLngToContainerPoint(marker.getLatLng());
    const next = map.containerPointToLatLng(at.add([step[0] * px, step[1] * px]));
    marker.setLatLng(next);
    map.panTo(next, { animate: false });
    moved();
  };
  marker.getElement()?.addEventListener("keydown", onKey);

  return {
    map,
    marker,
    setPosition(nextLat, nextLon) {
      marker.setLatLng([nextLat, nextLon]);
      map.setView([nextLat, nextLon], map.getZoom(), { animate: false });
    },
    setTexts(texts) {
      const icon = marker.getElement() as HTMLImageElement | undefined;
      if (icon) {
        icon.alt = texts.marker;
        icon.title = texts.marker;
      }
      marker.options.title = texts.marker;
      marker.options.alt = texts.marker;
      zoom.remove();
      zoom = L.control.zoom({ zoomInTitle: texts.zoomIn, zoomOutTitle: texts.zoomOut }).addTo(map);
    },
    destroy() {
      live = false;
      marker.getElement()?.removeEventListener("keydown", onKey);
      map.remove();
    },
  };
}
