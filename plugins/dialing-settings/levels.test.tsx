// The User Dials Per Level page as a manager uses it: minimum lead dials per level, levels added and removed
// at the end, a negative number shown as the 0 the gateway stored.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { readDialsPerLevel, saveDialsPerLevel, type DialsPerLevel } from "../../src/contract/dialer";
import { listSettingsChanges } from "../../src/contract/settings";
import { fakeGateway, renderPlugin, reply, type FakeReply } from "../../src/sdk/testing";
import plugin from "./index";

async function mount(put: () => FakeReply<typeof saveDialsPerLevel> = () => ({ status: 204 })) {
  let stored: DialsPerLevel = { params: [0, 3] };
  const gateway = fakeGateway([
    reply(readDialsPerLevel, () => ({ status: 200, data: stored })),
    reply(saveDialsPerLevel, (req) => {
      const answer = put();
      // What the route stores: the body as its schema reads it (negatives made 0).
      if ("status" in answer && answer.status === 204) stored = req.body;
      return answer;
    }),
    reply(listSettingsChanges, { status: 200, data: { changes: [] } }),
  ]);
  const view = await renderPlugin(plugin, { gateway, agent: { roles: ["manager"] }, adminPage: "settings/qualifier-dials-per-level" });
  await screen.findByRole("heading", { name: "User Dials Per Level" });
  await screen.findByRole("button", { name: "Add a level" });
  return { ...view, gateway };
}

const level = (n: number) => screen.getByRole("textbox", { name: `Level ${n}: at least` });
const save = () => screen.getByRole("button", { name: "Save" });

describe("the user dials per level page", () => {
  it("adds two levels, removes the last, saves a negative and shows the stored 0", async () => {
    const m = await mount();
    expect(level(2)).toHaveValue("3");
    // Only the last level can go, so no level's number shifts.
    expect(screen.queryByRole("button", { name: "Remove level 1" })).not.toBeInTheDocument();
    await m.user.click(screen.getByRole("button", { name: "Add a level" }));
    await m.user.click(screen.getByRole("button", { name: "Add a level" }));
    await m.user.type(level(3), "5");
    await m.user.click(screen.getByRole("button", { name: "Remove level 4" }));
    await m.user.clear(level(1));
    await m.user.type(level(1), "-2");
    await m.user.click(save());
    expect(m.gateway.requests.find((r) => r.method === "PUT")?.body).toEqual({ params: [-2, 3, 5] });
    expect(m.notify.shown).toContainEqual({ intent: "success", text: "Changes applied successfully." });
    expect(await screen.findByDisplayValue("0")).toBe(level(1));
    expect(level(3)).toHaveValue("5");
    expect(save()).toBeDisabled();
  });

  it("says the 404 text", async () => {
    const m = await mount(() => ({ status: 404, data: { message: "Not Found" } }));
    await m.user.click(screen.getByRole("button", { name: "Add a level" }));
    await m.user.click(save());
    expect(m.notify.shown).toContainEqual({ intent: "error", text: "Could not find data location." });
    expect(save()).toBeEnabled();
  });
});
