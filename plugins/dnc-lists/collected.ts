// The numbers of an uploaded file, held until the whole file has been read (server.ts): a file cut short, over the
// size limit or dropped by the browser then writes nothing, instead of leaving the batches before the cut on the
// list. A North American number's 10 national digits are a whole double, so each takes 8 bytes: a 50 MB file
// (at most about 4.8 million numbers of 11 bytes a line) holds in under 40 MB, not in millions of strings.

const NATIONAL = /^[2-9]\d{9}$/;

export class CollectedNumbers {
  private values = new Float64Array(1 << 14);
  private size = 0;

  get count(): number {
    return this.size;
  }

  /** A number in national digits (as readNumbers gives it). */
  add(phone: string): void {
    if (!NATIONAL.test(phone)) throw new Error("not a North American number's national digits");
    if (this.size === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.size++] = Number(phone);
  }

  /**
   * The distinct numbers in ascending order (the order their locks are taken in), and how many lines repeated a
   * number given before them.
   */
  distinct(): { phones: Float64Array; repeats: number } {
    const sorted = this.values.subarray(0, this.size).sort();
    let n = 0;
    for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[n - 1]) sorted[n++] = sorted[i]!;
    return { phones: sorted.subarray(0, n), repeats: this.size - n };
  }
}

/** Distinct numbers `size` at a time, as the strings the core takes. */
export function* batchesOf(phones: Float64Array, size: number): Generator<string[]> {
  for (let i = 0; i < phones.length; i += size) yield Array.from(phones.subarray(i, i + size), (p) => String(p));
}
