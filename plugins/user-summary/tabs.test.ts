import { describe, expect, it } from "vitest";
import { firstTab, INITIAL_TAB, tabAfterCounts } from "./tabs";

describe("user summary tabs", () => {
  it("shows Follow-ups before the first read", () => {
    expect(INITIAL_TAB).toBe("followUps");
  });

  it.each([
    ["a qualifier with follow-ups sees them first", false, 0, 2, 5, "followUps"],
    ["a newcomer qualifier (nothing yet) lands on no empty Last dials", false, 0, 0, 0, "followUps"],
    ["a qualifier with dials but no follow-ups sees the dials", false, 0, 0, 3, "lastDials"],
    ["an advisor stays on Follow-ups", true, 0, 0, 3, "followUps"],
    ["overdue ones come first, for a qualifier", false, 1, 2, 5, "overdue"],
    ["overdue ones come first, for an advisor", true, 1, 0, 0, "overdue"],
  ] as const)("opens on the right tab: %s", (_, advisor, overdue, followUps, lastDials, expected) => {
    expect(firstTab(advisor, { overdue, followUps, lastDials })).toBe(expected);
  });

  it.each([
    ["the first read finds overdue ones", "lastDials", null, 2, "overdue"],
    ["overdue ones appear", "clients", 0, 1, "overdue"],
    ["they are still there (the agent moved away)", "lastDials", 2, 2, "lastDials"],
    ["the last overdue one is done while shown", "overdue", 1, 0, "followUps"],
    ["none are overdue at the first read", "followUps", null, 0, "followUps"],
    ["none are overdue, the agent reads last dials", "lastDials", 0, 0, "lastDials"],
  ] as const)("when %s", (_, tab, previous, overdue, expected) => {
    expect(tabAfterCounts(tab, previous, overdue)).toBe(expected);
  });
});
