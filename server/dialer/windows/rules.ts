// Calling-window rules as data (reliability.md G1). One row per jurisdiction, each with its source.
// Confidence: "V" = the figure was read in a primary or official copy (per reliability.md), "S" = found only in
// secondary tables; reliability.md asks counsel to confirm these before we rely on them.
// Times are local wall-clock "HH:MM" and windows are half-open [from, to): 21:00:00 itself is already outside.

export type Confidence = "V" | "S";

export interface Hours {
  from: string;
  to: string;
}

export interface StateRule {
  /** Narrower than TCPA; the federal window still applies. */
  hours?: Hours;
  /** At most this many calls in a rolling 24 h. */
  maxCallsPer24h?: number;
  noSundays?: boolean;
  /** No calls on holidays (see holidays.ts for which dates we know). */
  noHolidays?: boolean;
  /** Short name used in explanations. */
  label: string;
  source: string;
  confidence: Confidence;
}

export const TCPA = {
  rule: "tcpa",
  label: "TCPA",
  hours: { from: "08:00", to: "21:00" },
  source: "47 CFR 64.1200(c)(1): not before 8 a.m. or after 9 p.m. local time at the called party's location",
  confidence: "V",
} as const;

/** Canada: weekday vs. weekend is decided by the callee's local date (Saturday and Sunday are weekend). */
export const CRTC = {
  label: "CRTC",
  weekday: { rule: "crtc:weekday", hours: { from: "09:00", to: "21:30" } },
  weekend: { rule: "crtc:weekend", hours: { from: "10:00", to: "18:00" } },
  source: "CRTC Unsolicited Telecommunications Rules, Part III (Telemarketing Rules): 9:00–21:30 weekdays, 10:00–18:00 weekends",
  confidence: "V",
} as const;

/** US states stricter than TCPA; every other state (and DC) gets TCPA alone. Keys are lower-case codes. */
export const STATE_RULES: Readonly<Record<string, StateRule>> = {
  fl: {
    hours: { from: "08:00", to: "20:00" },
    maxCallsPer24h: 3, // statute: 3 per 24 h "on the same subject matter"; we count all calls (stricter)
    label: "Fla. Stat. 501.616",
    source: "Fla. Stat. § 501.616(6)(a) hours 8 a.m.–8 p.m.; (6)(b) at most 3 calls per 24 h",
    confidence: "V",
  },
  wa: {
    hours: { from: "08:00", to: "20:00" },
    label: "RCW 19.158.040",
    source: "RCW 19.158.040: no calls before 8 a.m. or after 8 p.m.",
    confidence: "V",
  },
  ok: {
    hours: { from: "08:00", to: "20:00" },
    maxCallsPer24h: 3,
    label: "Oklahoma Telephone Solicitation Act",
    source: "Okla. Stat. tit. 15, § 775C.4 (secondary table): 8 a.m.–8 p.m., at most 3 calls per 24 h",
    confidence: "S",
  },
  md: {
    hours: { from: "08:00", to: "20:00" },
    label: "Maryland Stop the Spam Calls Act",
    source: "Md. Code, Com. Law tit. 14, subtit. 45 (Stop the Spam Calls Act, 2023; secondary table): 8 a.m.–8 p.m.",
    confidence: "S",
  },
  ma: {
    hours: { from: "08:00", to: "20:00" },
    label: "Massachusetts telemarketing law",
    source: "M.G.L. c. 159C and 201 CMR 12.00 (secondary table): 8 a.m.–8 p.m.",
    confidence: "S",
  },
  al: {
    noSundays: true,
    noHolidays: true,
    label: "Alabama PSC rules",
    source: "Alabama PSC telephone-solicitation rules (secondary table): no Sunday or holiday calls; Ala. Code § 1-3-8(a) moves weekend holidays",
    confidence: "S",
  },
  la: {
    noSundays: true,
    noHolidays: true,
    label: "Louisiana PSC rules",
    source: "LPSC General Order R-29617 (secondary table): no Sunday or holiday calls; emergency bans (La. R.S. 45:844.31) not modelled",
    confidence: "S",
  },
  ms: {
    noSundays: true,
    label: "Mississippi Telephone Solicitation Act",
    source: "Miss. Code Ann. § 77-3-723(1) (secondary copy): no telephone solicitations on a Sunday",
    confidence: "S",
  },
};
