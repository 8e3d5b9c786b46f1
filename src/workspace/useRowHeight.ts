// Grid rows sized to the screen: SCREEN_ROWS rows fill the workspace's height, so the variant's default
// layout shows whole at 1366×768 and at 1920×1080 instead of leaving a third of the big screen empty or
// pushing the small one's panels below the fold.
import { useEffect, useState } from "react";
import { SCREEN_ROWS } from "../contract/layout";

export const MIN_ROW_HEIGHT = 30;
export const GRID_MARGIN = 12;
/** What stands above and below the grid: the top bar, the alerts-and-toolbar row, the page's padding. */
export const CHROME_HEIGHT = 116;

/** The row height that makes SCREEN_ROWS rows (with their margins) fill a viewport `height` pixels tall. */
export function rowHeightFor(height: number): number {
  const free = height - CHROME_HEIGHT - GRID_MARGIN * (SCREEN_ROWS + 1);
  return Math.max(MIN_ROW_HEIGHT, Math.floor(free / SCREEN_ROWS));
}

export function useRowHeight(): number {
  const viewport = () => (typeof window === "undefined" ? 768 : window.innerHeight);
  const [height, setHeight] = useState(() => rowHeightFor(viewport()));
  useEffect(() => {
    const onResize = () => setHeight(rowHeightFor(viewport()));
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  return height;
}
