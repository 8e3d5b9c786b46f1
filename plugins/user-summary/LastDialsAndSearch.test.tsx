// The Last dials and My clients tabs.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { redialLead } from "../../src/contract/dialer";
import { IDEMPOTENCY_HEADER } from "../../src/contract/dispositions";
import { fakeGateway, reply, type EndpointRoute } from "../../src/sdk/testing";
import { dialled, lastDial, lists, mount, searches, searchRow, sentTo, tab } from "./testing";

// Call times show in the agent's zone: the tests read them in UTC.
beforeEach(() => vi.stubEnv("TZ", "UTC"));
afterEach(() => vi.unstubAllEnvs());

describe("last dials", () => {
  it("shows call time, name, call name, notes, state, status and the dashboard link", async () => {
    const dials = [
      lastDial(),
      lastDial({
        id: 71,
        clientName: "Bo Chen",
        name: "Chen",
        url: "https://dash.example.com/l/41",
        notes: null,
      }),
    ];
    await mount({ tab: "Last dials", gateway: fakeGateway(lists({ dials })) });
    const table = screen.getByRole("table", { name: "Last dials" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Call time", "Name", "Call name", "Notes", "State", "Status", "Dashboard"]);
    const [, first, second] = within(table).getAllByRole("row");
    expect(
      within(first!)
        .getAllByRole("cell")
        .map((c) => c.textContent?.replace(/\s/g, " ")),
    ).toEqual([
      "Jan 5, 1:30 PM",
      "Ana Ruiz",
      "Ruiz household",
      "Voicemail left",
      "FL",
      "Voicemail",
      "—",
    ]);
    expect(within(second!).getByRole("link", { name: "Open Chen in the dashboard" })).toHaveAttribute(
      "href",
      "https://dash.example.com/l/41",
    );
  });

  it("says when there are none", async () => {
    await mount({ tab: "Last dials", gateway: fakeGateway(lists({ dials: [] })) });
    expect(screen.getByText("No dials yet.")).toBeInTheDocument();
  });

  const redialFor = (name: string) => screen.queryByRole("button", { name: `Redial ${name}` });

  it("lets a qualifier redial a lead, with an Idempotency-Key, when the call centre allows it", async () => {
    const gateway = fakeGateway([...lists(), reply(redialLead, ({ body }) => dialled(body.leadId, "manual"))]);
    const { user, reads } = await mount({ tab: "Last dials", gateway, flags: { "qualifier-redial": true } });
    const table = screen.getByRole("table", { name: "Last dials" });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toContain("Redial");
    const before = reads();
    await user.click(redialFor("Ana Ruiz")!);
    await waitFor(() => expect(reads()).toBe(before + 1));
    const [sent] = sentTo(gateway, redialLead);
    expect(sent!.body).toEqual({ leadId: 40 });
    expect(sent!.headers[IDEMPOTENCY_HEADER.toLowerCase()]).toBeTruthy();
  });

  it("shows the gateway's reason when a redial is refused", async () => {
    const gateway = fakeGateway([
      ...lists(),
      reply(redialLead, { status: 409, data: { message: "The lead is on the Do Not Call list", errors: {} } }),
    ]);
    const { user, notify } = await mount({ tab: "Last dials", gateway, flags: { "qualifier-redial": true } });
    await user.click(redialFor("Ana Ruiz")!);
    await waitFor(() =>
      expect(notify.shown).toEqual([{ intent: "error", text: "The lead is on the Do Not Call list" }]),
    );
  });

  it("offers no redial when the feature is off, nor to an advisor", async () => {
    await mount({ tab: "Last dials", gateway: fakeGateway(lists()) });
    expect(redialFor("Ana Ruiz")).not.toBeInTheDocument();
    cleanup();
    const advisor = await mount({
      gateway: fakeGateway(lists()),
      flags: { "qualifier-redial": true },
      agent: { roles: ["advisor"] },
    });
    await advisor.user.click(tab(/^Last dials/));
    expect(screen.getByRole("table", { name: "Last dials" })).toBeInTheDocument();
    expect(redialFor("Ana Ruiz")).not.toBeInTheDocument();
  });
});

describe("my clients", () => {
  async function openSearch(routes: EndpointRoute[] = []) {
    const r = await mount({ gateway: fakeGateway([...lists(), ...routes]) });
    await r.user.click(tab("My clients"));
    return { ...r, box: screen.getByRole("textbox", { name: "Search my clients" }) };
  }

  it("asks for a text when the box is empty", async () => {
    const { user, gateway } = await openSearch();
    const before = gateway.requests.length;
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Enter a marketing id, phone number, name or e-mail to search.",
    );
    expect(gateway.requests).toHaveLength(before);
  });

  it("searches on Enter and loads a lead into the workspace", async () => {
    const { user, box, leads } = await openSearch([
      searches({ "Lee Park": { status: 200, data: { data: [searchRow()] } } }),
    ]);
    vi.mocked(leads.control.open).mockResolvedValue({} as never);
    await user.type(box, "Lee Park{Enter}");
    const table = await screen.findByRole("table", { name: "Search results" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Lead id", "Name", "Phone", "E-mail", "State", "Status", "Load"]);
    expect(
      within(within(table).getAllByRole("row")[1]!)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["ISF-55", "Lee Park", "+15555550155", "lee@example.com", "CA", "New", "Load"]);
    await user.click(within(table).getByRole("button", { name: "Load Lee Park" }));
    expect(leads.control.open).toHaveBeenCalledWith(55);
  });

  it("searches with the search icon too, and says when nothing matches (404)", async () => {
    const { user, box } = await openSearch();
    await user.type(box, "nobody");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("No clients match your search.");
    expect(screen.queryByRole("table", { name: "Search results" })).not.toBeInTheDocument();
  });

  it("shows the core's message when the lead cannot be loaded", async () => {
    const { user, box, leads, notify } = await openSearch([
      searches({ "ISF-55": { status: 200, data: { data: [searchRow()] } } }),
    ]);
    vi.mocked(leads.control.open).mockRejectedValue(new Error("You may not open this lead."));
    await user.type(box, "ISF-55{Enter}");
    await user.click(await screen.findByRole("button", { name: "Load Lee Park" }));
    await waitFor(() =>
      expect(notify.shown).toEqual([{ intent: "error", text: "You may not open this lead." }]),
    );
  });
});
