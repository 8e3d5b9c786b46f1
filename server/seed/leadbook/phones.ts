// Fictional phone numbers for the demo lead book.
import { AREA_CODES } from "./regions";
import type { Rng } from "./rng";

/** The simulated PBX scripts numbers by their last two digits. */
export const PBX_SCRIPTED_ENDINGS = { "01": "machine", "02": "busy", "03": "unanswered" } as const;

/** Fictional numbers: area code + 555-01XX (the range reserved for fiction), never reused. */
export class PhoneBook {
  private used = new Set<string>();

  take(rng: Rng, st: string): string {
    const codes = AREA_CODES[st]!;
    for (let attempt = 0; attempt < 50; attempt++) {
      const xx = rng.int(0, 99);
      if (xx >= 1 && xx <= 3) continue; // endings 01-03 are PBX-scripted: only takeScripted uses them
      const n = `${rng.pick(codes)}55501${String(xx).padStart(2, "0")}`;
      if (!this.used.has(n)) return this.claim(n);
    }
    for (const code of codes) {
      for (let xx = 0; xx < 100; xx++) {
        const n = `${code}55501${String(xx).padStart(2, "0")}`;
        if ((xx < 1 || xx > 3) && !this.used.has(n)) return this.claim(n);
      }
    }
    throw new Error(`no fictional 555-01XX numbers left for ${st}: lower the lead count`);
  }

  /** A number ending in 01, 02 or 03, or null when the region's are all taken. */
  takeScripted(rng: Rng, st: string): string | null {
    for (const ending of rng.shuffle(Object.keys(PBX_SCRIPTED_ENDINGS))) {
      for (const code of rng.shuffle(AREA_CODES[st]!)) {
        const n = `${code}55501${ending}`;
        if (!this.used.has(n)) return this.claim(n);
      }
    }
    return null;
  }

  private claim(n: string): string {
    this.used.add(n);
    return n;
  }
}
