// @vitest-environment node
import { describe, expect, it } from "vitest";
import { refusedCsvHeader, refusedCsvLine } from "./refused";

describe("the refused rows report", () => {
  it("starts with the line and the reason, then the list's own columns", () => {
    expect(refusedCsvHeader(["Phone", "First Name"])).toBe("line,reason,Phone,First Name\r\n");
    expect(refusedCsvLine(12, ["5145550142", "Éric"], "Enter the lead's first and last names.")).toBe(
      "12,Enter the lead's first and last names.,5145550142,Éric\r\n",
    );
  });

  it("quotes a value holding a comma, a quote or a line end, doubling its quotes", () => {
    expect(refusedCsvLine(3, ["Gagné, Éric", 'Says "maybe"', "two\r\nlines", "one\nline"], "Invalid")).toBe(
      '3,Invalid,"Gagné, Éric","Says ""maybe""","two\r\nlines","one\nline"\r\n',
    );
  });

  it("keeps a spreadsheet from running a value as a formula", () => {
    const values = ['=HYPERLINK("http://x")', "+1 514 555 0142", "-2", "@SUM(A1)", "\tx", "a=b"];
    expect(refusedCsvLine(1, values, "=cmd")).toBe(
      `1,'=cmd,"'=HYPERLINK(""http://x"")",'+1 514 555 0142,'-2,'@SUM(A1),'\tx,a=b\r\n`,
    );
    expect(refusedCsvHeader(["=Phone"])).toBe("line,reason,'=Phone\r\n");
  });

  it("writes a row that could not be read at all as its line and reason alone", () => {
    expect(refusedCsvLine(7, [], "This row has 10000 columns; a row may have at most 200.")).toBe(
      "7,This row has 10000 columns; a row may have at most 200.\r\n",
    );
  });
});
