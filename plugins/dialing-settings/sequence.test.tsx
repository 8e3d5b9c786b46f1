// The Dialing Sequence page as a manager uses it: one wait per dial number, rows added, removed and moved, a
// negative wait sent as typed and shown as the 0 the gateway stored, at most 50 dials.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { readDialingSequence, saveDialingSequence, type DialingSequence } from "../../src/contract/dialer";
import { listSettingsChanges } from "../../src/contract/settings";
import { fakeGateway, renderPlugin, reply, type FakeReply } from "../../src/sdk/testing";
import plugin from "./index";

type Answer = FakeReply<typeof saveDialingSequence>;

async function mount(sequence: number[] = [0, 30, 120], put: () => Answer = () => ({ status: 204 })) {
  let stored: DialingSequence = { sequence };
  const gateway = fakeGateway([
    reply(readDialingSequence, () => ({ status: 200, data: stored })),
    // The gateway's own reading of the body: negatives become 0.
    reply(saveDialingSequence, (req) => {
      const answer = put();
      if ("status" in answer && answer.status === 204) stored = req.body;
      return answer;
    }),
    reply(listSettingsChanges, { status: 200, data: { changes: [] } }),
  ]);
  const view = await renderPlugin(plugin, { gateway, agent: { roles: ["manager"] }, adminPage: "settings/dialing-sequence" });
  await screen.findByRole("heading", { name: "Dialing Sequence" });
  await screen.findByRole("button", { name: "Add a dial" });
  return { ...view, gateway };
}

const wait = (n: number) => screen.getByRole("textbox", { name: `Dial ${n}: wait` });
const save = () => screen.getByRole("button", { name: "Save" });
const putBody = (m: Awaited<ReturnType<typeof mount>>) => m.gateway.requests.filter((r) => r.method === "PUT").at(-1)?.body;

describe("the dialing sequence page", () => {
  it("adds a dial, moves it, removes one, sends a negative wait as typed and shows the stored 0", async () => {
    const m = await mount();
    expect(wait(3)).toHaveValue("120");
    expect(screen.getAllByText("minutes after the previous dial")).toHaveLength(3);
    await m.user.click(screen.getByRole("button", { name: "Add a dial" }));
    // A new dial waits as long as the last one.
    expect(wait(4)).toHaveValue("120");
    await m.user.clear(wait(4));
    await m.user.type(wait(4), "-15");
    await m.user.click(screen.getByRole("button", { name: "Move dial 4 up" }));
    expect(wait(3)).toHaveValue("-15");
    await m.user.click(screen.getByRole("button", { name: "Remove dial 1" }));
    expect(screen.getByRole("button", { name: "Move dial 1 up" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Move dial 3 down" })).toBeDisabled();
    await m.user.click(save());
    expect(putBody(m)).toEqual({ sequence: [30, -15, 120] });
    expect(m.notify.shown).toContainEqual({ intent: "success", text: "Changes applied successfully." });
    expect(await screen.findByDisplayValue("0")).toBe(wait(2));
    expect(save()).toBeDisabled();
  });

  it("refuses text that is not a whole number beside its box", async () => {
    const m = await mount();
    await m.user.clear(wait(2));
    await m.user.type(wait(2), "1.5");
    expect(screen.getByText("Enter a whole number.")).toBeInTheDocument();
    await m.user.click(save());
    expect(m.gateway.requests.some((r) => r.method === "PUT")).toBe(false);
  });

  it("stops adding at 50 dials", async () => {
    const m = await mount(Array.from({ length: 49 }, (_, i) => i));
    await m.user.click(screen.getByRole("button", { name: "Add a dial" }));
    expect(screen.getByRole("button", { name: "Add a dial" })).toBeDisabled();
    expect(screen.getByText("At most 50 dials.")).toBeInTheDocument();
  });

  it("shows the gateway's first 422 message beside its dial, and the 403 text", async () => {
    let answer: Answer = { status: 422, data: { message: "The given data was invalid.", errors: { "sequence.1": ["Number must be less than or equal to 1000000"] } } };
    const m = await mount(undefined, () => answer);
    await m.user.clear(wait(2));
    await m.user.type(wait(2), "45");
    await m.user.click(save());
    expect(await screen.findByText("Number must be less than or equal to 1000000", { selector: "#sequence-1-error" })).toBeInTheDocument();
    expect(m.notify.shown).toContainEqual({ intent: "error", text: "Number must be less than or equal to 1000000" });
    answer = { status: 403, data: { message: "This action is unauthorized." } };
    await m.user.click(save());
    expect(m.notify.shown).toContainEqual({ intent: "error", text: "You are not authorized to do that." });
  });
});
