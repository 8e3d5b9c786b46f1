import { describe, expect, it } from "vitest";
import { parseCreNotes } from "./lead";

describe("CRE notes", () => {
  it("splits entries on the line-break tag and each into its stamp and text", () => {
    expect(
      parseCreNotes("2026-01-04 | 10:15:02 - Asked for a French-speaking advisor<br>2026-01-06 | 16:40:00 - Prefers the afternoon - after 3"),
    ).toEqual([
      { stamp: "2026-01-04 | 10:15:02", text: "Asked for a French-speaking advisor" },
      { stamp: "2026-01-06 | 16:40:00", text: "Prefers the afternoon - after 3" },
    ]);
  });

  it("accepts <br/> and <BR />, keeps an entry without a stamp whole, and drops empty entries", () => {
    expect(parseCreNotes("Imported from the web form<BR />  <br/>2026-02-01|09:00:00 - Called back")).toEqual([
      { stamp: "", text: "Imported from the web form" },
      { stamp: "2026-02-01 | 09:00:00", text: "Called back" },
    ]);
  });

  it("has no entries for no notes", () => {
    expect(parseCreNotes(null)).toEqual([]);
    expect(parseCreNotes("")).toEqual([]);
    expect(parseCreNotes("<br>")).toEqual([]);
  });
});
