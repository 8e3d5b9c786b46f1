// The address map in jsdom: Leaflet loads lazily, draws the offline basemap (or tiles when configured), and a
// marker dragged with the mouse (or moved with the arrow keys) reports its new place. jsdom lays nothing out, so
// the map's container is given a size, and SVG is declared supported (Leaflet checks createSVGRect).
import { act, createEvent, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AddressMap } from "./AddressMap";
import { MAP_ZOOM } from "./leafletMap";
import { renderWidget } from "./testing";

const TORONTO = { lat: 43.6426, lon: -79.3871 };
const MARKER = "Client's location: drag it, or use the arrow keys, to move it";
const restore: (() => void)[] = [];

beforeAll(() => {
  // Element.prototype keeps jsdom's own (0); HTMLElement.prototype's shadows it for the tests of this file.
  for (const [prop, size] of [
    ["clientWidth", 400],
    ["clientHeight", 400],
  ] as const) {
    Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => size });
    restore.push(() => delete (HTMLElement.prototype as unknown as Record<string, unknown>)[prop]);
  }
  // Leaflet's keyboard handler scrolls the page back after focusing the map, which jsdom does not implement.
  const scroll = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
  restore.push(() => scroll.mockRestore());
  const svg = SVGSVGElement.prototype as unknown as { createSVGRect?: () => object };
  svg.createSVGRect ??= () => ({});
});
afterAll(() => restore.forEach((r) => r()));

/** jsdom's mouse events say which: 0; Leaflet starts a drag on which 1 (the left button). */
const leftButton = (event: Event) => Object.defineProperty(event, "which", { value: 1 });

async function mapOf(props: Partial<Parameters<typeof AddressMap>[0]> = {}) {
  const onMove = vi.fn();
  const view = await renderWidget(
    <AddressMap lat={TORONTO.lat} lon={TORONTO.lon} onMove={onMove} {...props} />,
  );
  const marker = await screen.findByRole("button", { name: MARKER });
  return { ...view, onMove, marker };
}

// Blueprint's calendar and Leaflet are heavy in jsdom, and CI shares two cores: room to breathe.
describe("address map", { timeout: 15_000 }, () => {
  it("asks for a validated postal code while there is no place, and loads no map", async () => {
    await renderWidget(<AddressMap lat={null} lon={null} onMove={() => undefined} />);
    expect(screen.getByRole("region", { name: "Map of the client's address" })).toHaveTextContent(
      "Validate the postal code to place the client on the map.",
    );
    expect(document.querySelector(".leaflet-container")).toBeNull();
  });

  it("draws the offline basemap at zoom 14 with a draggable marker whose drop reports the new place", async () => {
    const { marker, onMove } = await mapOf();
    const region = screen.getByRole("region", { name: "Map of the client's address" });
    expect(region.querySelector(".booking-map__canvas")).toHaveClass("leaflet-container");
    expect(region.querySelector(".leaflet-tile-pane img")).toBeNull();
    // The coast, the lakes, the state and province borders and the country borders.
    await waitFor(() => expect(region.querySelectorAll(".leaflet-overlay-pane path")).toHaveLength(4));
    expect(region.querySelector(".leaflet-control-attribution")).toHaveTextContent("Natural Earth");
    expect(screen.getByRole("button", { name: "Zoom in" })).toBeInTheDocument();
    expect(marker).toHaveClass("leaflet-marker-draggable");

    // A real drag: press on the marker, move 50 px right and 30 px down, release.
    fireEvent(marker, leftButton(createEvent.mouseDown(marker, { button: 0, clientX: 200, clientY: 200 })));
    fireEvent.mouseMove(marker, { button: 0, clientX: 250, clientY: 230 });
    fireEvent.mouseUp(marker, { button: 0, clientX: 250, clientY: 230 });
    expect(onMove).toHaveBeenCalledTimes(1);
    const [lat, lon] = onMove.mock.calls[0]! as [number, number];
    expect(lat).toBeLessThan(TORONTO.lat);
    expect(lon).toBeGreaterThan(TORONTO.lon);
    // 50 px at zoom 14 is about 0.0043° of longitude: a street, not a city.
    expect(lon - TORONTO.lon).toBeCloseTo((50 * 360) / (256 * 2 ** MAP_ZOOM), 4);
    expect(String(lat).split(".")[1]!.length).toBeLessThanOrEqual(6);
  });

  it("moves the focused marker with the arrow keys", async () => {
    const { marker, onMove } = await mapOf();
    fireEvent.keyDown(marker, { key: "ArrowUp" });
    expect(onMove).toHaveBeenCalledTimes(1);
    expect(onMove.mock.calls[0]![0]).toBeGreaterThan(TORONTO.lat);
    // Leaflet rounds to whole pixels on the way: a pixel at zoom 14 is about 0.00002°.
    expect(onMove.mock.calls[0]![1]).toBeCloseTo(TORONTO.lon, 4);
  });

  it("follows a new place from its caller without reporting a move", async () => {
    const { rerender, onMove } = await mapOf();
    const center = () => document.querySelector<HTMLElement>(".leaflet-marker-icon")!.style.transform;
    const before = center();
    act(() => rerender(<AddressMap lat={45.5017} lon={-73.5673} onMove={onMove} />));
    expect(screen.getByRole("button", { name: MARKER })).toBeInTheDocument();
    expect(onMove).not.toHaveBeenCalled();
    // The view follows the marker: it stays in the middle of the map.
    expect(center()).toBe(before);
  });

  it("uses the configured tile layer instead of the basemap", async () => {
    await mapOf({ tileUrl: "/tiles/{z}/{x}/{y}.png", tileAttribution: "Tiles: our own" });
    const tiles = [...document.querySelectorAll<HTMLImageElement>(".leaflet-tile-pane img")];
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles[0]!.getAttribute("src")).toMatch(new RegExp(`^/tiles/${MAP_ZOOM}/\\d+/\\d+\\.png$`));
    expect(document.querySelector(".leaflet-control-attribution")).toHaveTextContent("Tiles: our own");
    expect(document.querySelectorAll(".leaflet-overlay-pane path")).toHaveLength(0);
  });
});
