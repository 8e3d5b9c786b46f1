// The Publisher Suppression page as a manager uses it: the advisors' and qualifiers' minimums and one box per
// US state and DC, a negative refused beside its box, an empty state not stored, and the page's own texts.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { readPublisherSuppression, savePublisherSuppression, type PublisherSuppression } from "../../src/contract/dialer";
import { listSettingsChanges } from "../../src/contract/settings";
import { fakeGateway, renderPlugin, reply, type FakeReply } from "../../src/sdk/testing";
import plugin from "./index";

type Answer = FakeReply<typeof savePublisherSuppression>;

async function mount(put: () => Answer = () => ({ status: 204 }), variant?: "slica") {
  let stored: PublisherSuppression = { params: { advisors: 2, qualifiers: 1, tx: 3 } };
  const gateway = fakeGateway([
    reply(readPublisherSuppression, () => ({ status: 200, data: stored })),
    reply(savePublisherSuppression, (req) => {
      const answer = put();
      if ("status" in answer && answer.status === 204) stored = req.body;
      return answer;
    }),
    reply(listSettingsChanges, { status: 200, data: { changes: [] } }),
  ]);
  const view = await renderPlugin(plugin, { gateway, agent: { roles: ["manager"] }, variant, adminPage: "settings/publisher-suppression" });
  await screen.findByRole("heading", { name: "Publisher Suppression" });
  await screen.findByRole("textbox", { name: "Advisors" });
  return { ...view, gateway };
}

const box = (name: string) => screen.getByRole("textbox", { name });
const save = () => screen.getByRole("button", { name: "Save" });

describe("the publisher suppression page", () => {
  it("shows the roles' minimums and a box for each of the 50 states and DC", async () => {
    await mount();
    expect(box("Advisors")).toHaveValue("2");
    expect(box("Qualifiers")).toHaveValue("1");
    expect(box("Texas")).toHaveValue("3");
    expect(box("District of Columbia")).toHaveValue("");
    expect(screen.getAllByRole("textbox")).toHaveLength(2 + 51);
  });

  it("saves the numbers given, leaves empty states out, and says the page's own success text", async () => {
    const m = await mount();
    await m.user.clear(box("Qualifiers"));
    await m.user.type(box("Qualifiers"), "4");
    await m.user.clear(box("Texas"));
    await m.user.type(box("New York"), "6");
    await m.user.type(box("District of Columbia"), "0");
    await m.user.click(save());
    expect(m.gateway.requests.find((r) => r.method === "PUT")?.body).toEqual({ params: { advisors: 2, qualifiers: 4, ny: 6, dc: 0 } });
    expect(m.notify.shown).toContainEqual({ intent: "success", text: "Publisher suppression settings updated successfully." });
    expect(await screen.findByText(/No changes recorded yet/)).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it("refuses a negative number beside its box and sends nothing", async () => {
    const m = await mount();
    await m.user.type(box("Florida"), "-1");
    expect(screen.getByText("Enter 0 or more.")).toBeInTheDocument();
    expect(box("Florida")).toHaveAttribute("aria-invalid", "true");
    await m.user.click(save());
    expect(screen.getByRole("alert")).toHaveTextContent("Some values are not valid");
    expect(m.gateway.requests.some((r) => r.method === "PUT")).toBe(false);
  });

  it("says the page's own failure text, and the gateway's reason on the page", async () => {
    let answer: Answer = { status: 422, data: { message: "The given data was invalid.", errors: { "params.ca": ["Number must be less than or equal to 10000"] } } };
    const m = await mount(() => answer);
    await m.user.type(box("California"), "9999");
    await m.user.click(save());
    expect(m.notify.shown).toContainEqual({ intent: "error", text: "Failed to update publisher suppression settings." });
    expect(await screen.findByText("Number must be less than or equal to 10000", { selector: "#suppression-ca-error" })).toBeInTheDocument();
    answer = { status: 403, data: { message: "This action is unauthorized." } };
    await m.user.click(save());
    expect(screen.getByRole("alert")).toHaveTextContent("You are not authorized to do that.");
    expect(m.notify.shown.filter((n) => n.intent === "error")).toHaveLength(2);
  });

  it("offers the provinces to a Canadian call centre", async () => {
    await mount(undefined, "slica");
    expect(screen.getByRole("heading", { name: "By province" })).toBeInTheDocument();
    expect(box("Quebec")).toHaveValue("");
    expect(screen.getAllByRole("textbox")).toHaveLength(2 + 13);
  });
});
