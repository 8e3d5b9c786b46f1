// The demo's field advisors: the advisors who go to the clients' homes for face-to-face meetings. They make
// "advisors in the area" (3 or more within 25 km of the lead's postal code, agent-workspace §9) true around
// some cities and false elsewhere, so the booking form shows both a booking and a forced booking:
//
//   ISIUS  New York 10001: 5 (4 with a New York health licence)   Los Angeles 90012: 4 (1 licensed for CA)
//          Houston 77002: 3 (the threshold exactly)                Washington 20001: 3 (1 licensed for DC)
//          Boston 02108: 2 (too few)                               anywhere else (Chicago, a rural lead): none
//   SLICA  Montréal H2X: 4 (all licensed for QC)                   Toronto M5V: 4 (3 licensed for ON)
//          Ottawa K1P: 3 (2 licensed for ON: Gatineau's is QC)     Vancouver V6B: 2 (too few)
//          anywhere else (the Prairies, the Maritimes, a rural FSA): none
//
// The demo advisors of accounts.ts count too (Maria Lopez at 10016, Marc Gagnon at H2X). Field advisors have
// no extension (they do not take calls in the dialer) and sign in with the demo password like everyone.
export interface FieldAdvisor {
  email: string;
  tenantId: number;
  firstName: string;
  lastName: string;
  homePostal: string;
  healthLicenses: string[];
  language?: "en" | "fr" | "es";
  isBilingual?: boolean;
  mga?: string;
}

export const FIELD_ADVISORS: FieldAdvisor[] = [
  // ISIUS: New York (with the demo advisor at 10016: five within 25 km of 10001)
  { email: "advisor2.isius@demo.test", tenantId: 1, firstName: "Daniel", lastName: "Okafor", homePostal: "10025", healthLicenses: ["ny", "nj"] },
  { email: "advisor3.isius@demo.test", tenantId: 1, firstName: "Sofia", lastName: "Ramirez", homePostal: "11201", healthLicenses: ["ny"], language: "es", isBilingual: true },
  { email: "advisor4.isius@demo.test", tenantId: 1, firstName: "Ethan", lastName: "Goldberg", homePostal: "07302", healthLicenses: ["nj"] },
  { email: "advisor5.isius@demo.test", tenantId: 1, firstName: "Grace", lastName: "Chen", homePostal: "11375", healthLicenses: ["ny", "ct"] },
  // ISIUS: Los Angeles (four, one with a California health licence)
  { email: "advisor6.isius@demo.test", tenantId: 1, firstName: "Luis", lastName: "Herrera", homePostal: "90012", healthLicenses: ["ca"], language: "es", isBilingual: true },
  { email: "advisor7.isius@demo.test", tenantId: 1, firstName: "Hannah", lastName: "Park", homePostal: "90036", healthLicenses: [] },
  { email: "advisor8.isius@demo.test", tenantId: 1, firstName: "Marcus", lastName: "Bell", homePostal: "90028", healthLicenses: [] },
  { email: "advisor9.isius@demo.test", tenantId: 1, firstName: "Olivia", lastName: "Grant", homePostal: "91505", healthLicenses: ["az"] },
  // ISIUS: Houston (three: exactly the threshold)
  { email: "advisor10.isius@demo.test", tenantId: 1, firstName: "Tyrone", lastName: "Jackson", homePostal: "77002", healthLicenses: ["tx"] },
  { email: "advisor11.isius@demo.test", tenantId: 1, firstName: "Megan", lastName: "Sullivan", homePostal: "77007", healthLicenses: ["tx"] },
  { email: "advisor12.isius@demo.test", tenantId: 1, firstName: "Carlos", lastName: "Medina", homePostal: "77098", healthLicenses: ["tx"], language: "es", isBilingual: true },
  // ISIUS: Boston (two: too few)
  { email: "advisor13.isius@demo.test", tenantId: 1, firstName: "Patrick", lastName: "Flynn", homePostal: "02108", healthLicenses: ["ma"] },
  { email: "advisor14.isius@demo.test", tenantId: 1, firstName: "Nora", lastName: "Walsh", homePostal: "02139", healthLicenses: ["ma"] },
  // ISIUS: Washington (three, one licensed for each of DC, Maryland and Virginia)
  { email: "advisor15.isius@demo.test", tenantId: 1, firstName: "Andre", lastName: "Wallace", homePostal: "20001", healthLicenses: ["dc"] },
  { email: "advisor16.isius@demo.test", tenantId: 1, firstName: "Laura", lastName: "Bennett", homePostal: "20814", healthLicenses: ["md"] },
  { email: "advisor17.isius@demo.test", tenantId: 1, firstName: "Samuel", lastName: "Ortiz", homePostal: "22201", healthLicenses: ["va"], language: "es", isBilingual: true },

  // SLICA: Montréal (with the demo advisor at H2X: four)
  { email: "advisor2.slica@demo.test", tenantId: 2, firstName: "Julie", lastName: "Bouchard", homePostal: "H3B 2Y5", healthLicenses: ["qc"], language: "fr", isBilingual: true },
  { email: "advisor3.slica@demo.test", tenantId: 2, firstName: "Mathieu", lastName: "Côté", homePostal: "H2J 3K1", healthLicenses: ["qc"], language: "fr" },
  { email: "advisor4.slica@demo.test", tenantId: 2, firstName: "Nadia", lastName: "Haddad", homePostal: "H7N 4C2", healthLicenses: ["qc", "on"], language: "fr", isBilingual: true },
  // SLICA: Toronto (four, three licensed for Ontario)
  { email: "advisor5.slica@demo.test", tenantId: 2, firstName: "Priya", lastName: "Sharma", homePostal: "M5V 3L9", healthLicenses: ["on"] },
  { email: "advisor6.slica@demo.test", tenantId: 2, firstName: "James", lastName: "MacDonald", homePostal: "M4W 1A8", healthLicenses: ["on"] },
  { email: "advisor7.slica@demo.test", tenantId: 2, firstName: "Wei", lastName: "Zhang", homePostal: "M6G 2B4", healthLicenses: [] },
  { email: "advisor8.slica@demo.test", tenantId: 2, firstName: "Sarah", lastName: "Thompson", homePostal: "L5B 3C2", healthLicenses: ["on"] },
  // SLICA: Ottawa–Gatineau (three, two licensed for Ontario)
  { email: "advisor9.slica@demo.test", tenantId: 2, firstName: "Michael", lastName: "O'Brien", homePostal: "K1P 5J2", healthLicenses: ["on"], isBilingual: true },
  { email: "advisor10.slica@demo.test", tenantId: 2, firstName: "Amélie", lastName: "Lavoie", homePostal: "K2P 0A4", healthLicenses: ["on"], language: "fr", isBilingual: true },
  { email: "advisor11.slica@demo.test", tenantId: 2, firstName: "François", lastName: "Gagné", homePostal: "J8X 3X7", healthLicenses: ["qc"], language: "fr" },
  // SLICA: Vancouver (two: too few)
  { email: "advisor12.slica@demo.test", tenantId: 2, firstName: "Emily", lastName: "Wong", homePostal: "V6B 1A1", healthLicenses: ["bc"] },
  { email: "advisor13.slica@demo.test", tenantId: 2, firstName: "Ryan", lastName: "Campbell", homePostal: "V5K 2B7", healthLicenses: ["bc"] },
];
