// The demo lead book: a deterministic generator of campaigns, prefixes, lead groups and leads for
// the two call-centre variants (isius: US, slica: Canada). Addresses are real postal rows from
// server/geo, so each lead's time zone is exact. Same input, same output: the only randomness is
// the seeded PRNG and the only clock is `now`.
import { PROVINCES } from "../geo/index";
import { CA_LDU_LETTERS, leadCity, makeStreet, sampleRow } from "./leadbook/addresses";
import { CAMPAIGNS, GROUPS, pickCampaign, type Campaign } from "./leadbook/campaigns";
import { makeClient, makeEmail, makeInsurance } from "./leadbook/people";
import { PhoneBook } from "./leadbook/phones";
import { FRENCH_SHARE, POPULATION, US_REQUIRED } from "./leadbook/regions";
import { Rng, allocate } from "./leadbook/rng";
import { CRE_NOTES, FIRST_NAMES, LAST_NAMES, NOTES, type Lang } from "./leadbook/words";

export { PBX_SCRIPTED_ENDINGS } from "./leadbook/phones";

export interface LeadBookInput {
  variant: "isius" | "slica";
  seed: number;
  now: Date;
  /** Number of leads; 300 for isius, 200 for slica by default. */
  count?: number;
}

export interface LeadBook {
  campaigns: Campaign[];
  prefixes: { name: string }[];
  /** Lead groups; the seeder assigns advisors to them. */
  groups: { name: string; prefixNames: string[] }[];
  leads: SeedLead[];
}

export interface SeedLead {
  marketingId: string;
  campaignSlug: string;
  prefix: string;
  firstName: string;
  lastName: string;
  phone: string;
  phoneOther: string[];
  email: string | null;
  language: "en" | "fr" | "es";
  status: string;
  isNew: boolean;
  dials: number;
  notes: string | null;
  creNotes: string | null;
  street: string;
  apartment: string | null;
  city: string;
  postal: string;
  /** Lower-case state or province code. */
  state: string;
  country: "US" | "CA";
  latitude: number;
  longitude: number;
  /** IANA zone; "" for the deliberate no-time-zone leads (see NO_TIMEZONE_NOTE). */
  timezone: string;
  clients: Record<string, unknown>[];
  insurance: Record<string, unknown>;
  createdAt: Date;
}

/**
 * Three leads per book (at positions count/4, count/2 and 3·count/4) have `timezone: ""` although
 * their address is real, so tests can check that a lead without a time zone is never auto-dialed.
 * They are status "New" and carry this note.
 */
export const NO_TIMEZONE_NOTE = "Imported without a time zone: must not be auto-dialed";

const SCRIPTED_SHARE = 0.1;

/**
 * CRE notes for one lead in three, one or two entries written before the lead was created. Chosen from the
 * lead's position, not the random stream, so adding them left every other seeded value as it was.
 */
function creNotesOf(i: number, language: Lang, createdAt: Date): string | null {
  if (i % 3 !== 0) return null;
  const list = CRE_NOTES[language];
  const entry = (k: number) => {
    const at = new Date(createdAt.getTime() - (k + 1) * 26 * 3_600_000 - (i % 50) * 60_000);
    const [date, time] = at.toISOString().slice(0, 19).split("T");
    return `${date} | ${time} - ${list[(i / 3 + k) % list.length]}`;
  };
  return i % 2 === 0 ? [entry(1), entry(0)].join("<br>") : entry(0);
}

const STATUSES: [string, number][] = [
  ["New", 0.55],
  ["In Process", 0.12],
  ["Callback Scheduled", 0.1],
  ["Not Interested", 0.1],
  ["Voicemail", 0.1],
];
const DNC_SHARE = 0.02; // "Do Not Call" leads are placed, not drawn, so every book has a handful

