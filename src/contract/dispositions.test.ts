// Who may choose which disposition and reason (booking-and-reference §6), as the panel and the gateway read it.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  CALLBACK_DISPOSITIONS,
  DISPOSITION_AVAILABILITY,
  DISPOSITION_TRAITS,
  DISPOSITIONS,
  dispositionsFor,
  DispositionPayload,
  FINAL_STATUSES,
  FOLLOW_UP_DISPOSITIONS,
  HIDDEN_DISPOSITIONS,
  notesRequired,
  REASON_KIND_OF,
  REASON_LISTS,
  REASON_REQUIRED,
  reasonsFor,
  SALE_DISPOSITIONS,
  traitsOf,
  TRANSFER_DISPOSITIONS,
  type DispositionFacts,
  type DispositionTraits,
} from "./dispositions";
import { LEAD_STATUSES } from "./lead";

const facts = (
  roles: string[],
  callCentre: string,
  flags: DispositionFacts["flags"] = {},
): DispositionFacts => ({
  roles,
  callCentre,
  flags,
});
const values = (list: { value: string }[]) => list.map((r) => r.value);

describe("dispositionsFor", () => {
  it("gives an ISIUS qualifier the qualifier and shared values of ISIUS", () => {
    expect(dispositionsFor(facts(["qualifier"], "ISIUS"))).toEqual([
      "Voicemail",
      "Callback Scheduled",
      "Appointment Setup",
      "Not Interested",
      "Not In Service",
      "Do Not Call",
      "Dead",
      "Publisher Failed Transfer",
      "Hoax",
      "Inbound-Hoax",
      "Duplicate",
      "Call Dropped",
      "Junk",
      "Disqualified Transfer",
      "Disqualified Transfer - Age",
      "Disqualified Transfer - Banking",
      "Sent External",
      "Client Looking For a Job",
    ]);
  });

  it("gives a SLICA qualifier Failed Inbound Transfer and none of the ISIUS-only values", () => {
    expect(dispositionsFor(facts(["qualifier"], "SLICA"))).toEqual([
      "Callback Scheduled",
      "Appointment Setup",
      "Not Interested",
      "Do Not Call",
      "Dead",
      "Publisher Failed Transfer",
      "Inbound-Hoax",
      "Duplicate",
      "Failed Inbound Transfer",
      "Call Dropped",
      "Junk",
      "Disqualified Transfer",
      "Disqualified Transfer - Age",
      "Disqualified Transfer - Banking",
      "Sent External",
      "Client Looking For a Job",
    ]);
  });

  it("gives an ISIUS advisor Sold and no Pocket or Internal Transfer", () => {
    expect(dispositionsFor(facts(["advisor"], "ISIUS"))).toEqual([
      "Make Phone Appointment",
      "Not Interested",
      "Do Not Call",
      "External Follow-up",
      "External Failed Transfer",
      "Unreachable",
      "Engaged Opportunity",
      "Failed Transfer",
      "Sold",
      "Medical Disqualification",
      "Medical DQ AA/GTL",
      "Medical DQ EMC",
      "No Valid Payment",
    ]);
  });

  it("gives a SLICA advisor Pocket and Internal Transfer and no Sold", () => {
    expect(dispositionsFor(facts(["advisor"], "SLICA"))).toEqual([
      "Make Phone Appointment",
      "Internal Transfer",
      "Not Interested",
      "Do Not Call",
      "Pocket",
      "External Follow-up",
      "External Failed Transfer",
      "Unreachable",
      "Engaged Opportunity",
      "Failed Transfer",
      "Medical Disqualification",
      "Medical DQ AA/GTL",
      "Medical DQ EMC",
      "No Valid Payment",
    ]);
  });

  it("adds Callback and Dead (and on ISIUS Voicemail, Not In Service, Hoax) for the outbound-eligible", () => {
    expect(dispositionsFor(facts(["outbound-eligible"], "ISIUS"))).toEqual([
      "Voicemail",
      "Callback Scheduled",
      "Not Interested",
      "Not In Service",
      "Do Not Call",
      "Dead",
      "Hoax",
    ]);
    expect(dispositionsFor(facts(["outbound-eligible"], "SLICA"))).toEqual([
      "Callback Scheduled",
      "Not Interested",
      "Do Not Call",
      "Dead",
    ]);
    const both = dispositionsFor(facts(["advisor", "outbound-eligible"], "SLICA"));
    expect(both).toEqual(expect.arrayContaining(["Pocket", "Callback Scheduled", "Dead"]));
  });

  it("never offers the hidden values nor 'Other reason', and nothing to a role without dispositions", () => {
    for (const roles of [["qualifier"], ["advisor"], ["outbound-eligible"], ["qualifier", "advisor"]])
      for (const centre of ["ISIUS", "SLICA"]) {
        const list = dispositionsFor(facts(roles, centre));
        expect(list.filter((d) => HIDDEN_DISPOSITIONS.includes(d) || d === "Other reason")).toEqual([]);
      }
    expect(dispositionsFor(facts(["manager"], "ISIUS"))).toEqual([]);
  });

  it("describes every value", () => {
    expect(Object.keys(DISPOSITION_AVAILABILITY).sort()).toEqual([...DISPOSITIONS].sort());
  });
});

