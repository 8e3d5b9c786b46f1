import { describe, expect, it } from "vitest";
import { initialTab, tabAfterCounts } from "./tabs";

describe("user summary tabs", () => {
  it("starts advisors on Follow-ups and qualifiers on Last dials", () => {
    expect(initialTab(true)).toBe("followUps");
    expect(initialTab(false)).toBe("lastDials");
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