export function generateLeadBook(input: LeadBookInput): LeadBook {
  const { variant, now } = input;
  const rng = new Rng(input.seed);
  const count = input.count ?? (variant === "isius" ? 300 : 200);
  const canada = variant === "slica";
  const campaigns = CAMPAIGNS[variant].map((c) => ({ ...c, prefixes: [...c.prefixes] }));

  // Regions: population-weighted, with guaranteed minimums, then shuffled.
  const regionCodes = Object.keys(POPULATION).filter(
    (c) => (PROVINCES as readonly string[]).includes(c) === canada,
  );
  const weights = Object.fromEntries(regionCodes.map((c) => [c, POPULATION[c]!]));
  const mins = Object.fromEntries(canada ? regionCodes.map((c) => [c, 1]) : US_REQUIRED.map((c) => [c, 2]));
  const alloc = allocate(weights, count, mins);
  const slots = rng.shuffle([...alloc].flatMap(([code, n]) => Array<string>(n).fill(code)));

  const noTimezone = new Set([1, 2, 3].map((k) => Math.floor((count * k) / 4)));
  const scripted = new Set(
    rng.shuffle([...Array(count).keys()]).slice(0, Math.round(count * SCRIPTED_SHARE)),
  );
  const doNotCall = new Set(
    rng
      .shuffle([...Array(count).keys()].filter((i) => !noTimezone.has(i)))
      .slice(0, Math.max(1, Math.round(count * DNC_SHARE))),
  );
  const phones = new PhoneBook();
  const emails = new Set<string>();
  const serials = new Map<string, number>();
  const perCampaign = new Map<string, number>();

  const leads = slots.map((st, i): SeedLead => {
    const country = canada ? "CA" : "US";
    const language: Lang = canada
      ? rng.chance(FRENCH_SHARE[st] ?? 0.01)
        ? "fr"
        : "en"
      : rng.chance(0.15)
        ? "es"
        : "en";
    const male = rng.chance(0.5);
    const firstName = rng.pick(FIRST_NAMES[language][male ? "male" : "female"]);
    const lastName = rng.pick(LAST_NAMES[language]);
    const [key, row] = sampleRow(rng, st);

    const campaign = pickCampaign(rng, campaigns, variant, language, st);
    // A campaign's 2nd, 3rd... leads take its additional prefixes in turn, so every prefix is in use.
    const nth = (perCampaign.get(campaign.slug) ?? 0) + 1;
    perCampaign.set(campaign.slug, nth);
    const prefix =
      nth >= 2 && nth - 2 < campaign.prefixes.length
        ? campaign.prefixes[nth - 2]!
        : campaign.prefixes.length > 0 && rng.chance(0.25)
          ? rng.pick(campaign.prefixes)
          : campaign.prefix;
    const serial = (serials.get(prefix) ?? 0) + 1;
    serials.set(prefix, serial);

    const phone = (scripted.has(i) && phones.takeScripted(rng, st)) || phones.take(rng, st);
    const phoneOther: string[] = [];
    if (rng.chance(0.08)) {
      const n = rng.weighted([
        [1, 0.6],
        [2, 0.3],
        [3, 0.1],
      ] as const);
      for (let k = 0; k < n; k++) phoneOther.push(phones.take(rng, st));
    }

    const status = noTimezone.has(i) ? "New" : doNotCall.has(i) ? "Do Not Call" : rng.weighted(STATUSES);
    const isNew = status === "New";
    const dials = isNew ? 0 : rng.int(1, 6);
    let notes: string | null = null;
    if (noTimezone.has(i)) notes = NO_TIMEZONE_NOTE;
    else if (!isNew && rng.chance(0.5)) notes = rng.pick(NOTES[status]!);
    if (status === "Do Not Call" && notes === null) notes = NOTES["Do Not Call"]![0]!;

    const createdAt = new Date(
      now.getTime() - (isNew ? rng.int(0, 30 * 24 * 60) : rng.int(3 * 24 * 60, 120 * 24 * 60)) * 60_000,
    );
    const clientCount = canada && rng.chance(0.8) ? 2 : 1;
    const age = Math.round((rng.int(25, 80) + rng.int(25, 80)) / 2);
    const clients = [makeClient(rng, now, language, male, firstName, lastName, age)];
    if (clientCount === 2) {
      const spouseMale = rng.chance(0.9) ? !male : male;
      const spouseLast = rng.chance(0.7) ? lastName : rng.pick(LAST_NAMES[language]);
      const spouseAge = Math.min(80, Math.max(25, age + rng.int(-6, 6)));
      clients.push(
        makeClient(
          rng,
          now,
          language,
          spouseMale,
          rng.pick(FIRST_NAMES[language][spouseMale ? "male" : "female"]),
          spouseLast,
          spouseAge,
        ),
      );
    }

    return {
      marketingId: `${prefix}${String(serial).padStart(6, "0")}`,
      campaignSlug: campaign.slug,
      prefix,
      firstName,
      lastName,
      phone,
      phoneOther,
      email: rng.chance(0.7) ? makeEmail(rng, emails, firstName, lastName) : null,
      language,
      status,
      isNew,
      dials,
      notes,
      creNotes: creNotesOf(i, language, createdAt),
      street: makeStreet(rng, country, language),
      apartment: rng.chance(0.15)
        ? rng.chance(0.5)
          ? `${rng.int(1, 12)}${rng.pick(["A", "B", "C"])}`
          : String(rng.int(101, 1210))
        : null,
      city: leadCity(key, row),
      postal: canada ? `${key} ${rng.int(0, 9)}${rng.pick([...CA_LDU_LETTERS])}${rng.int(0, 9)}` : key,
      state: st,
      country,
      latitude: row.lat,
      longitude: row.lon,
      timezone: noTimezone.has(i) ? "" : row.iana,
      clients,
      insurance: makeInsurance(rng, canada, clientCount),
      createdAt,
    };
  });

  const prefixNames = [...new Set(campaigns.flatMap((c) => [c.prefix, ...c.prefixes]))].sort();
  return {
    campaigns,
    prefixes: prefixNames.map((name) => ({ name })),
    groups: GROUPS[variant].map((g) => ({ name: g.name, prefixNames: [...g.prefixNames] })),
    leads,
  };
}
