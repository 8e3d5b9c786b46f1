// Campaigns, marketing-id prefixes and lead groups of the demo lead book.
import type { Rng } from "./rng";
import type { Lang } from "./words";

export type Variant = "isius" | "slica";
export interface Campaign {
  slug: string;
  name: string;
  prefix: string;
  prefixes: string[];
  active: boolean;
}

export const CAMPAIGNS: Record<Variant, Campaign[]> = {
  isius: [
    { slug: "final-expense", name: "Final Expense", prefix: "ISF", prefixes: ["ISFX"], active: true },
    { slug: "term-life-web", name: "Term Life Web", prefix: "ISW", prefixes: ["ISWM", "ISWR"], active: true },
    { slug: "spanish-line", name: "Spanish Line", prefix: "ISE", prefixes: ["ISES"], active: true },
    { slug: "mortgage-protection", name: "Mortgage Protection", prefix: "ISM", prefixes: [], active: false },
  ],
  slica: [
    {
      slug: "assurance-vie-quebec",
      name: "Assurance vie Québec",
      prefix: "SLQ",
      prefixes: ["SLQW"],
      active: true,
    },
    {
      slug: "critical-illness",
      name: "Critical Illness Canada",
      prefix: "SLC",
      prefixes: ["SLCF", "SLCG"],
      active: true,
    },
    { slug: "final-expense-west", name: "Final Expense West", prefix: "SLW", prefixes: [], active: true },
    {
      slug: "mortgage-atlantic",
      name: "Mortgage Protection Atlantic",
      prefix: "SLA",
      prefixes: ["SLAX"],
      active: false,
    },
  ],
};

export const GROUPS: Record<Variant, { name: string; prefixNames: string[] }[]> = {
  isius: [
    { name: "Final Expense Team", prefixNames: ["ISF", "ISFX", "ISM"] },
    { name: "Web Leads", prefixNames: ["ISW", "ISWM", "ISWR"] },
    { name: "Spanish Desk", prefixNames: ["ISE", "ISES"] },
  ],
  slica: [
    { name: "Équipe Québec", prefixNames: ["SLQ", "SLQW"] },
    { name: "National", prefixNames: ["SLC", "SLCF", "SLCG", "SLW"] },
    { name: "Atlantic", prefixNames: ["SLA", "SLAX"] },
  ],
};

const WEST = new Set(["bc", "ab", "sk", "mb", "yt", "nt", "nu"]);
const ATLANTIC = new Set(["nb", "ns", "pe", "nl"]);

/** A campaign for a lead: language and region steer it (Spanish line, Québec, Atlantic, West). */
export function pickCampaign(
  rng: Rng,
  campaigns: Campaign[],
  variant: Variant,
  language: Lang,
  st: string,
): Campaign {
  const bySlug = (slug: string) => campaigns.find((c) => c.slug === slug)!;
  if (variant === "isius") {
    if (language === "es" && rng.chance(0.7)) return bySlug("spanish-line");
    return bySlug(
      rng.weighted([
        ["final-expense", 0.45],
        ["term-life-web", 0.35],
        ["spanish-line", 0.05],
        ["mortgage-protection", 0.15],
      ]),
    );
  }
  if (language === "fr" && rng.chance(0.75)) return bySlug("assurance-vie-quebec");
  if (st === "qc" && rng.chance(0.3)) return bySlug("assurance-vie-quebec");
  if (ATLANTIC.has(st) && rng.chance(0.5)) return bySlug("mortgage-atlantic");
  if (WEST.has(st) && rng.chance(0.5)) return bySlug("final-expense-west");
  return bySlug("critical-illness");
}
