// The users list's row dialogs as a manager uses them (admin-and-sign-in §2, §4, §7, §8): open each from the
// row's menu, read what the gateway holds, change it and save, and the gateway's refusal shown in the dialog.
import { screen, waitFor, within } from "@testing-library/react";
import { lazy } from "react";
import { describe, expect, it, vi } from "vitest";
import {
  listAttributes,
  readAgentAttributes,
  readHealthLicenses,
  redistributeFollowUps,
  repairFrontend,
  resetSockets,
  saveAgentAttributes,
  saveHealthLicenses,
} from "../../../src/contract/agentSettings";
import { listAgents, type AgentListItem } from "../../../src/contract/agents";
import { readCallableStates, saveCallableStates } from "../../../src/contract/dialer";
import { setCallingStatus } from "../../../src/contract/status";
import { definePlugin } from "../../../src/sdk";
import { fakeGateway, renderPlugin, reply, type EndpointRoute, type FakeReply } from "../../../src/sdk/testing";
import { readGoalStatistics } from "../../goals/api";
import { UserRowActions } from "./RowActions";

const QUALIFIER: AgentListItem = {
  id: 7,
  first_name: "Rita",
  last_name: "Qualls",
  full_name: "Rita Qualls",
  extension: "2007",
  role: "qualifier",
  level: 2,
  is_bilingual: false,
  deactivated: false,
};
const ADVISOR: AgentListItem = { ...QUALIFIER, id: 8, first_name: "Adam", last_name: "Vise", full_name: "Adam Vise", role: "advisor" };

