// Per-region facts for the demo lead book: population weights and real area codes.

/** 2020 census / 2021 Statistics Canada populations, in millions: the lead-count weights. */
export const POPULATION: Record<string, number> = {
  al: 5.02, ak: 0.73, az: 7.15, ar: 3.01, ca: 39.5, co: 5.77, ct: 3.61, dc: 0.69, de: 0.99, fl: 21.5,
  ga: 10.7, hi: 1.46, id: 1.84, il: 12.8, in: 6.79, ia: 3.19, ks: 2.94, ky: 4.51, la: 4.66, me: 1.36,
  md: 6.18, ma: 7.03, mi: 10.1, mn: 5.71, ms: 2.96, mo: 6.15, mt: 1.08, ne: 1.96, nv: 3.1, nh: 1.38,
  nj: 9.29, nm: 2.12, ny: 20.2, nc: 10.4, nd: 0.78, oh: 11.8, ok: 3.96, or: 4.24, pa: 13.0, ri: 1.1,
  sc: 5.12, sd: 0.89, tn: 6.91, tx: 29.1, ut: 3.27, vt: 0.64, va: 8.63, wa: 7.71, wv: 1.79, wi: 5.89,
  wy: 0.58,
  ab: 4.26, bc: 5.0, mb: 1.34, nb: 0.78, nl: 0.51, ns: 0.97, nt: 0.041, nu: 0.037, on: 14.2, pe: 0.15,
  qc: 8.5, sk: 1.13, yt: 0.04,
};

/** Real area codes per region (more for the big ones: each code has only 100 fictional 555-01XX lines). */
export const AREA_CODES: Record<string, readonly string[]> = {
  al: ["205", "251", "334"], ak: ["907"], az: ["480", "602", "520"], ar: ["501", "479"],
  ca: ["213", "415", "619", "714", "916", "559"], co: ["303", "720", "719"], ct: ["203", "860"],
  dc: ["202"], de: ["302"], fl: ["305", "407", "813", "904", "850"], ga: ["404", "770", "912"],
  hi: ["808"], id: ["208"], il: ["312", "773", "217"], in: ["317", "219", "812"], ia: ["515", "319"],
  ks: ["316", "785"], ky: ["502", "859", "270"], la: ["504", "225", "318"], me: ["207"],
  md: ["410", "301", "443"], ma: ["617", "508", "413"], mi: ["313", "616", "517"],
  mn: ["612", "651", "218"], ms: ["601", "662", "228"], mo: ["314", "816", "417"], mt: ["406"],
  ne: ["402", "308"], nv: ["702", "775"], nh: ["603"], nj: ["201", "973", "609"], nm: ["505", "575"],
  ny: ["212", "718", "516", "585", "518"], nc: ["704", "919", "336"], nd: ["701"],
  oh: ["614", "216", "513"], ok: ["405", "918"], or: ["503", "541"], pa: ["215", "412", "717"],
  ri: ["401"], sc: ["803", "843", "864"], sd: ["605"], tn: ["615", "901", "865"],
  tx: ["214", "713", "512", "210", "915", "806"], ut: ["801", "435"], vt: ["802"],
  va: ["703", "804", "757"], wa: ["206", "509", "253"], wv: ["304"], wi: ["414", "608", "920"],
  wy: ["307"],
  ab: ["403", "780", "587", "825"], bc: ["604", "778", "250", "236"], mb: ["204", "431"], nb: ["506"],
  nl: ["709"], ns: ["902", "782"], nt: ["867"], nu: ["867"],
  on: ["416", "647", "905", "613", "519", "705", "807"], pe: ["902", "782"],
  qc: ["514", "438", "450", "418", "819"], sk: ["306", "639"], yt: ["867"],
};

/** States the US book must always contain (at least two leads each). */
export const US_REQUIRED = ["fl", "wa", "ok", "md", "ma", "al", "la", "ms", "tx", "ca", "ny", "in", "ky", "az", "hi", "ak"];

/** Share of French-speaking leads per province (the rest speak English). */
export const FRENCH_SHARE: Record<string, number> = { qc: 0.85, nb: 0.35, on: 0.05, mb: 0.04 };
