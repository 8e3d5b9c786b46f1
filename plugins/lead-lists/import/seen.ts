// What the dry run has seen of a file so far (its phones, its marketing ids), to tell a later row that repeats one
// as a duplicate in the file. Kept as numbers in a typed-array hash set: 16 bytes a row at most, against about
// 150–175 for a Set of strings (bench/lead-import: the dry run's sets held 75 MB of a 500,000-row file).

/** A set of positive integers below 2^53 in open addressing over a Float64Array (0 marks a free slot). */
export class NumberSet {
  private slots = new Float64Array(1 << 12);
  private count = 0;

  get size(): number {
    return this.count;
  }

  has(n: number): boolean {
    return this.slots[this.find(n)] === n;
  }

  add(n: number): void {
    if (!(n > 0 && Number.isSafeInteger(n))) throw new RangeError("NumberSet holds positive safe integers");
    const i = this.find(n);
    if (this.slots[i] === n) return;
    this.slots[i] = n;
    if (++this.count * 2 > this.slots.length) this.grow();
  }

  private find(n: number): number {
    const mask = this.slots.length - 1;
    // Spread the bits of both halves: phone numbers differ mostly in their low digits.
    let i = (Math.imul((n % 0x100000000) ^ Math.floor(n / 0x100000000), 0x9e3779b1) >>> 0) & mask;
    while (this.slots[i] !== 0 && this.slots[i] !== n) i = (i + 1) & mask;
    return i;
  }

  private grow() {
    const old = this.slots;
    this.slots = new Float64Array(old.length * 2);
    for (const n of old) if (n !== 0) this.slots[this.find(n)] = n;
  }
}

/**
 * A text as a 52-bit number (two 32-bit FNV-1a variants): two different marketing ids of a 500,000-row file meet
 * with a chance of about 3 in 100,000, and then the dry run counts one row as a duplicate in the file that the
 * import writes (the import itself decides by the lead book's unique index, never by this).
 */
export function textKey(text: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return (a >>> 0) * 0x100000 + ((b >>> 0) & 0xfffff) + 1;
}