let row: AgentListItem = QUALIFIER;
const changed = vi.fn();
function Row() {
  return <UserRowActions agent={row} onChanged={changed} />;
}
// The dialogs' texts live in the users plugin's namespace; a one-page plugin of that id renders the row.
const harness = definePlugin({
  id: "users",
  requires: { roles: ["manager"] },
  adminPages: [
    {
      path: "users",
      section: "users",
      title: "admin_links.users",
      order: 20,
      component: lazy(async () => ({ default: Row })),
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
});

async function mount(routes: EndpointRoute[], agent: AgentListItem = QUALIFIER, opts: { language?: "fr"; variant?: "slica" } = {}) {
  row = agent;
  changed.mockReset();
  const gateway = fakeGateway(routes);
  const view = await renderPlugin(harness, { gateway, agent: { roles: ["manager"] }, adminPage: "users", ...opts });
  const open = async (item: string | RegExp) => {
    await view.user.click(await screen.findByRole("button", { name: new RegExp(`^(Actions for|Actions pour) ${agent.full_name}$`) }));
    await view.user.click(await screen.findByRole("menuitem", { name: item }));
    return screen.findByRole("dialog");
  };
  return { ...view, gateway, open };
}
/** A refusal any route may answer: its status and ErrorBody. */
const refusal = (status: 403 | 404 | 422 | 500, data: { message: string; errors?: Record<string, string[]> }) => ({ status, data });

describe("User statistics", () => {
  it("shows current and target per goal with the progress colour, and hours, follow-ups, pickups", async () => {
    const m = await mount([
      reply(readGoalStatistics, {
        status: 200,
        data: {
          dials: { hourly: { current: 0, target: 20 }, daily: { current: 30, target: 100 } },
          transfers: { hourly: { current: 1, target: 2 }, daily: { current: 5, target: 4 } },
          sales: { hourly: { current: 0, target: 0 }, daily: { current: 0, target: 0 } },
          new_leads: 0,
          "new-leads-threshold": 1,
          hours: 3.456,
          followUps: 4,
          pickups: 12,
        },
      }),
    ]);
    const dialog = await m.open("User statistics");
    expect(within(dialog).getByText("User statistics: Rita Qualls")).toBeInTheDocument();
    const cell = (name: string) => within(dialog).getByRole("rowheader", { name }).closest("tr")!;
    expect(within(cell("Daily dials")).getByText("30")).toBeInTheDocument();
    expect(within(cell("Daily dials")).getByText("30 %").closest("td")).toHaveAttribute("data-intent", "warning");
    expect(within(cell("Hourly dials")).getByText("0 %").closest("td")).toHaveAttribute("data-intent", "danger");
    expect(within(cell("Hourly transfers")).getByText("50 %").closest("td")).toHaveAttribute("data-intent", "primary");
    expect(within(cell("Daily transfers")).getByText("125 %").closest("td")).toHaveAttribute("data-intent", "success");
    expect(within(cell("Hours")).getByText("3.46")).toBeInTheDocument();
    // 30 dials for 5 transfers; 5 transfers in 3.456 hours.
    expect(within(cell("Dials to transfers")).getByText("6.00")).toBeInTheDocument();
    expect(within(cell("Transfers per hour")).getByText("1.45")).toBeInTheDocument();
    expect(within(cell("Follow-ups")).getByText("4")).toBeInTheDocument();
    expect(within(cell("Pickups")).getByText("12")).toBeInTheDocument();
  });

  it("shows the gateway's refusal as text", async () => {
    const m = await mount([reply(readGoalStatistics, refusal(403, { message: "This action is unauthorized." }))]);
    const dialog = await m.open("User statistics");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("You are not authorized to do that.");
  });
});

describe("Callable states", () => {
  it("ticks the saved states of the call centre's country, select none then a few, and saves them", async () => {
    let saved: unknown;
    const m = await mount([
      reply(readCallableStates, { status: 200, data: { provinces: ["ny", "tx"] } }),
      reply(saveCallableStates, (req) => ((saved = req.body), { status: 204 })),
    ]);
    const dialog = await m.open("Callable states");
    expect(await within(dialog).findByRole("checkbox", { name: "New York (NY)" })).toBeChecked();
    expect(within(dialog).getByRole("checkbox", { name: "Florida (FL)" })).not.toBeChecked();
    expect(within(dialog).getAllByRole("checkbox")).toHaveLength(51);
    await m.user.click(within(dialog).getByRole("button", { name: "Select none" }));
    await m.user.click(within(dialog).getByRole("checkbox", { name: "Florida (FL)" }));
    await m.user.click(within(dialog).getByRole("checkbox", { name: "District of Columbia (DC)" }));
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(saved).toEqual({ provinces: ["dc", "fl"] }));
    expect(m.notify.shown).toContainEqual({ intent: "success", text: "Changes applied successfully." });
    expect(changed).toHaveBeenCalled();
    // A save that went through closes the dialog.
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("offers the provinces in a Canadian call centre; every one ticked saves null (every state)", async () => {
    let saved: unknown;
    const m = await mount(
      [
        reply(readCallableStates, { status: 200, data: { provinces: ["qc"] } }),
        reply(saveCallableStates, (req) => ((saved = req.body), { status: 204 })),
      ],
      QUALIFIER,
      { variant: "slica" },
    );
    const dialog = await m.open("Callable states");
    expect(await within(dialog).findAllByRole("checkbox")).toHaveLength(13);
    await m.user.click(within(dialog).getByRole("button", { name: "Select all" }));
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(saved).toEqual({ provinces: null }));
  });

  it("keeps the dialog open with the first message of a 422", async () => {
    const m = await mount([
      reply(readCallableStates, { status: 200, data: { provinces: null } }),
      reply(saveCallableStates, refusal(422, { message: "The given data was invalid.", errors: { provinces: ["Invalid code"] } })),
    ]);
    const dialog = await m.open("Callable states");
    await m.user.click(await within(dialog).findByRole("button", { name: "Save" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Invalid code");
    expect(changed).not.toHaveBeenCalled();
  });
});

describe("Health licenses", () => {
  it("is offered on advisor rows only", async () => {
    const m = await mount([]);
    await m.user.click(await screen.findByRole("button", { name: "Actions for Rita Qualls" }));
    expect(await screen.findByRole("menuitem", { name: "Callable states" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Health licenses" })).toBeNull();
  });

  it("saves an advisor's licences, and shows a 404 as 'Could not find data location.'", async () => {
    let saved: unknown;
    let answer: FakeReply<typeof saveHealthLicenses> = { status: 204 };
    const m = await mount(
      [
        reply(readHealthLicenses, { status: 200, data: { health_licenses: ["ny"] } }),
        reply(saveHealthLicenses, (req) => ((saved = req.body), answer)),
      ],
      ADVISOR,
    );
    const dialog = await m.open("Health licenses");
    await m.user.click(await within(dialog).findByRole("checkbox", { name: "Texas (TX)" }));
    answer = refusal(404, { message: "Not found." });
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Could not find data location.");
    expect(saved).toEqual({ health_licenses: ["ny", "tx"] });
    answer = { status: 204 };
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(changed).toHaveBeenCalled());
  });
});

describe("Attributes", () => {
  it("ticks the attributes the agent holds among those its role may have, and saves the ids", async () => {
    let saved: unknown;
    const m = await mount(
      [
        reply(listAttributes, (req) => {
          // The role the dialog's agent has: the gateway keeps the permissions that role may hold.
          expect(req.query).toEqual({ role: "advisor" });
          return {
            status: 200,
            data: {
              data: [
                { id: 1, name: "Auto ready", type: "PERMISSION", scope: "has_auto_ready", roles: ["advisor"] },
                { id: 2, name: "Bilingual (French)", type: "LANGUAGE", scope: "fr", roles: [] },
              ],
            },
          };
        }),
        reply(readAgentAttributes, { status: 200, data: { attributes: [2] } }),
        reply(saveAgentAttributes, (req) => ((saved = req.body), { status: 204 })),
      ],
      ADVISOR,
    );
    const dialog = await m.open("Attributes");
    expect(await within(dialog).findByRole("checkbox", { name: /Bilingual \(French\)/ })).toBeChecked();
    await m.user.click(within(dialog).getByRole("checkbox", { name: /Auto ready/ }));
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(saved).toEqual({ attributes: [1, 2] }));
    expect(changed).toHaveBeenCalled();
  });

  it("shows the 422 of a permission the role may not hold", async () => {
    const m = await mount([
      reply(listAttributes, { status: 200, data: { data: [{ id: 2, name: "Bilingual (French)", type: "LANGUAGE", scope: "fr", roles: [] }] } }),
      reply(readAgentAttributes, { status: 200, data: { attributes: [] } }),
      reply(
        saveAgentAttributes,
        refusal(422, {
          message: "This attribute is not allowed for the agent's role",
          errors: { attributes: ["This attribute is not allowed for the agent's role"] },
        }),
      ),
    ]);
    const dialog = await m.open("Attributes");
    await m.user.click(await within(dialog).findByRole("checkbox", { name: /Bilingual/ }));
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This attribute is not allowed for the agent's role");
  });
});

describe("Distribute follow-ups", () => {
  const agents = {
    status: 200 as const,
    data: {
      data: [QUALIFIER, { ...QUALIFIER, id: 9, first_name: "Nina", last_name: "Next", full_name: "Nina Next", extension: "2009" }],
      meta: { total: 2, page: 1, per_page: 10 },
    },
  };

  it("needs a target, confirms, and sends the chosen agent", async () => {
    let sent: unknown;
    const m = await mount([
      reply(listAgents, agents),
      reply(redistributeFollowUps, (req) => ((sent = req.body), { status: 201, data: { data: { moved: 3, kept: 0, to: 9 } } })),
    ]);
    const dialog = await m.open("Distribute follow-ups");
    const save = within(dialog).getByRole("button", { name: "Distribute" });
    expect(save).toBeDisabled();
    await m.user.click(within(dialog).getByRole("radio", { name: "Another agent" }));
    expect(save).toBeDisabled();
    // The agent itself is not offered.
    await m.user.click(await within(dialog).findByRole("menuitem", { name: /Nina Next/ }));
    expect(within(dialog).queryByRole("menuitem", { name: /Rita Qualls/ })).toBeNull();
    expect(save).toBeEnabled();
    await m.user.click(save);
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm).toHaveTextContent("Distribute every pending follow-up of Rita Qualls to Nina Next? This cannot be undone.");
    await m.user.click(within(confirm).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(sent).toEqual({ to: 9 }));
    expect(m.notify.shown).toContainEqual({ intent: "success", text: "Follow-ups distributed." });
    expect(changed).toHaveBeenCalled();
  });

  it("general callbacks send to: null; a refusal shows in the dialog", async () => {
    let sent: unknown;
    const m = await mount([
      reply(redistributeFollowUps, (req) => ((sent = req.body), refusal(500, { message: "Something went wrong. Please try again or contact support" }))),
    ]);
    const dialog = await m.open("Distribute follow-ups");
    await m.user.click(within(dialog).getByRole("radio", { name: "General callbacks" }));
    await m.user.click(within(dialog).getByRole("button", { name: "Distribute" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm).toHaveTextContent("to the general callbacks");
    await m.user.click(within(confirm).getByRole("button", { name: "Yes" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Something went wrong. Please try again or contact support");
    expect(sent).toEqual({ to: null });
    expect(changed).not.toHaveBeenCalled();
  });
});

describe("Toggle calling status", () => {
  it("asks 'Do you want to de-activate ?' and toggles (204)", async () => {
    let toggled = 0;
    const m = await mount([reply(setCallingStatus, () => (toggled++, { status: 204 }))]);
    await m.user.click(await screen.findByRole("button", { name: "Actions for Rita Qualls" }));
    await m.user.click(await screen.findByRole("menuitem", { name: "De-activate calling" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm).toHaveTextContent("Do you want to de-activate ?");
    await m.user.click(within(confirm).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(changed).toHaveBeenCalled());
    expect(toggled).toBe(1);
  });

  it("offers re-activation of a deactivated agent, and shows a refusal", async () => {
    const m = await mount([reply(setCallingStatus, refusal(403, { message: "This action is unauthorized." }))], { ...QUALIFIER, deactivated: true });
    await m.user.click(await screen.findByRole("button", { name: "Actions for Rita Qualls" }));
    await m.user.click(await screen.findByRole("menuitem", { name: "Re-activate calling" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm).toHaveTextContent("Do you want to re-activate ?");
    await m.user.click(within(confirm).getByRole("button", { name: "Yes" }));
    expect(await within(confirm).findByRole("alert")).toHaveTextContent("You are not authorized to do that.");
    expect(changed).not.toHaveBeenCalled();
  });
});

describe("Tools", () => {
  it("repairs the agent's page and resets its socket (201 each)", async () => {
    const m = await mount([
      reply(repairFrontend, { status: 201, data: { data: { id: 7, sockets: 1 } } }),
      reply(resetSockets, { status: 201, data: { data: { id: 7, sockets: 1 } } }),
    ]);
    const dialog = await m.open("Tools");
    await m.user.click(within(dialog).getByRole("button", { name: "Repair frontend" }));
    expect(await within(dialog).findByRole("status")).toHaveTextContent("The dialer of Rita Qualls is being repaired.");
    await m.user.click(within(dialog).getByRole("button", { name: "Reset sockets" }));
    expect(await within(dialog).findByText("The connection of Rita Qualls was reset.")).toBeInTheDocument();
    expect(m.gateway.requests.filter((r) => r.method === "POST").map((r) => r.url)).toEqual([
      "/agents/7/frontend-repairs",
      "/agents/7/reset-sockets",
    ]);
  });

  it("shows a refusal of the tools", async () => {
    const m = await mount([reply(resetSockets, refusal(404, { message: "Not found." }))]);
    const dialog = await m.open("Tools");
    await m.user.click(within(dialog).getByRole("button", { name: "Reset sockets" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Could not find data location.");
  });
});

describe("in French", () => {
  it("words the menu and a dialog in the manager's language", async () => {
    const m = await mount([reply(readCallableStates, { status: 200, data: { provinces: null } })], QUALIFIER, { language: "fr" });
    const dialog = await m.open("États appelables");
    expect(await within(dialog).findByRole("checkbox", { name: "New York (NY)" })).toBeChecked();
    expect(within(dialog).getByRole("button", { name: "Tout sélectionner" })).toBeInTheDocument();
  });
});