describe("reasonsFor", () => {
  it("filters not-interested reasons by role and call centre", () => {
    expect(values(reasonsFor("Not Interested", facts(["qualifier"], "ISIUS")))).toEqual([
      "Client hung up",
      "Already has coverage",
      "No longer looking for insurance",
      "Did not request information",
      "Other reason",
    ]);
    expect(values(reasonsFor("Not Interested", facts(["advisor"], "SLICA")))).toEqual([
      "Too expensive",
      "Already has coverage",
      "No longer looking for insurance",
      "Other reason",
    ]);
    expect(values(reasonsFor("Not Interested", facts(["qualifier"], "SLICA")))).not.toContain(
      "Client hung up",
    );
    expect(values(reasonsFor("Not Interested", facts(["advisor"], "ISIUS")))).not.toContain("Too expensive");
  });

  it("filters follow-up reasons the same way", () => {
    expect(values(reasonsFor("Pocket", facts(["advisor"], "SLICA")))).toEqual([
      "ID confirmed",
      "Quote/Info sent and call scheduled",
      "Payment Validation",
      "Voicemail",
      "Pending Verification",
    ]);
    expect(values(reasonsFor("External Follow-up", facts(["advisor"], "ISIUS")))).toEqual([
      "ID confirmed",
      "Quote/Info sent and call scheduled",
      "Payment Validation",
      "Voicemail",
      "Unreachable",
    ]);
  });

  it("gives Sent External the destinations the account and call centre open", () => {
    expect(values(reasonsFor("Sent External", facts(["qualifier"], "ISIUS")))).toEqual(["External Transfer"]);
    expect(values(reasonsFor("Sent External", facts(["qualifier"], "SLICA")))).toEqual([]);
    expect(
      values(
        reasonsFor(
          "Sent External",
          facts(["qualifier"], "SLICA", { canTransferToMatcha: true, canTransferToSunlife: true }),
        ),
      ),
    ).toEqual(["Matcha", "Sunlife"]);
    // Sunlife is for SLICA qualifiers only.
    expect(
      values(reasonsFor("Sent External", facts(["qualifier"], "ISIUS", { canTransferToSunlife: true }))),
    ).toEqual(["External Transfer"]);
  });

  it("gives the medical sub-statuses medical reasons, disqualified transfers theirs, and others none", () => {
    expect(values(reasonsFor("Medical DQ EMC", facts(["advisor"], "ISIUS")))).toContain("Other reason");
    expect(values(reasonsFor("Medical DQ AA/GTL", facts(["advisor"], "ISIUS")))).toHaveLength(7);
    expect(values(reasonsFor("Disqualified Transfer", facts(["qualifier"], "ISIUS")))).toEqual([
      "Medical",
      "Weight",
      "Requires Assistance",
      "Other reason",
    ]);
    expect(reasonsFor("Dead", facts(["qualifier"], "ISIUS"))).toEqual([]);
    expect(reasonsFor("Voicemail", facts(["qualifier"], "ISIUS"))).toEqual([]);
  });

  it("keeps reasons within the payload's 191 characters and unique per list, and requires reasons only where lists exist", () => {
    for (const list of Object.values(REASON_LISTS)) {
      expect(new Set(list.map((r) => r.value)).size).toBe(list.length);
      expect(new Set(list.map((r) => r.key)).size).toBe(list.length);
      for (const r of list) expect(r.value.length).toBeLessThanOrEqual(191);
    }
    for (const d of REASON_REQUIRED) expect(REASON_KIND_OF[d]).toBeDefined();
  });
});

