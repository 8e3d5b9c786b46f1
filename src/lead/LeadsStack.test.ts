// The leads stack's rules: opening makes a lead current and moves it to the top, removing one makes the
// last remaining lead current, select keeps to the stack, and leads opened by a call are counted until
// disposed. The address keeps its validity rule.
import { describe, expect, it } from "vitest";
import { LeadsStack } from "./LeadsStack";
import { sampleLead } from "./leadFixture";

const stackOf = (...ids: number[]) => {
  const s = LeadsStack.create({});
  for (const id of ids) s.put(sampleLead({ id }));
  return s;
};

describe("LeadsStack", () => {
  it("opening makes the lead current; reopening refreshes it and moves it to the top", () => {
    const s = stackOf(1, 2, 3);
    expect(s.leadIds).toEqual([1, 2, 3]);
    expect(s.current?.id).toBe(3);
    const node = s.leads.get(1);
    s.put(sampleLead({ id: 1, firstName: "Sam" }));
    expect(s.leadIds).toEqual([2, 3, 1]);
    expect(s.current).toBe(node);
    expect(s.current?.firstName).toBe("Sam");
  });

  it("a lead put without makeCurrent joins below the current one, unless none is current", () => {
    const s = LeadsStack.create({});
    s.put(sampleLead({ id: 1 }), { makeCurrent: false });
    expect(s.currentId).toBe(1);
    s.put(sampleLead({ id: 2 }), { makeCurrent: false });
    expect(s.currentId).toBe(1);
  });

  it("removing a lead makes the last remaining one current, or none", () => {
    const s = stackOf(1, 2, 3);
    s.select(1);
    s.remove(2);
    expect(s.leadIds).toEqual([1, 3]);
    expect(s.currentId).toBe(3);
    s.remove(3);
    s.remove(1);
    expect(s.currentId).toBeNull();
    expect(s.current).toBeNull();
    expect(s.leads.size).toBe(0);
  });

  it("select keeps to the leads of the stack", () => {
    const s = stackOf(1, 2);
    s.select(1);
    expect(s.currentId).toBe(1);
    s.select(9);
    expect(s.currentId).toBe(1);
  });

  it("counts the leads awaiting a disposition once each, until removed or released", () => {
    const s = LeadsStack.create({});
    s.put(sampleLead({ id: 1 }), { awaiting: true });
    s.put(sampleLead({ id: 1 }), { awaiting: true });
    s.put(sampleLead({ id: 2 }), { awaiting: true });
    s.put(sampleLead({ id: 3 }));
    expect(s.awaitingDisposition).toBe(2);
    expect(s.isAwaiting(3)).toBe(false);
    s.remove(1);
    expect(s.awaitingDisposition).toBe(1);
    s.release(2);
    expect(s.awaitingDisposition).toBe(0);
    expect(s.leadIds).toEqual([2, 3]);
  });

  it("a removed lead can still be read by a panel that held it", () => {
    const s = stackOf(1);
    const held = s.current!;
    s.remove(1);
    expect(held.firstName).toBe("Pat");
  });
});

describe("LeadModel address edits", () => {
  it("any address edit except type, apartment or buzzer marks the address invalid", () => {
    const s = stackOf(1);
    const lead = s.current!;
    lead.applyPatch({ address: { apartment: "4B", buzzer: "12", type: 2 } });
    expect(lead.address).toMatchObject({ apartment: "4B", buzzer: "12", type: 2, valid: true });
    lead.applyPatch({ address: { city: "New York" } }); // unchanged value
    expect(lead.address.valid).toBe(true);
    lead.applyPatch({ address: { city: "Brooklyn" } });
    expect(lead.address).toMatchObject({ city: "Brooklyn", valid: false });
    // A postal check sets validity along with what it fills.
    lead.applyPatch({ address: { postal: "11201", state: "ny", valid: true } });
    expect(lead.address).toMatchObject({ postal: "11201", valid: true });
  });

  it("exposes what plugins read: state and time zone from the address", () => {
    const lead = stackOf(1).current!;
    expect(lead.state).toBe("ny");
    expect(lead.timezone).toBe("America/New_York");
  });
});
