// Seeded PRNG for the demo data: same seed, same sequence (no Math.random anywhere in the seed).

export class Rng {
  private a: number;

  constructor(seed: number) {
    this.a = seed >>> 0;
  }

  /** mulberry32: uniform in [0, 1). */
  next(): number {
    this.a = (this.a + 0x6d2b79f5) >>> 0;
    let t = this.a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [lo, hi], both included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new Error("pick from an empty list");
    return list[Math.floor(this.next() * list.length)]!;
  }

  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  shuffle<T>(list: readonly T[]): T[] {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}

/**
 * Splits `count` over keys in proportion to their weights (largest remainder), after giving each
 * key its minimum. When the minimums do not fit in `count` they are ignored.
 */
export function allocate(
  weights: Record<string, number>,
  count: number,
  mins: Record<string, number> = {},
): Map<string, number> {
  const keys = Object.keys(weights).sort();
  const minOf = (k: string) => mins[k] ?? 0;
  const minTotal = keys.reduce((s, k) => s + minOf(k), 0);
  const useMins = minTotal <= count;
  const rest = count - (useMins ? minTotal : 0);
  const total = keys.reduce((s, k) => s + weights[k]!, 0);
  const quotas = keys.map((k) => {
    const q = (rest * weights[k]!) / total;
    return { k, n: Math.floor(q) + (useMins ? minOf(k) : 0), frac: q - Math.floor(q) };
  });
  let left = count - quotas.reduce((s, q) => s + q.n, 0);
  for (const q of [...quotas].sort((a, b) => b.frac - a.frac || (a.k < b.k ? -1 : 1))) {
    if (left-- <= 0) break;
    q.n++;
  }
  return new Map(quotas.map((q) => [q.k, q.n]));
}
