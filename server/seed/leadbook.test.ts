import { describe, expect, it } from "vitest";
import { PROVINCES, geocode, region } from "../geo/index";
import { NO_TIMEZONE_NOTE, generateLeadBook, type LeadBook, type SeedLead } from "./leadbook";

const now = new Date("2026-03-02T15:30:00Z");
const books = {
  isius: generateLeadBook({ variant: "isius", seed: 7919, now }),
  slica: generateLeadBook({ variant: "slica", seed: 15838, now }),
};
const variants = ["isius", "slica"] as const;
const allNumbers = (l: SeedLead) => [l.phone, ...l.phoneOther];
const scriptedEnding = (n: string) => ["01", "02", "03"].includes(n.slice(-2));

describe("generateLeadBook", () => {
  it("is deterministic: same input, same book; another seed, another book", () => {
    for (const variant of variants) {
      const seed = variant === "isius" ? 7919 : 15838;
      expect(generateLeadBook({ variant, seed, now })).toEqual(books[variant]);
      expect(generateLeadBook({ variant, seed: seed + 1, now }).leads).not.toEqual(books[variant].leads);
    }
  });

  it("has the default counts and honours count", () => {
    expect(books.isius.leads).toHaveLength(300);
    expect(books.slica.leads).toHaveLength(200);
    expect(generateLeadBook({ variant: "slica", seed: 1, now, count: 40 }).leads).toHaveLength(40);
    expect(generateLeadBook({ variant: "isius", seed: 1, now, count: 5 }).leads).toHaveLength(5);
  });

  it("spreads isius over many US states, including the required ones", () => {
    const states = new Set(books.isius.leads.map((l) => l.state));
    expect(states.size).toBeGreaterThanOrEqual(30);
    for (const st of [
      "fl",
      "wa",
      "ok",
      "md",
      "ma",
      "al",
      "la",
      "ms",
      "tx",
      "ca",
      "ny",
      "in",
      "ky",
      "az",
      "hi",
      "ak",
    ]) {
      expect(states.has(st), st).toBe(true);
    }
    for (const l of books.isius.leads) expect(region(l.state)?.country).toBe("US");
    const count = (st: string) => books.isius.leads.filter((l) => l.state === st).length;
    expect(count("ca")).toBeGreaterThan(count("ok")); // population-weighted
  });

  it("covers every province and territory for slica", () => {
    const states = new Set(books.slica.leads.map((l) => l.state));
    expect([...states].sort()).toEqual([...PROVINCES]);
    for (const l of books.slica.leads) expect(l.country).toBe("CA");
  });

  it("gives valid, unique, fictional phone numbers", () => {
    for (const variant of variants) {
      const numbers = books[variant].leads.flatMap(allNumbers);
      expect(new Set(numbers).size, variant).toBe(numbers.length);
      for (const n of numbers) {
        expect(n).toMatch(/^[2-9]\d{9}$/);
        expect(n.slice(3, 8)).toBe("55501"); // 555-01XX
      }
      for (const l of books[variant].leads) expect(allNumbers(l).length).toBeLessThanOrEqual(4);
      expect(books[variant].leads.some((l) => l.phoneOther.length > 0)).toBe(true);
    }
  });

  it("keeps PBX-scripted endings (01 machine, 02 busy, 03 unanswered) near 10%", () => {
    for (const variant of variants) {
      const leads = books[variant].leads;
      const share = leads.filter((l) => scriptedEnding(l.phone)).length / leads.length;
      expect(share, variant).toBeGreaterThanOrEqual(0.08);
      expect(share, variant).toBeLessThanOrEqual(0.12);
      const endings = new Set(
        leads.map((l) => l.phone.slice(-2)).filter((e) => ["01", "02", "03"].includes(e)),
      );
      expect(endings.size).toBe(3);
      expect(leads.flatMap((l) => l.phoneOther).filter(scriptedEnding)).toEqual([]);
    }
  });

  it("geocodes every postal to the lead's own state, city, coordinates and time zone", () => {
    for (const variant of variants) {
      for (const l of books[variant].leads) {
        const g = geocode(l.postal);
        expect(g, `${l.marketingId} ${l.postal}`).not.toBeNull();
        expect(g!.precision).toBe("postal");
        expect(g!.state).toBe(l.state);
        expect(g!.country).toBe(l.country);
        expect([g!.latitude, g!.longitude]).toEqual([l.latitude, l.longitude]);
        if (l.timezone !== "") expect(g!.timezone, l.marketingId).toBe(l.timezone);
        if (l.country === "CA") expect(l.postal).toMatch(/^[A-Z]\d[A-Z] \d[A-Z]\d$/);
        else expect(l.postal).toMatch(/^\d{5}$/);
        expect(l.city.length).toBeGreaterThan(1);
      }
    }
  });

  it("has exactly three deliberate no-time-zone leads, dialable otherwise", () => {
    for (const variant of variants) {
      const none = books[variant].leads.filter((l) => l.timezone === "");
      expect(none).toHaveLength(3);
      for (const l of none) expect(l).toMatchObject({ status: "New", isNew: true, notes: NO_TIMEZONE_NOTE });
    }
  });

  it("has 1 client per lead for isius and mostly 2 for slica", () => {
    expect(books.isius.leads.every((l) => l.clients.length === 1)).toBe(true);
    const two = books.slica.leads.filter((l) => l.clients.length === 2).length;
    expect(books.slica.leads.every((l) => l.clients.length >= 1 && l.clients.length <= 2)).toBe(true);
    expect(two / books.slica.leads.length).toBeGreaterThan(0.65);
  });

  it("fills clients and insurance with the spec's fields", () => {
    for (const variant of variants) {
      for (const l of books[variant].leads) {
        expect(l.clients[0]).toMatchObject({ firstName: l.firstName, lastName: l.lastName });
        for (const c of l.clients) {
          expect(c).toMatchObject({ heightUnits: 1, weightUnits: 1, incomeType: "Monthly" });
          expect(Object.keys(c).sort()).toEqual([
            "dob",
            "employment",
            "firstName",
            "gender",
            "height",
            "heightUnits",
            "income",
            "incomeType",
            "lastName",
            "occupation",
            "smoker",
            "title",
            "weight",
            "weightUnits",
          ]);
          expect(c.dob).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          const age = (now.getTime() - Date.parse(`${c.dob as string}T00:00:00Z`)) / (365.2425 * 86_400_000);
          expect(age).toBeGreaterThanOrEqual(25);
          expect(age).toBeLessThan(81);
          expect([1, 2]).toContain(c.gender);
        }
        expect(Object.keys(l.insurance).sort()).toEqual([
          "amount",
          "applied",
          "carrier",
          "denied",
          "hasPolicy",
          "premium",
          "type",
        ]);
        expect((l.insurance.type as string[]).length).toBeGreaterThan(0);
      }
    }
  });

  it("uses languages, emails and statuses as a call centre would", () => {
    const isius = books.isius.leads;
    const es = isius.filter((l) => l.language === "es").length / isius.length;
    expect(es).toBeGreaterThan(0.08);
    expect(es).toBeLessThan(0.25);
    expect(isius.some((l) => l.language === "fr")).toBe(false);
    const fr = books.slica.leads.filter((l) => l.language === "fr");
    expect(fr.length).toBeGreaterThan(10);
    expect(fr.filter((l) => l.state === "qc" || l.state === "nb").length / fr.length).toBeGreaterThan(0.7);
    expect(books.slica.leads.some((l) => l.language === "es")).toBe(false);

    for (const variant of variants) {
      const leads = books[variant].leads;
      const withEmail = leads.filter((l) => l.email !== null);
      expect(withEmail.length / leads.length).toBeGreaterThan(0.55);
      expect(withEmail.length / leads.length).toBeLessThan(0.85);
      for (const l of withEmail) expect(l.email).toMatch(/^[a-z0-9.]+@example\.(com|org)$/);
      expect(new Set(withEmail.map((l) => l.email)).size).toBe(withEmail.length);
      const isNew = leads.filter((l) => l.status === "New");
      expect(isNew.length / leads.length).toBeGreaterThan(0.4);
      for (const l of leads) {
        expect(l.isNew).toBe(l.status === "New");
        expect(l.dials).toBeGreaterThanOrEqual(0);
        expect(l.dials).toBeLessThanOrEqual(6);
        if (l.isNew) expect(l.dials).toBe(0);
        expect(l.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      }
      const dnc = leads.filter((l) => l.status === "Do Not Call").length;
      expect(dnc).toBeGreaterThan(0);
      expect(dnc).toBeLessThan(15);
      for (const s of ["In Process", "Callback Scheduled", "Not Interested", "Voicemail"]) {
        expect(
          leads.some((l) => l.status === s),
          s,
        ).toBe(true);
      }
    }
  });

  it("ties leads to campaigns, prefixes and lead groups", () => {
    for (const variant of variants) {
      const book: LeadBook = books[variant];
      expect(book.campaigns.length).toBeGreaterThanOrEqual(3);
      expect(book.campaigns.length).toBeLessThanOrEqual(4);
      expect(book.groups.length).toBeGreaterThanOrEqual(2);
      expect(book.groups.length).toBeLessThanOrEqual(3);
      const prefixNames = book.prefixes.map((p) => p.name);
      expect(prefixNames).toEqual(
        [...new Set(book.campaigns.flatMap((c) => [c.prefix, ...c.prefixes]))].sort(),
      );
      for (const g of book.groups) for (const p of g.prefixNames) expect(prefixNames).toContain(p);
      const ids = book.leads.map((l) => l.marketingId);
      expect(new Set(ids).size).toBe(ids.length);
      for (const l of book.leads) {
        const c = book.campaigns.find((x) => x.slug === l.campaignSlug)!;
        expect([c.prefix, ...c.prefixes]).toContain(l.prefix);
        expect(l.marketingId).toMatch(new RegExp(`^${l.prefix}\\d{6}$`));
      }
      expect(new Set(book.leads.map((l) => l.prefix))).toEqual(new Set(prefixNames)); // every prefix in use
    }
  });
});
