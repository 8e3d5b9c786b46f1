// The Managers list: name and e-mail of the call centre's managers, 'Sorry, no managers yet.' when there are none.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { listManagers, type ManagerListItem } from "../../src/contract/agents";
import { fakeGateway, renderPlugin, reply, type FakeReply } from "../../src/sdk/testing";
import plugin from "./index";

const mount = (answer: FakeReply<typeof listManagers>) =>
  renderPlugin(plugin, {
    gateway: fakeGateway([reply(listManagers, answer)]),
    agent: { roles: ["admin"] },
    adminPage: "users/managers",
  });

describe("the managers list", () => {
  it("shows each manager's name and e-mail", async () => {
    const dana: ManagerListItem = { id: 9, first_name: "Dana", last_name: "Whitfield", full_name: "Dana Whitfield", email: "manager.isius@demo.test" };
    await mount({ status: 200, data: { data: [dana] } });
    expect(await screen.findByRole("heading", { name: "Managers" })).toBeInTheDocument();
    const row = await screen.findByRole("row", { name: /Dana Whitfield/ });
    expect(within(row).getByText("manager.isius@demo.test")).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "E-mail" })).toBeInTheDocument();
  });

  it("says 'Sorry, no managers yet.' when there are none", async () => {
    await mount({ status: 200, data: { data: [] } });
    expect(await screen.findByText("Sorry, no managers yet.")).toBeInTheDocument();
  });

  it("shows a refusal as a notice with Try again", async () => {
    const view = await mount({ status: 403, data: { message: "This action is unauthorized." } });
    expect(await screen.findByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(view.notify.shown).toContainEqual({ intent: "error", text: "You are not authorized to do that." });
  });
});
