// Seeded randomness for the simulated PBX (reference/telephony.md §2 "How it stays deterministic"): no
// Math.random anywhere. Each call, leg and the fault injector draws from its own mulberry32 stream keyed by
// hash(globalSeed, key), so adding a call never shifts another call's draws.

/** A stream of numbers in [0, 1). */
export type Rng = () => number;

/** A duration in ms: fixed, or drawn uniformly from [min, max]. */
export type Ms = number | readonly [min: number, max: number];

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of the key seeded with `seed`, then murmur3's finaliser so close keys give unrelated streams. */
export function hash32(seed: number, key: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export const streamFor = (seed: number, key: string): Rng => mulberry32(hash32(seed, key));

/** Always consumes one draw, so changing one timing from fixed to a range does not shift the others. */
export function drawMs(rng: Rng, ms: Ms): number {
  const r = rng();
  if (typeof ms === "number") return ms;
  const [min, max] = ms;
  return Math.round(min + (max - min) * r);
}

/** Picks a key by weight, walking `order` (not object key order, which a caller's override could change). */
export function pickWeighted<K extends string>(
  rng: Rng,
  order: readonly K[],
  weights: Partial<Record<K, number>>,
): K | undefined {
  const total = order.reduce((s, k) => s + Math.max(0, weights[k] ?? 0), 0);
  const r = rng() * total;
  let acc = 0;
  for (const k of order) {
    const w = Math.max(0, weights[k] ?? 0);
    acc += w;
    if (w > 0 && r < acc) return k;
  }
  return undefined;
}
