// @vitest-environment node
// A big list goes through without the gateway holding it: memory, not speed, is what this measures.
import { describe, expect, it } from "vitest";
import { readRows } from "./rows";

const ROWS = 200_000;
const MB = 1024 * 1024;

/** A 200,000-row list (≈25 MB), made as it is read, in 64 KiB chunks like a file stream's. */
async function* bigList(): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  let text = "Lead ID,First Name,Last Name,Phone,Email,City,Notes\r\n";
  for (let i = 1; i <= ROWS; i++) {
    const n = String(i).padStart(6, "0");
    text += `ISFX${n},Éric,Gagné,514555${n.slice(2)},eric${n}@example.com,Montréal,"Rappel, ""après"" 18 h"\r\n`;
    if (text.length >= 64 * 1024) {
      yield encoder.encode(text);
      text = "";
    }
  }
  yield encoder.encode(text);
}

describe("reading a big list", () => {
  it("reads 200,000 rows with the heap growing by far less than 100 MB", { timeout: 120_000 }, async () => {
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let rows = 0;
    let last: string[] = [];
    const sniffed = { encoding: "utf-8", bom: false, delimiter: "," } as const;
    for await (const record of readRows(bigList(), sniffed)) {
      if (record.kind !== "row") continue;
      rows++;
      last = record.fields;
      if (rows % 5_000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    const after = process.memoryUsage().heapUsed;
    expect(rows).toBe(ROWS);
    expect(last).toEqual([
      "ISFX200000",
      "Éric",
      "Gagné",
      "5145550000",
      "eric200000@example.com",
      "Montréal",
      'Rappel, "après" 18 h',
    ]);
    // The peak too, sampled along the way: garbage not yet collected counts, so this bounds it from above.
    expect((after - before) / MB).toBeLessThan(100);
    expect((peak - before) / MB).toBeLessThan(100);
  });
});