describe("DispositionPayload (unchanged)", () => {
  it("still wants a date_time for callback types", () => {
    const r = DispositionPayload.safeParse({ disposition: "Callback Scheduled" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("date_time required");
  });
});

describe("DISPOSITION_TRAITS", () => {
  const TRAIT_NAMES: readonly (keyof DispositionTraits)[] = [
    "availability",
    "hidden",
    "needsDateTime",
    "followUp",
    "final",
    "reasons",
    "notesRequiredFor",
    "goal",
  ];

  it("has a row for every disposition value and every trait in each row, and nothing else", () => {
    expect(Object.keys(DISPOSITION_TRAITS).sort()).toEqual([...DISPOSITIONS].sort());
    for (const d of DISPOSITIONS) {
      const row = DISPOSITION_TRAITS[d] as DispositionTraits;
      expect(Object.keys(row).sort(), d).toEqual([...TRAIT_NAMES].sort());
      for (const name of TRAIT_NAMES) expect(row[name], `${d}: ${name}`).not.toBeUndefined();
    }
  });

  it("leaves a follow-up for the five dispositions of booking-and-reference §4, of the follow-up table's types", () => {
    expect([...FOLLOW_UP_DISPOSITIONS].sort()).toEqual(
      [
        "Callback Scheduled",
        "Appointment Setup",
        "Pocket",
        "Engaged Opportunity",
        "External Follow-up",
      ].sort(),
    );
    expect(traitsOf("Callback Scheduled")?.followUp).toBe("callback");
    expect(traitsOf("Engaged Opportunity")?.followUp).toBe("engagedOpportunity");
    for (const d of ["Pocket", "External Follow-up", "Appointment Setup"])
      expect(traitsOf(d)?.followUp).toBe("followUp");
  });

  it("asks a date-time of the callback types only, each of which leaves a follow-up and keeps the lead open", () => {
    expect([...CALLBACK_DISPOSITIONS].sort()).toEqual(
      ["Callback Scheduled", "Pocket", "External Follow-up", "Engaged Opportunity"].sort(),
    );
    for (const d of CALLBACK_DISPOSITIONS) {
      expect(FOLLOW_UP_DISPOSITIONS, d).toContain(d);
      expect(FINAL_STATUSES, d).not.toContain(d);
    }
  });

  it("closes the lead for the dialer on the statuses it closed on before the table, and on no stack status", () => {
    expect([...FINAL_STATUSES].sort()).toEqual(
      [
        "Do Not Call",
        "Not Interested",
        "Not In Service",
        "Dead",
        "Hoax",
        "Inbound-Hoax",
        "Duplicate",
        "Sold",
        "Junk",
        "Medical Disqualification",
        "Medical DQ AA/GTL",
        "Medical DQ EMC",
        "Disqualified Transfer",
        "Disqualified Transfer - Age",
        "Disqualified Transfer - Banking",
        "Sent External",
        "Client Looking For a Job",
        "No Valid Payment",
        "Live_Transfer",
        "Transferred to 3rd Party",
        "Appointment Setup",
        "Make Phone Appointment",
        "Internal Transfer",
        "Other reason",
      ].sort(),
    );
    for (const s of LEAD_STATUSES.filter((s) => !traitsOf(s))) expect(FINAL_STATUSES).not.toContain(s);
  });

  it("counts booked meetings and live transfers as transfers and Sold as a sale for the goals", () => {
    expect([...TRANSFER_DISPOSITIONS].sort()).toEqual([
      "Appointment Setup",
      "Live_Transfer",
      "Make Phone Appointment",
    ]);
    expect(SALE_DISPOSITIONS).toEqual(["Sold"]);
  });

  it("keeps the derived lists consistent with the rows", () => {
    for (const d of DISPOSITIONS) {
      const t = traitsOf(d)!;
      expect(DISPOSITION_AVAILABILITY[d]).toBe(t.availability);
      expect(REASON_KIND_OF[d]).toBe(t.reasons?.kind);
      expect(REASON_REQUIRED.includes(d)).toBe(t.reasons?.required === true);
      expect(HIDDEN_DISPOSITIONS.includes(d)).toBe(t.hidden);
    }
    expect(HIDDEN_DISPOSITIONS).toEqual(["Live_Transfer", "Transferred to 3rd Party"]);
  });

  it("knows nothing of other strings, inherited names included", () => {
    for (const s of ["New", "In Process", "Callback", "", "constructor", "toString", "__proto__"])
      expect(traitsOf(s), s).toBeUndefined();
    expect(reasonsFor("constructor", facts(["qualifier"], "ISIUS"))).toEqual([]);
  });

  it("asks notes of a qualifier's Dead only", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DISPOSITIONS, "New"),
        fc.subarray(["qualifier", "advisor", "outbound-eligible", "setter", "manager"]),
        (d, roles) => {
          expect(notesRequired(d, roles)).toBe(d === "Dead" && roles.includes("qualifier"));
        },
      ),
    );
  });
});
