// What a restarted gateway rebuilds of an agent's call from the PBX's present state.
import { describe, expect, it } from "vitest";
import type { PbxCallState, PbxLegState } from "../../pbx/driver";
import { rebuildView, type OpenCallRow } from "./resume";

const row = (over: Partial<OpenCallRow> = {}): OpenCallRow => ({
  id: 7,
  tenantId: 1,
  agentId: 3,
  agentExt: "1001",
  agentRole: "qualifier",
  leadId: 9,
  leadStatus: "New",
  name: "Mark Clark",
  phone: "+12125550144",
  type: "manual",
  direction: 0,
  status: "answered",
  pbxCallId: "c1",
  startedAt: 1000,
  answeredAt: 2000,
  ...over,
});
const leg = (legId: string, role: PbxLegState["role"], over: Partial<PbxLegState> = {}): PbxLegState => ({
  legId,
  role,
  state: "answered",
  held: false,
  ...over,
});
const pbxCall = (...legs: PbxLegState[]): PbxCallState => ({ callId: "c1", direction: "outbound", confId: "conf-c1", legs });

describe("rebuildView", () => {
  it("follows the agent's answered call again with its legs", () => {
    const v = rebuildView(row(), pbxCall(leg("L1", "agent", { ext: "1001" }), leg("L2", "lead", { number: "+12125550144" })));
    expect(v?.answeredMeanwhile).toBe(false);
    expect(v?.call).toMatchObject({ id: 7, agentLegId: "L1", partyLegId: "L2", bridged: true, status: "answered", conference: null });
  });

  it("is nothing when the PBX has no such call, or the agent's leg is gone", () => {
    expect(rebuildView(row(), undefined)).toBeNull();
    expect(rebuildView(row(), pbxCall(leg("L2", "lead")))).toBeNull();
  });

  it("an answer while the gateway was down is still to be recorded", () => {
    const v = rebuildView(row({ status: "dialing", answeredAt: null }), pbxCall(leg("L1", "agent", { ext: "1001" }), leg("L2", "lead")));
    expect(v).toMatchObject({ answeredMeanwhile: true, call: { bridged: false, status: "dialing" } });
  });

  it("rebuilds a party's conference: ringing, talking with the agent while the lead is held, everyone together", () => {
    const agent = leg("L1", "agent", { ext: "1001" });
    const party = (state: PbxLegState["state"]) => leg("L3", "third-party", { number: "+18005550100", state });
    expect(rebuildView(row(), pbxCall(agent, leg("L2", "lead", { held: true }), party("ringing")))?.call.conference).toMatchObject({
      state: "initializing",
      partyLegId: "L3",
    });
    expect(rebuildView(row(), pbxCall(agent, leg("L2", "lead", { held: true }), party("answered")))?.call.conference).toMatchObject({
      state: "initialized",
      talkingTo: "party",
    });
    expect(rebuildView(row(), pbxCall(agent, leg("L2", "lead"), party("answered")))?.call.conference).toMatchObject({
      id: "conf-c1",
      state: "merged",
      party: "+18005550100",
    });
  });

  it("an advisor's view of a live transfer is its own leg rung into the qualifier's call", () => {
    const v = rebuildView(
      row({ id: 8, agentId: 4, agentExt: "1002", agentRole: "advisor", type: "transfer", direction: 1 }),
      pbxCall(leg("L1", "agent", { ext: "1001" }), leg("L2", "lead"), leg("L4", "transfer-target", { ext: "1002" })),
    );
    expect(v?.call).toMatchObject({ agentLegId: "L4", partyLegId: null, bridged: true });
  });
});
