// The client's address on a map (booking-and-reference §2, §9): 400 px high, zoom 14, a marker the agent drags (or
// moves with the arrow keys) to the exact place; each drop calls onMove(lat, lon). Leaflet, its stylesheet and the
// offline basemap load only when a map is shown (leafletMap.ts, imported dynamically), never with the sign-in page.
import { Spinner } from "@blueprintjs/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AddressMapHandle, MapTexts } from "./leafletMap";
import { BOOKING_NS } from "./texts";
import "./widgets.css";

/** The Leaflet side, loaded once on first use. */
export const loadLeafletMap = () => import("./leafletMap");

export interface AddressMapProps {
  /** The client's place (the geocode's, or where the marker was dropped); null until there is one. */
  lat: number | null;
  lon: number | null;
  /** The marker was dropped at a new place (six decimals). */
  onMove(lat: number, lon: number): void;
  /** The plugin's config: a tile URL template, or null (default) for the offline basemap. */
  tileUrl?: string | null;
  tileAttribution?: string;
}

export function AddressMap({ lat, lon, onMove, tileUrl = null, tileAttribution = "" }: AddressMapProps) {
  const { t } = useTranslation(BOOKING_NS);
  const element = useRef<HTMLDivElement | null>(null);
  const handle = useRef<AddressMapHandle | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const hasPlace = lat !== null && lon !== null && Number.isFinite(lat) && Number.isFinite(lon);
  // What the next map is made with, and what the marker calls: the latest, whenever Leaflet arrives.
  const latest = useRef({ lat, lon, onMove });
  latest.current = { lat, lon, onMove };
  const texts: MapTexts = {
    marker: t("widgets.map.marker"),
    zoomIn: t("widgets.map.zoom_in"),
    zoomOut: t("widgets.map.zoom_out"),
  };
  const textsRef = useRef(texts);
  textsRef.current = texts;

  useEffect(() => {
    if (!hasPlace) return;
    let live = true;
    setState("loading");
    loadLeafletMap().then(
      ({ createAddressMap }) => {
        const { lat: la, lon: lo } = latest.current;
        if (!live || !element.current || la === null || lo === null) return;
        handle.current = createAddressMap(element.current, {
          lat: la,
          lon: lo,
          tileUrl,
          tileAttribution,
          texts: textsRef.current,
          onMove: (a, b) => latest.current.onMove(a, b),
        });
        setState("ready");
      },
      () => {
        if (live) setState("failed");
      },
    );
    return () => {
      live = false;
      handle.current?.destroy();
      handle.current = null;
    };
  }, [hasPlace, tileUrl, tileAttribution]);

  useEffect(() => {
    if (lat !== null && lon !== null) handle.current?.setPosition(lat, lon);
  }, [lat, lon]);

  useEffect(() => {
    handle.current?.setTexts(textsRef.current);
  }, [texts.marker, texts.zoomIn, texts.zoomOut]);

  if (!hasPlace) {
    return (
      <section className="booking-map" aria-label={t("widgets.map.label")}>
        <div className="booking-map__placeholder">{t("widgets.map.no_position")}</div>
      </section>
    );
  }
  return (
    <section className="booking-map" aria-label={t("widgets.map.label")} aria-busy={state === "loading"}>
      <div ref={element} className="booking-map__canvas" />
      {state !== "ready" && (
        <div className="booking-map__hint" role="status">
          {state === "loading" ? (
            <>
              <Spinner size={12} tagName="span" aria-hidden className="booking-map__spinner" />{" "}
              {t("widgets.map.loading")}
            </>
          ) : (
            t("widgets.map.failed")
          )}
        </div>
      )}
      {state === "ready" && <p className="booking-map__hint">{t("widgets.map.hint")}</p>}
    </section>
  );
}
