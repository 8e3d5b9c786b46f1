// The WebRTC users page as a manager uses it: the agents from the gateway with a switch each, enabling posts and
// disabling deletes (admin-and-sign-in §4), a refusal putting the switch back without a word, the line saying
// the agent gets it at the next sign-in, 'No users found', the search and the page sizes 10/25/50/100.
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { listAgents, type AgentListItem } from "../../src/contract/agents";
import { listSettingsChanges } from "../../src/contract/settings";
import { disableWebRtc, enableWebRtc } from "../../src/contract/webrtcUsers";
import { fakeGateway, renderPlugin, reply, type EndpointRoute } from "../../src/sdk/testing";
import plugin from "./index";

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
  has_webrtc: false,
  ...over,
});
const JORDAN = agent(1, "Jordan", "Reyes", { has_webrtc: true });
const MARIA = agent(2, "Maria", "Lopez", { role: "advisor" });
const MANY = Array.from({ length: 30 }, (_, i) => agent(100 + i, "Agent", String(i).padStart(2, "0")));

/** A gateway answering listAgents from a list, searched and paged as the real one; other endpoints as given. */
function gatewayOf(all: AgentListItem[], routes: EndpointRoute[] = []) {
  const gateway = fakeGateway([
    reply(listSettingsChanges, { status: 200, data: { changes: [] } }),
    reply(listAgents, ({ query }) => {
      const text = (query.query ?? "").toLowerCase();
      const { page, per_page: perPage } = query;
      const found = all.filter((a) => !text || `${a.full_name} ${a.extension} ${a.email}`.toLowerCase().includes(text));
      return { status: 200, data: { data: found.slice((page - 1) * perPage, page * perPage), meta: { total: found.length, page, per_page: perPage } } };
    }),
  ]);
  for (const r of routes) gateway.reply(r.endpoint, r.handler);
  return gateway;
}

async function mount(gateway: ReturnType<typeof fakeGateway>, language?: "fr") {
  const view = await renderPlugin(plugin, { gateway, agent: { roles: ["manager"] }, adminPage: "settings/webrtc-users", language });
  await screen.findByRole("heading", { name: language === "fr" ? "Utilisateurs WebRTC" : "WebRTC Users" });
  return view;
}
const agentRequests = (gateway: ReturnType<typeof fakeGateway>) => gateway.requests.filter((r) => r.url.startsWith("/agents?")).map((r) => r.url);

describe("the WebRTC users page", () => {
  it("lists the agents with their WebRTC switch and says when a change reaches the agent", async () => {
    const gateway = gatewayOf([JORDAN, MARIA]);
    await mount(gateway);
    const jordan = await screen.findByRole("row", { name: /Jordan Reyes/ });
    expect(within(jordan).getByText("1001")).toBeInTheDocument();
    expect(within(jordan).getByText("jordan@demo.test")).toBeInTheDocument();
    expect(within(jordan).getByRole("checkbox", { name: "WebRTC for Jordan Reyes" })).toBeChecked();
    expect(within(screen.getByRole("row", { name: /Maria Lopez/ })).getByText("Advisor")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "WebRTC for Maria Lopez" })).not.toBeChecked();
    expect(screen.getByText(/A change reaches the agent at their next sign-in/)).toBeInTheDocument();
    expect(agentRequests(gateway)).toEqual(["/agents?page=1&per_page=25&sort=name"]);
  });

  it("enabling posts and disabling deletes; the switch shows what was saved", async () => {
    const gateway = gatewayOf([JORDAN, MARIA], [
      reply(enableWebRtc, { status: 201, data: { data: { id: 2, has_webrtc: true } } }),
      reply(disableWebRtc, { status: 204 }),
    ]);
    const m = await mount(gateway);
    await m.user.click(await screen.findByRole("checkbox", { name: "WebRTC for Maria Lopez" }));
    await m.user.click(screen.getByRole("checkbox", { name: "WebRTC for Jordan Reyes" }));
    await vi.waitFor(() => expect(screen.getByRole("checkbox", { name: "WebRTC for Jordan Reyes" })).toBeEnabled());
    expect(gateway.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST /agents/2/webrtc",
      "DELETE /agents/1/webrtc",
    ]);
    expect(screen.getByRole("checkbox", { name: "WebRTC for Maria Lopez" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "WebRTC for Jordan Reyes" })).not.toBeChecked();
    expect(m.notify.shown).toEqual([]);
  });

  it("puts the switch back without a word when the gateway refuses", async () => {
    const gateway = gatewayOf([MARIA], [reply(enableWebRtc, { status: 500, data: { message: "Something went wrong." } })]);
    const m = await mount(gateway);
    await m.user.click(await screen.findByRole("checkbox", { name: "WebRTC for Maria Lopez" }));
    await vi.waitFor(() => expect(gateway.requests.some((r) => r.method === "POST")).toBe(true));
    await vi.waitFor(() => expect(screen.getByRole("checkbox", { name: "WebRTC for Maria Lopez" })).not.toBeChecked());
    expect(screen.getByRole("checkbox", { name: "WebRTC for Maria Lopez" })).toBeEnabled();
    expect(m.notify.shown).toEqual([]);
  });

  it("says 'No users found' when nothing matches the search, sent once typing pauses", async () => {
    const gateway = gatewayOf([JORDAN, MARIA]);
    const m = await mount(gateway);
    await screen.findByRole("row", { name: /Maria Lopez/ });
    await m.user.type(screen.getByRole("searchbox", { name: "Search" }), "zzz");
    expect(agentRequests(gateway)).toHaveLength(1);
    await m.advance(300);
    expect(agentRequests(gateway).at(-1)).toBe("/agents?query=zzz&page=1&per_page=25&sort=name");
    expect(await screen.findByText("No users found")).toBeInTheDocument();
  });

  it("pages with sizes 10, 25, 50 and 100", async () => {
    const gateway = gatewayOf(MANY);
    const m = await mount(gateway);
    await screen.findByRole("row", { name: /Agent 00/ });
    const size = screen.getByRole("combobox", { name: "Rows per page" });
    expect(within(size).getAllByRole("option").map((o) => o.textContent)).toEqual(["10", "25", "50", "100"]);
    expect(screen.getByText("1–25 of 30")).toBeInTheDocument();
    await m.user.selectOptions(size, "10");
    expect(await screen.findByText("1–10 of 30")).toBeInTheDocument();
    await m.user.click(screen.getByRole("button", { name: "Next page" }));
    expect(await screen.findByRole("row", { name: /Agent 10/ })).toBeInTheDocument();
    expect(agentRequests(gateway).at(-1)).toBe("/agents?page=2&per_page=10&sort=name");
  });

  it("speaks French", async () => {
    await mount(gatewayOf([]), "fr");
    expect(await screen.findByText("Aucun utilisateur trouvé")).toBeInTheDocument();
    expect(screen.getByText(/à sa prochaine connexion/)).toBeInTheDocument();
  });
});
