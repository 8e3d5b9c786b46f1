// The demo call centre's people. Every account signs in with DEMO_PASSWORD.
export const DEMO_PASSWORD = "demo-password";

export interface DemoTenant {
  id: number;
  name: string;
  variant: "isius" | "slica";
  country: "US" | "CA";
  timezone: string;
  inboundDid: string;
  inboundAlertExtension: string;
}

export const DEMO_TENANTS: DemoTenant[] = [
  // Inbound calls to a DID reach that call centre; the qualifier at 1001 / 2001 sees the Inbound Call Alert.
  {
    id: 1,
    name: "ISIUS",
    variant: "isius",
    country: "US",
    timezone: "America/New_York",
    inboundDid: "+18005550100",
    inboundAlertExtension: "1001",
  },
  {
    id: 2,
    name: "SLICA",
    variant: "slica",
    country: "CA",
    timezone: "America/Toronto",
    inboundDid: "+18005550200",
    inboundAlertExtension: "2001",
  },
];

export interface DemoAccount {
  email: string;
  tenantId: number;
  role: "qualifier" | "advisor" | "manager" | "admin" | "operations-manager";
  firstName: string;
  lastName: string;
  extension?: string;
  hasWebrtc?: boolean;
  language?: "en" | "fr" | "es";
  isBilingual?: boolean;
  passwordState?: "active" | "new_password_required";
  canTransferToSunlife?: boolean;
  canTransferToMatcha?: boolean;
  healthLicenses?: string[];
  /** May send leads to iApp 2 as well as iApp (users.is_iapp2_agent). */
  isIapp2Agent?: boolean;
  /** An advisor's home base (users.home_postal): advisors within 25 km of a lead's postal code are "in the area". */
  homePostal?: string;
  internalLiveTransfers?: boolean;
  externalLiveTransfers?: boolean;
  level?: number;
  /** PERMISSION attributes held (filtered by role at sign-in). */
  permissions?: string[];
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: "qualifier.isius@demo.test",
    tenantId: 1,
    role: "qualifier",
    firstName: "Jordan",
    lastName: "Reyes",
    extension: "1001",
    hasWebrtc: true,
    isBilingual: true,
    canTransferToMatcha: true,
    level: 2,
  },
  {
    email: "advisor.isius@demo.test",
    tenantId: 1,
    role: "advisor",
    firstName: "Maria",
    lastName: "Lopez",
    extension: "1002",
    hasWebrtc: true,
    healthLicenses: ["fl", "tx", "ca", "ny", "ga", "nc", "az"],
    // ISIUS offers the choice of iApp or iApp 2; the demo advisor has both.
    isIapp2Agent: true,
    homePostal: "10016",
    internalLiveTransfers: true,
    externalLiveTransfers: true,
    permissions: ["has_auto_ready"],
  },
  {
    email: "qualifier.slica@demo.test",
    tenantId: 2,
    role: "qualifier",
    firstName: "Émilie",
    lastName: "Tremblay",
    extension: "2001",
    hasWebrtc: false,
    language: "fr",
    isBilingual: true,
    canTransferToSunlife: true,
  },
  {
    email: "advisor.slica@demo.test",
    tenantId: 2,
    role: "advisor",
    firstName: "Marc",
    lastName: "Gagnon",
    extension: "2002",
    hasWebrtc: false,
    language: "fr",
    isBilingual: true,
    healthLicenses: ["on", "qc", "bc"],
    homePostal: "H2X 1Y4",
    internalLiveTransfers: true,
  },
  {
    email: "qualifier2.isius@demo.test",
    tenantId: 1,
    role: "qualifier",
    firstName: "Tyler",
    lastName: "Brooks",
    extension: "1011",
  },
  {
    email: "qualifier3.isius@demo.test",
    tenantId: 1,
    role: "qualifier",
    firstName: "Aisha",
    lastName: "Johnson",
    extension: "1012",
  },
  {
    email: "qualifier4.isius@demo.test",
    tenantId: 1,
    role: "qualifier",
    firstName: "Kevin",
    lastName: "Nguyen",
    extension: "1013",
    language: "es",
    isBilingual: true,
  },
  {
    email: "qualifier5.isius@demo.test",
    tenantId: 1,
    role: "qualifier",
    firstName: "Rachel",
    lastName: "Kim",
    extension: "1014",
  },
  {
    email: "manager.isius@demo.test",
    tenantId: 1,
    role: "manager",
    firstName: "Dana",
    lastName: "Whitfield",
    // The manager's own softphone: it listens to, whispers to and barges into agents' calls from the floor.
    extension: "1020",
    hasWebrtc: true,
  },
  { email: "admin@demo.test", tenantId: 1, role: "admin", firstName: "Alex", lastName: "Morgan" },
  { email: "ops@demo.test", tenantId: 1, role: "operations-manager", firstName: "Sam", lastName: "Patel" },
  // SLICA's admin: gives SLICA's reports to ISIUS's operations manager (Reports › Operations managers).
  {
    email: "admin.slica@demo.test",
    tenantId: 2,
    role: "admin",
    firstName: "Julie",
    lastName: "Bouchard",
    language: "fr",
  },
  {
    email: "newcomer@demo.test",
    tenantId: 1,
    role: "qualifier",
    firstName: "Casey",
    lastName: "Newman",
    extension: "1015",
    passwordState: "new_password_required",
  },
];

/**
 * The demo's teams (users.manager_id): a manager's notification for team members only reaches these agents.
 * ISIUS's agents are Dana Whitfield's team; SLICA has no manager account, so its agents are in no team.
 */
export const DEMO_TEAMS: Record<string, string[]> = {
  "manager.isius@demo.test": DEMO_ACCOUNTS.filter(
    (a) => a.tenantId === 1 && (a.role === "qualifier" || a.role === "advisor"),
  ).map((a) => a.email),
};

/** Attributes of the demo; has_auto_ready is limited to advisors (admin-and-sign-in §3). */
export const DEMO_ATTRIBUTES = [
  { name: "Auto ready", type: "PERMISSION", scope: "has_auto_ready", roles: ["advisor"] },
  { name: "Bilingual (French)", type: "LANGUAGE", scope: "fr", roles: [] },
  { name: "Bilingual (Spanish)", type: "LANGUAGE", scope: "es", roles: [] },
];
