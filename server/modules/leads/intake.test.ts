// Leads from outside (issue 36): what a publisher's post or an import's row becomes — written with its zone and
// campaign, refused per field, a duplicate refused or updated by the call centre's policy, a Do Not Call number
// refused naming its list — and nothing is written on a dry run.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DIALING_SETTING_KEY } from "../../../src/contract/compliance";
import { DEFAULT_LEAD_INTAKE_SETTINGS } from "../../../src/contract/leadIntake";
import { addNumbers, createList } from "../../compliance/dncLists";
import * as t from "../../db/schema";
import { DialerEngine } from "../../dialer/engine";
import { dialerFixture, type DialerFixture } from "../../dialer/testing";
import { startTestGateway, type TestGateway } from "../../test/harness";
import { writeSetting } from "../settings/store";
import { intakeLeads, type IntakeOptions } from "./intake";

/** Monday 5 January 2026, 10:00 in New York. */
const NOW = Date.parse("2026-01-05T15:00:00Z");
const at = new Date(NOW);

let gw: TestGateway;
let fx: DialerFixture;

beforeAll(async () => {
  gw = await startTestGateway();
  fx = await dialerFixture(gw);
});
afterAll(() => gw.close());
beforeEach(() => fx.reset());

const opts = (over: Partial<IntakeOptions> = {}): IntakeOptions => ({
  policy: DEFAULT_LEAD_INTAKE_SETTINGS,
  allowedPrefixes: null,
  campaignId: null,
  at,
  ...over,
});
const lead = (over: Record<string, unknown> = {}) => ({
  marketing_id: "TSX000123",
  first_name: "Ada",
  last_name: "Lovelace",
  phone: "(212) 555-0142",
  postal: "10001",
  state: "NY",
  date_of_birth: "1961-04-02",
  language: "en",
  website: "quotes.example.com",
  keywords: "final expense",
  ...over,
});
const intake = (inputs: unknown[], o: Partial<IntakeOptions> = {}) => intakeLeads(gw.db, fx.tenantId, inputs, opts(o));
const row = async (id: number) => (await gw.db.select().from(t.leads).where(eq(t.leads.id, id)))[0]!;

describe("lead intake", () => {
  it("writes a lead with its zone from the ZIP and its campaign from the prefix, dialable at once", async () => {
    const [r] = await intake([lead()]);
    expect(r).toMatchObject({ outcome: "created" });
    const l = await row(r!.leadId!);
    expect(l).toMatchObject({
      marketingId: "TSX000123",
      prefix: "TSX",
      campaignId: fx.campaigns.active,
      phone: "2125550142",
      state: "ny",
      country: "US",
      timezone: "America/New_York",
      status: "New",
      dials: 0,
      ownerId: null,
      website: "quotes.example.com",
    });
    expect((l.clients as { dob: string }[])[0]!.dob).toBe("1961-04-02");
    const agent = await fx.agent();
    expect((await new DialerEngine(gw.gw).plan(agent, NOW)).picked?.id).toBe(l.id);
  });

  it("refuses per field: a number that is not North American, a ZIP of another state, an unknown prefix", async () => {
    const [bad] = await intake([lead({ phone: "+44 20 7946 0018", postal: "90210", marketing_id: "ZZZ1" })]);
    expect(bad).toMatchObject({ outcome: "invalid", leadId: null });
    expect(bad!.errors!.phone).toEqual(["Enter a North American phone number: 10 digits, area code first (e.g. 212 555 0142)."]);
    const [state] = await intake([lead({ postal: "90210" })]);
    expect(state!.errors).toEqual({ postal: ["The postal code 90210 is in CA, not NY."] });
    const [prefix] = await intake([lead({ marketing_id: "ZZZ000001" })]);
    expect(prefix!.errors).toEqual({ marketing_id: ["This marketing id's prefix is not one of the call centre's campaigns."] });
    const [key] = await intake([lead()], { allowedPrefixes: ["TST"] });
    expect(key!.errors).toEqual({ marketing_id: ["This key may not post leads with the marketing id prefix TSX."] });
    expect(await gw.db.select().from(t.leads).where(eq(t.leads.tenantId, fx.tenantId))).toEqual([]);
  });

  it("refuses a duplicate in the batch and in the book, or updates the book's lead when the call centre says so", async () => {
    const first = await intake([lead(), lead({ marketing_id: "TSX000124" })]);
    expect(first.map((r) => [r.outcome, r.duplicateOf])).toEqual([["created", undefined], ["duplicate", "file"]]);
    const [again] = await intake([lead({ marketing_id: "TSX000125" })]);
    expect(again).toMatchObject({ outcome: "duplicate", duplicateOf: "book", leadId: first[0]!.leadId });
    expect(again!.message).toBe(`A lead with this phone number came in on 2026-01-05 (lead ${first[0]!.leadId}).`);
    const [updated] = await intake([lead({ first_name: "Augusta" })], { policy: { duplicate_window_days: 90, on_duplicate: "update" } });
    expect(updated).toMatchObject({ outcome: "updated", leadId: first[0]!.leadId });
    expect((await row(first[0]!.leadId!)).firstName).toBe("Augusta");
    // Outside the window the same phone is a new lead.
    const later = new Date(NOW + 91 * 86_400_000);
    expect((await intake([lead({ marketing_id: "TSX000126" })], { at: later }))[0]!.outcome).toBe("created");
  });

  it("refuses a number on a Do Not Call list, naming it, and writes nothing on a dry run", async () => {
    const list = await createList(gw.db, fx.tenantId, { name: "Registry NY", kind: "registry", source: "FTC", expiresAt: null, createdBy: null, at });
    await addNumbers(gw.db, fx.tenantId, list, [{ phone: "2125550142" }], { source: "import", agentId: null, at });
    const [dnc] = await intake([lead()]);
    expect(dnc).toMatchObject({ outcome: "dnc", message: "(212) 555-0142 is on the Do Not Call list Registry NY since 2026-01-05." });
    const dry = await intake([lead({ phone: "2125550143" }), lead({ phone: "2125550144", marketing_id: "TSX9" })], { dryRun: true });
    expect(dry.map((r) => r.outcome)).toEqual(["created", "created"]);
    expect(await gw.db.select().from(t.leads).where(eq(t.leads.tenantId, fx.tenantId))).toEqual([]);
  });

  it("places a lead without a ZIP by its state, or by a one-zone area code, and refuses one outside the allowed countries", async () => {
    const [byState] = await intake([lead({ postal: null, state: "ny" })]);
    expect((await row(byState!.leadId!)).timezone).toBe("America/New_York");
    const [byArea] = await intake([lead({ postal: null, state: null, phone: "3055550100", marketing_id: "TSX2" })]);
    expect(await row(byArea!.leadId!)).toMatchObject({ timezone: "America/New_York", country: "US" });
    await writeSetting(gw.db, { tenantId: fx.tenantId, key: DIALING_SETTING_KEY, value: { allowedCountries: ["US"] }, at, by: null });
    const [canada] = await intake([lead({ postal: "H2X 1Y4", state: null, phone: "5145550100", marketing_id: "TSX3" })]);
    expect(canada).toMatchObject({ outcome: "country" });
  });
});
