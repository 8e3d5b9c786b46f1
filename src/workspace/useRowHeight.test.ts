import { describe, expect, it } from "vitest";
import { SCREEN_ROWS } from "../contract/layout";
import { CHROME_HEIGHT, GRID_MARGIN, MIN_ROW_HEIGHT, rowHeightFor } from "./useRowHeight";

describe("grid rows sized to the screen", () => {
  it.each([768, 900, 1080, 1440])("fill a %i px tall window with the screen's rows, nothing below the fold", (height) => {
    const row = rowHeightFor(height);
    const used = CHROME_HEIGHT + SCREEN_ROWS * row + (SCREEN_ROWS + 1) * GRID_MARGIN;
    expect(used).toBeLessThanOrEqual(height);
    // And not much less: at most one row's height of the screen is left over.
    expect(height - used).toBeLessThan(SCREEN_ROWS);
  });

  it("never go below 30 px, however small the window", () => {
    expect(rowHeightFor(400)).toBe(MIN_ROW_HEIGHT);
  });

  it("grow on a big screen: a 1080 px screen has rows two-thirds taller than a 768 px one", () => {
    expect(rowHeightFor(1080) / rowHeightFor(768)).toBeGreaterThan(1.6);
  });
});
