import { describe, expect, it } from "vitest";
import { columnsFor, textWeight } from "./columns";

const columns = [
  { id: "when", priority: 0, minWidth: 100 },
  { id: "notes", priority: 1, minWidth: 150, grow: true },
  { id: "state", priority: 2, minWidth: 50 },
  { id: "dial", priority: 0, minWidth: 80 },
] as const;
const ids = (width: number | null) => columnsFor(columns, width).map((c) => c.id);

describe("columns that fit", () => {
  it("shows every column before the panel is measured, and when there is room", () => {
    expect(ids(null)).toEqual(["when", "notes", "state", "dial"]);
    expect(ids(380)).toEqual(["when", "notes", "state", "dial"]);
  });

  it("hides the least important first, never a column while keeping a less important one", () => {
    expect(ids(379)).toEqual(["when", "notes", "dial"]);
    // State would fit alone, but notes matter more: both go.
    expect(ids(300)).toEqual(["when", "dial"]);
  });

  it("keeps the essential columns however narrow (the table scrolls)", () => {
    expect(ids(120)).toEqual(["when", "dial"]);
  });

  it("weighs a text column by its longest text, within reason", () => {
    expect(textWeight(["Pat", null, "Kimberly Watson"])).toBe(15);
    expect(textWeight([])).toBe(6);
    expect(textWeight(["x".repeat(300)])).toBe(40);
  });
});
