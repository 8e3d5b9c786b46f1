// The Users list as a manager uses it: the call centre's agents from the gateway, searched (debounced, the query
// goes to the gateway), paged and sorted there; the outbound eligibility select and the per-role checkboxes save
// at once and return to their old value, with a toast, when the gateway refuses.
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { blockOutbound, listAgents, saveOutboundEligibility, unblockOutbound, type AgentListItem } from "../../src/contract/agents";
import { readDialsPerLevel } from "../../src/contract/dialer";
import { saveTransferAvailability } from "../../src/contract/liveTransfers";
import { fakeGateway, renderPlugin, reply, type EndpointRoute, type FakeReply } from "../../src/sdk/testing";
import plugin from "./index";

// The row dialogs are another part of the users area (./dialogs), tested on their own.
vi.mock("./dialogs/RowActions", () => ({
  UserRowActions: ({ agent }: { agent: AgentListItem }) => <button type="button">{`Actions for ${agent.full_name}`}</button>,
}));

const agent = (id: number, first: string, last: string, over: Partial<AgentListItem> = {}): AgentListItem => ({
  id,
  first_name: first,
  last_name: last,
  full_name: `${first} ${last}`,
  extension: String(1000 + id),
  role: "qualifier",
  level: 1,
  is_bilingual: false,
  email: `${first.toLowerCase()}@demo.test`,
  deactivated: false,
  outbound_eligibility: "both",
  inbound_only: false,
  internal_live_transfers: false,
  external_live_transfers: false,
  has_webrtc: false,
  manager_id: null,
  ...over,
});

const JORDAN = agent(1, "Jordan", "Reyes", { level: 2, status: "on_a_call" });
const MARIA = agent(2, "Maria", "Lopez", { role: "advisor", is_bilingual: true, internal_live_transfers: true });
const MANY = Array.from({ length: 60 }, (_, i) => agent(100 + i, "Agent", String(i).padStart(2, "0")));

/** A gateway answering listAgents from a list, as the real one searches and pages; other endpoints as given. */
function gatewayOf(all: AgentListItem[], routes: EndpointRoute[] = []) {
  const gateway = fakeGateway([
    reply(readDialsPerLevel, { status: 200, data: { params: [0, 3] } }),
    reply(listAgents, ({ query }) => {
      const text = (query.query ?? "").toLowerCase();
      const { page, per_page: perPage } = query;
      const found = all.filter((a) => !text || `${a.full_name} ${a.extension} ${a.email}`.toLowerCase().includes(text));
      if (query.sort === "extension") found.sort((a, b) => (b.extension ?? "").localeCompare(a.extension ?? ""));
      return { status: 200, data: { data: found.slice((page - 1) * perPage, page * perPage), meta: { total: found.length, page, per_page: perPage } } };
    }),
  ]);
  for (const r of routes) gateway.reply(r.endpoint, r.handler);
  return gateway;
}

async function mount(gateway: ReturnType<typeof fakeGateway>, language?: "fr") {
  const view = await renderPlugin(plugin, { gateway, agent: { roles: ["manager"] }, adminPage: "users", language });
  await screen.findByRole("heading", { name: /^(Users|Utilisateurs)$/ });
  return view;
}
const agentRequests = (gateway: ReturnType<typeof fakeGateway>) => gateway.requests.filter((r) => r.url.startsWith("/agents?")).map((r) => r.url);
const rowOf = (name: string) => screen.getByRole("row", { name: new RegExp(name) });

