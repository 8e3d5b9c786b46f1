import { describe, expect, it } from "vitest";
import { columnsFor, textWeight, wordsWidth } from "./columns";
import { FOLLOW_UP_COLUMNS } from "./FollowUpsTable";

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

  it("shows a follow-up's state at 1366×768 (413 px in the default layouts), the type and notes going first", () => {
    const at = (width: number) => columnsFor(FOLLOW_UP_COLUMNS, width).map((c) => c.id);
    expect(at(413)).toEqual(["call_time", "call_name", "state", "dial", "dashboard"]);
    expect(at(500)).toEqual(["call_time", "call_name", "notes", "state", "dial", "dashboard"]);
    expect(at(600)).toHaveLength(7);
  });

  it("weighs a text column by its longest text, within reason", () => {
    expect(textWeight(["Pat", null, "Kimberly Watson"])).toBe(15);
    expect(textWeight([])).toBe(6);
    expect(textWeight(["x".repeat(300)])).toBe(40);
  });

  it("gives a status or a type the room of its longest word (it wraps at its spaces), its least width at least", () => {
    // 8 px a letter and the cell's 10 px of padding.
    expect(wordsWidth(["Messagerie vocale", "Rappel"], 88)).toBe(90);
    expect(wordsWidth(["Opportunité engagée", null], 80)).toBe(98);
    expect(wordsWidth(["Vendu"], 88)).toBe(88);
    expect(wordsWidth([], 80)).toBe(80);
  });
});
