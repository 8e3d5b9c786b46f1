// The User Quotas page as a manager uses it: live transfers, dials and sales, a table per role each; one Save
// sends each kind that changed with its own PUT and says one outcome; negatives come back as 0.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEFAULT_QUOTAS, readQuotas, saveQuotas, type QuotaKind, type QuotaTable } from "../../src/contract/dialer";
import { listSettingsChanges } from "../../src/contract/settings";
import { fakeGateway, renderPlugin, reply, type FakeReply } from "../../src/sdk/testing";
import plugin from "./index";

async function mount(put: (kind: QuotaKind) => FakeReply<typeof saveQuotas> = () => ({ status: 204 })) {
  const stored: Record<QuotaKind, QuotaTable> = { ...DEFAULT_QUOTAS, sales: { advisor: [1, 2, 10, 40], closer: [0, 1, 5, 20] } };
  const gateway = fakeGateway([
    reply(listSettingsChanges, { status: 200, data: { changes: [] } }),
    reply(readQuotas, (req) => ({ status: 200, data: { params: stored[req.params.kind] } })),
    reply(saveQuotas, (req) => {
      const answer = put(req.params.kind);
      // What the route stores: the body as its schema reads it (negatives made 0).
      if ("status" in answer && answer.status === 204) stored[req.params.kind] = req.body.params;
      return answer;
    }),
  ]);
  const view = await renderPlugin(plugin, { gateway, agent: { roles: ["manager"] }, adminPage: "settings/user-quotas" });
  await screen.findByRole("heading", { name: "User Quotas" });
  await screen.findByRole("heading", { name: "Live transfers" });
  return { ...view, gateway };
}

const cell = (name: string) => screen.getByRole("textbox", { name });
const save = () => screen.getByRole("button", { name: "Save" });
const puts = (m: Awaited<ReturnType<typeof mount>>) => m.gateway.requests.filter((r) => r.method === "PUT");

describe("the user quotas page", () => {
  it("shows live transfers, dials and sales per role, with qualifier and advisor rows always there", async () => {
    await mount();
    const sections = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual(["Live transfers", "Dials", "Sales"]);
    expect(cell("Dials, Qualifier, Per hour")).toHaveValue("60");
    expect(cell("Live transfers, Advisor, Per month")).toHaveValue("80");
    // A role the document lacks reads as 0 (the engine's reading); one it has beyond them shows too.
    expect(cell("Sales, Qualifier, Per day")).toHaveValue("0");
    const sales = screen.getByRole("region", { name: "Sales" });
    expect(within(sales).getByRole("rowheader", { name: "closer" })).toBeInTheDocument();
    expect(within(sales).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Role", "Per hour", "Per day", "Per week", "Per month"]);
  });

  it("saves only the kinds that changed, each with its own body, says one outcome, and reads back the 0", async () => {
    const m = await mount();
    await m.user.clear(cell("Dials, Advisor, Per day"));
    await m.user.type(cell("Dials, Advisor, Per day"), "-5");
    await m.user.clear(cell("Sales, Qualifier, Per week"));
    await m.user.type(cell("Sales, Qualifier, Per week"), "3");
    await m.user.click(save());
    expect(puts(m).map((r) => [r.url, r.body])).toEqual([
      ["/settings/agents/quotas/dials", { params: { qualifier: [60, 400, 2000, 8000], advisor: [15, -5, 500, 2000] } }],
      ["/settings/agents/quotas/sales", { params: { qualifier: [0, 0, 3, 0], advisor: [1, 2, 10, 40], closer: [0, 1, 5, 20] } }],
    ]);
    expect(m.notify.shown.filter((n) => n.intent === "success")).toEqual([{ intent: "success", text: "Changes applied successfully." }]);
    await waitFor(() => expect(cell("Dials, Advisor, Per day")).toHaveValue("0"));
    expect(save()).toBeDisabled();
  });

  it("stops at a refusal: the kind saved before it stays saved, the refused field says why", async () => {
    const m = await mount((kind) =>
      kind === "sales"
        ? { status: 422, data: { message: "The given data was invalid.", errors: { "params.advisor.3": ["Number must be less than or equal to 1000000"] } } }
        : { status: 204 },
    );
    await m.user.clear(cell("Dials, Qualifier, Per hour"));
    await m.user.type(cell("Dials, Qualifier, Per hour"), "70");
    await m.user.clear(cell("Sales, Advisor, Per month"));
    await m.user.type(cell("Sales, Advisor, Per month"), "45");
    await m.user.click(save());
    expect(await screen.findByText("Number must be less than or equal to 1000000", { selector: "#quota-sales-advisor-3-error" })).toBeInTheDocument();
    expect(m.notify.shown).toContainEqual({ intent: "error", text: "Number must be less than or equal to 1000000" });
    expect(save()).toBeEnabled();
    // Saving again sends only what is still unsaved.
    await m.user.click(save());
    expect(puts(m).map((r) => r.url)).toEqual(["/settings/agents/quotas/dials", "/settings/agents/quotas/sales", "/settings/agents/quotas/sales"]);
  });

  it("says the 403 text", async () => {
    const m = await mount(() => ({ status: 403, data: { message: "This action is unauthorized." } }));
    await m.user.clear(cell("Live transfers, Qualifier, Per day"));
    await m.user.type(cell("Live transfers, Qualifier, Per day"), "8");
    await m.user.click(save());
    expect(m.notify.shown).toContainEqual({ intent: "error", text: "You are not authorized to do that." });
    expect(screen.getByRole("alert")).toHaveTextContent("You are not authorized to do that.");
  });
});
