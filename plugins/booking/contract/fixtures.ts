// Valid values of each booking step and of a meeting, for the contract's tests: each test changes the one
// thing it is about.
import type { MeetingInput, MeetingState } from "./meeting";
import { newMeeting } from "./meeting";
import type { RestrictionFacts } from "./restrictions";
import type { ContactDetails, InsuranceCoverage } from "./steps";

/** 2025-06-15 12:00 UTC. */
export const NOW = Date.UTC(2025, 5, 15, 12);

export const contactDetails = (): ContactDetails => ({
  lead: {
    phone: "514.555.0100",
    phoneOther: [],
    email: "jane.doe@example.com",
    language: "en",
    reasons: ["final"],
    reasonOther: "",
  },
  address: {
    address: "1200 Main Street",
    apartment: "",
    buzzer: "",
    city: "Springfield",
    postal: "62701",
    state: "il",
    province: null,
    latitude: 39.8,
    longitude: -89.65,
    timezone: "America/Chicago",
    type: 1,
    valid: true,
  },
  clients: [
    { title: "Mrs", firstName: "Jane", lastName: "Doe", gender: 2, dob: "1960-04-02", countryOfBirth: "us" },
  ],
});

export const healthClient = (): InsuranceCoverage["clients"][number] => ({
  height: `5'6"`,
  heightUnits: 0,
  weight: "150",
  weightUnits: 0,
  smoker: 0,
  occupation: "Teacher",
  employment: 1,
  incomeType: "Monthly",
  income: 3,
  disability: 0,
  conditions: [],
  conditionOther: "",
  medications: [],
  medicationOther: "",
});

export const insurance = (): InsuranceCoverage["insurance"][number] => ({
  hasPolicy: 0,
  carrier: null,
  premium: null,
  type: ["life"],
  typeOther: "",
  amount: 50_000,
  applied: 0,
  denied: 0,
  annuityBeneficiary: null,
  annuityFunds: null,
  annuityInvestment: null,
  annuityPeriod: null,
});

export const insuranceCoverage = (): InsuranceCoverage => ({
  clients: [healthClient()],
  insurance: [insurance()],
});

/** A face-to-face meeting ready to book. */
export const meeting = (): MeetingInput => ({
  force: false,
  ioa: false,
  reasons: [],
  reasonOther: "",
  refused: false,
  refusalReasons: [],
  refusalReasonOther: "",
  type: "face-to-face",
  date: "2025-06-16T15:00:00.000Z",
  sameAddress: "1",
  is_sun_life: 0,
  address: {
    address: "1200 Main Street",
    apartment: "",
    buzzer: "",
    city: "Springfield",
    latitude: 39.8,
    longitude: -89.65,
    postal: "62701",
    province: "il",
    timezone: "America/Chicago",
    type: 1,
  },
});

/** The browser's meeting with enough advisors in the area. */
export const meetingState = (patch: Partial<MeetingState> = {}): MeetingState => ({
  ...newMeeting(),
  availableAgents: 5,
  ...patch,
});

/** Facts that restrict nothing: a 65-year-old in good health, life insurance, 5 advisors around. */
export const facts = (patch: Partial<RestrictionFacts> = {}): RestrictionFacts => ({
  nowMs: NOW,
  timeZone: null,
  clients: [{ dob: "1960-04-02", healthIssues: false }],
  insuranceAmounts: [50_000],
  insuranceTypes: ["life"],
  ioaAccepted: false,
  manualForce: false,
  availableAgents: 5,
  refusedFaceToFace: false,
  ...patch,
});