describe("the users list", () => {
  it("lists the agents with their columns, the dials of their level and the per-role checkboxes", async () => {
    const gateway = gatewayOf([JORDAN, MARIA]);
    await mount(gateway);
    const jordan = await screen.findByRole("row", { name: /Jordan Reyes/ });
    for (const header of ["Sort by Name", "Sort by Extension", "Sort by Role"]) expect(screen.getByRole("button", { name: header })).toBeInTheDocument();
    for (const header of ["Status", "Level", "Bilingual", "Actions", "Outbound eligibility", "Dials settings"])
      expect(screen.getByRole("columnheader", { name: header })).toBeInTheDocument();
    expect(within(jordan).getByText("1001")).toBeInTheDocument();
    expect(within(jordan).getByText("Qualifier")).toBeInTheDocument();
    expect(within(jordan).getByText("On a Call")).toBeInTheDocument();
    expect(within(jordan).getByText("Level 2: leads dialled at least 3 times")).toBeInTheDocument();
    expect(within(jordan).getByRole("button", { name: "Actions for Jordan Reyes" })).toBeInTheDocument();
    expect(within(jordan).getByRole("checkbox", { name: "Block outbound" })).not.toBeChecked();
    expect(within(jordan).queryByRole("checkbox", { name: "Internal live transfers" })).toBeNull();
    expect(within(jordan).getByRole("combobox", { name: "Outbound eligibility for Jordan Reyes" })).toHaveValue("both");
    const maria = rowOf("Maria Lopez");
    expect(within(maria).getByText("Advisor")).toBeInTheDocument();
    expect(within(maria).getByText("Offline")).toBeInTheDocument();
    expect(within(maria).getByText("Yes")).toBeInTheDocument();
    expect(within(maria).getByText("Level 1: any lead")).toBeInTheDocument();
    expect(within(maria).getByRole("checkbox", { name: "Internal live transfers" })).toBeChecked();
    expect(within(maria).getByRole("checkbox", { name: "External live transfers" })).not.toBeChecked();
    expect(within(maria).queryByRole("checkbox", { name: "Block outbound" })).toBeNull();
    expect(agentRequests(gateway)).toEqual(["/agents?page=1&per_page=25&sort=name"]);
  });

  it("says 'Sorry, no users yet.' when the call centre has none, or none matches", async () => {
    await mount(gatewayOf([]));
    expect(await screen.findByText("Sorry, no users yet.")).toBeInTheDocument();
    expect(screen.getByText("0–0 of 0")).toBeInTheDocument();
  });

  it("sends the search to the gateway once typing pauses, and shows its answer", async () => {
    const gateway = gatewayOf([JORDAN, MARIA]);
    const m = await mount(gateway);
    await screen.findByRole("row", { name: /Maria Lopez/ });
    await m.user.type(screen.getByRole("searchbox", { name: "Search users" }), "mar");
    expect(agentRequests(gateway)).toHaveLength(1); // nothing yet: the box waits for a pause
    await m.advance(300);
    expect(agentRequests(gateway).at(-1)).toBe("/agents?query=mar&page=1&per_page=25&sort=name");
    expect(agentRequests(gateway)).toHaveLength(2);
    await vi.waitFor(() => expect(screen.queryByRole("row", { name: /Jordan Reyes/ })).toBeNull());
    expect(rowOf("Maria Lopez")).toBeInTheDocument();
    await m.user.type(screen.getByRole("searchbox", { name: "Search users" }), "xyz");
    await m.advance(300);
    expect(await screen.findByText("Sorry, no users yet.")).toBeInTheDocument();
  });

  it("pages through the list and changes the page size; sorting asks the gateway", async () => {
    const gateway = gatewayOf(MANY);
    const m = await mount(gateway);
    await screen.findByRole("row", { name: /Agent 00/ });
    expect(screen.getByText("1–25 of 60")).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous page" })).toBeDisabled();
    await m.user.click(screen.getByRole("button", { name: "Next page" }));
    expect(await screen.findByRole("row", { name: /Agent 25/ })).toBeInTheDocument();
    expect(screen.getByText("26–50 of 60")).toBeInTheDocument();
    await m.user.click(screen.getByRole("button", { name: "Last page" }));
    expect(await screen.findByText("51–60 of 60")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next page" })).toBeDisabled();
    await m.user.selectOptions(screen.getByRole("combobox", { name: "Rows per page" }), "100");
    expect(await screen.findByText("1–60 of 60")).toBeInTheDocument();
    expect(screen.getAllByRole("row")).toHaveLength(61);
    expect(agentRequests(gateway).at(-1)).toBe("/agents?page=1&per_page=100&sort=name");
    await m.user.click(screen.getByRole("button", { name: "Sort by Extension" }));
    expect(agentRequests(gateway).at(-1)).toBe("/agents?page=1&per_page=100&sort=extension");
    await vi.waitFor(() => expect(screen.getAllByRole("row")[1]).toHaveAccessibleName(/Agent 59/));
    expect(screen.getByRole("button", { name: "Sort by Extension" }).closest("th")).toHaveAttribute("aria-sort", "ascending");
    // Four pages of up to 100 rows drawn in a row: more than the default 5 s on a busy machine.
  }, 20_000);

  it("saves the outbound eligibility at once; a refusal puts the old value back with a toast", async () => {
    let answer: FakeReply<typeof saveOutboundEligibility> = { status: 204 };
    const gateway = gatewayOf([JORDAN], [reply(saveOutboundEligibility, () => answer)]);
    const m = await mount(gateway);
    const select = await screen.findByRole("combobox", { name: "Outbound eligibility for Jordan Reyes" });
    await m.user.selectOptions(select, "Old leads");
    expect(select).toHaveValue("old");
    expect(gateway.requests.find((r) => r.method === "PUT")).toMatchObject({ url: "/outbound-eligibility/1", body: { eligibility: "old" } });
    answer = { status: 403, data: { message: "This action is unauthorized." } };
    await m.user.selectOptions(select, "None");
    await vi.waitFor(() => expect(select).toHaveValue("old"));
    expect(m.notify.shown).toContainEqual({ intent: "error", text: "You are not authorized to do that." });
  });

  it("blocks and unblocks a qualifier's outbound; a failure unticks it again with the gateway's message", async () => {
    let post: FakeReply<typeof blockOutbound> = { status: 201, data: { data: { id: 1, inbound_only: true } } };
    const gateway = gatewayOf([JORDAN], [reply(blockOutbound, () => post), reply(unblockOutbound, { status: 204 })]);
    const m = await mount(gateway);
    const box = await screen.findByRole("checkbox", { name: "Block outbound" });
    await m.user.click(box);
    expect(box).toBeChecked();
    await m.user.click(box);
    expect(box).not.toBeChecked();
    expect(gateway.requests.filter((r) => r.url === "/inbound-agents/1").map((r) => r.method)).toEqual(["POST", "DELETE"]);
    post = { status: 422, data: { message: "Only a qualifier's outbound can be blocked." } };
    await m.user.click(box);
    await vi.waitFor(() => expect(box).not.toBeChecked());
    expect(m.notify.shown).toContainEqual({ intent: "error", text: "Only a qualifier's outbound can be blocked." });
  });

  it("sets an advisor's internal and external live transfers for that advisor; a failure returns the box", async () => {
    let answer: FakeReply<typeof saveTransferAvailability> = { status: 204 };
    const gateway = gatewayOf([MARIA], [reply(saveTransferAvailability, () => answer)]);
    const m = await mount(gateway);
    const external = await screen.findByRole("checkbox", { name: "External live transfers" });
    await m.user.click(external);
    expect(external).toBeChecked();
    expect(gateway.requests.at(-1)).toMatchObject({ method: "PUT", url: "/agents/transfer-availability/external", body: { value: 1, agent_id: 2 } });
    answer = { status: 500, data: { message: "Something went wrong. Please try again or contact support" } };
    const internal = screen.getByRole("checkbox", { name: "Internal live transfers" });
    await m.user.click(internal);
    await vi.waitFor(() => expect(internal).toBeChecked());
    expect(gateway.requests.at(-1)).toMatchObject({ url: "/agents/transfer-availability/internal", body: { value: 0, agent_id: 2 } });
    expect(m.notify.shown).toContainEqual({ intent: "error", text: "Something went wrong. Please try again or contact support" });
  });

  it("speaks French", async () => {
    await mount(gatewayOf([JORDAN]), "fr");
    const row = await screen.findByRole("row", { name: /Jordan Reyes/ });
    expect(within(row).getByRole("checkbox", { name: "Bloquer les appels sortants" })).toBeInTheDocument();
    expect(within(row).getByText("Qualificateur")).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Rechercher des utilisateurs" })).toBeInTheDocument();
  });
});
