// Clients, insurance and e-mail addresses for the demo lead book.
import type { Rng } from "./rng";
import { CARRIERS_CA, CARRIERS_US, OCCUPATIONS, RETIRED, type Lang } from "./words";

const DAY_MS = 86_400_000;

const ascii = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

export function makeEmail(rng: Rng, taken: Set<string>, first: string, last: string): string {
  const f = ascii(first);
  const l = ascii(last);
  let local = rng.pick([`${f}.${l}`, `${f}${l}`, `${f[0]}${l}`, `${f}.${l}${rng.int(1, 99)}`]);
  const domain = rng.pick(["example.com", "example.org"]);
  while (taken.has(`${local}@${domain}`)) local += String(rng.int(0, 9));
  taken.add(`${local}@${domain}`);
  return `${local}@${domain}`;
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export function makeClient(
  rng: Rng,
  now: Date,
  language: Lang,
  male: boolean,
  firstName: string,
  lastName: string,
  age: number,
): Record<string, unknown> {
  // Birthday `age` years before `now`, minus 0-364 days: exactly `age` years old at `now`.
  const anniversary = new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate()));
  const dob = new Date(anniversary.getTime() - rng.int(0, 364) * DAY_MS);
  const retired = age >= 67 || (age >= 60 && rng.chance(0.3));
  // Metric (heightUnits/weightUnits 1): heights on the form's 3 cm grid from 120, weights on its 3 kg grid from 35.
  const height = 120 + 3 * (male ? rng.int(15, 25) : rng.int(10, 20));
  const weight = 35 + 3 * (male ? rng.int(10, 27) : rng.int(5, 22));
  const title =
    language === "fr"
      ? male
        ? "M"
        : "Mme"
      : rng.chance(0.03)
        ? "Dr"
        : male
          ? "Mr"
          : rng.pick(["Mrs", "Ms"]);
  return {
    title,
    firstName,
    lastName,
    gender: male ? 1 : 2,
    dob: isoDate(dob),
    smoker: rng.chance(0.16) ? 1 : 0,
    height,
    heightUnits: 1,
    weight,
    weightUnits: 1,
    // Employment keys: 1 employed, 2 self-employed, 3 unemployed, 4 retired, 5 student.
    employment: retired
      ? 4
      : rng.weighted([
          [1, 0.72],
          [2, 0.16],
          [3, 0.08],
          [5, age < 30 ? 0.1 : 0],
        ] as const),
    occupation: retired ? RETIRED[language] : rng.pick(OCCUPATIONS[language]),
    // Monthly income band 1-6 (under 1250 ... over 8500).
    income: retired ? rng.int(1, 3) : rng.int(2, 6),
    incomeType: "Monthly",
  };
}

export function makeInsurance(rng: Rng, canada: boolean, clientCount: number): Record<string, unknown> {
  const type = rng.weighted<string[]>([
    [["life"], 0.35],
    [["term"], 0.25],
    [["critical_illness"], 0.1],
    [["life", "critical_illness"], 0.1],
    [["disability"], 0.05],
    [["health"], 0.05],
    [clientCount === 2 ? ["joint_life"] : ["life"], 0.1],
  ]);
  const amount =
    type[0] === "term"
      ? 25_000 * rng.int(4, 30)
      : type[0] === "life" || type[0] === "joint_life"
        ? 5_000 * rng.int(2, 20)
        : 5_000 * rng.int(5, 30);
  const hasPolicy = rng.chance(0.35);
  const applied = rng.chance(0.2);
  return {
    type,
    amount,
    // Premium bands: p1 over $150, p2 $100-150, p3 $50-100, p4 under $50, p5 does not know, p6 refused.
    premium: hasPolicy ? rng.pick(["p1", "p2", "p3", "p4", "p5", "p6"]) : null,
    carrier: hasPolicy ? rng.pick(canada ? CARRIERS_CA : CARRIERS_US) : null,
    hasPolicy: hasPolicy ? 1 : 0,
    applied: applied ? 1 : 0,
    denied: applied && rng.chance(0.25) ? 1 : 0,
  };
}
