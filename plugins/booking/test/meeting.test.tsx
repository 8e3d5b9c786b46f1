// Meeting Setup: the restrictions beside the type selector (a 79-year-old client: phone only; no advisors in
// the area: a forced booking with its first reason) and the instant offer polled every 10 s on the clock.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { countAvailableAgents } from "../../../src/contract/geo";
import { reply, type FakeReply } from "../../../src/sdk/testing";
import { readIoa, startIoa, stopIoa, type IoaResult } from "../contract/ioa";
import { agents, calls, mountBooking, wireLead } from "./harness";

/** The offer service's answers: search 9 started, its state as `answer` gives it (9 only), its stop. */
const ioaRoutes = (answer: () => FakeReply<typeof readIoa>) => [
  reply(startIoa, { status: 201, data: { data: { ioaId: 9 } } }),
  reply(readIoa, ({ params }) => (params.id === 9 ? answer() : { status: 404 })),
  reply(stopIoa, ({ params }) => (params.id === 9 ? { status: 204 } : { status: 404 })),
];

const toMeetingSetup = async (user: { click(el: Element): Promise<void> }) => {
  const nav = screen.getByRole("navigation", { name: "Booking steps" });
  await user.click(within(nav).getByRole("button", { name: /Meeting Setup/ }));
  return screen.findByRole("group", { name: /^Meeting type/ });
};
const restrictionsList = () => screen.getByRole("list", { name: "Why a meeting type is not allowed" });

describe("meeting setup", { timeout: 20_000 }, () => {
  it("offers a 79-year-old client a phone meeting only, and says why beside the type", async () => {
    const lead = wireLead({ clients: [{ ...wireLead().clients[0]!, dob: "1946-12-01" }] });
    const { user } = await mountBooking({ lead });
    const types = await toMeetingSetup(user);
    expect(within(types).getByRole("radio", { name: "Face to face" })).toBeDisabled();
    expect(within(types).getByRole("radio", { name: "Phone" })).toBeChecked();
    expect(within(restrictionsList()).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "The client is older than 78 years 11 months: phone meeting only.",
    ]);
    // The list sits with the type selector.
    expect(types.parentElement).toContainElement(restrictionsList());
    // A phone meeting asks why; the age is already the reason.
    expect(screen.getByRole("button", { name: /^Refusal reasons/ })).toHaveTextContent("Age limit");
  });

  it("forces the booking with its first reason when no advisor is in the area", async () => {
    const { user, gateway } = await mountBooking({
      routes: [reply(countAvailableAgents, ({ query }) => (query.postal === "62701" ? agents(0) : { status: 404 }))],
    });
    await toMeetingSetup(user);
    await waitFor(() => expect(screen.getByRole("checkbox", { name: "Force booking" })).toBeChecked());
    expect(calls(gateway)).toContain("GET /available-agents?postal=62701");
    expect(screen.getByRole("button", { name: /^Force booking reasons/ })).toHaveTextContent(
      "No field advisor in the area",
    );
    expect(within(restrictionsList()).getByRole("listitem")).toHaveTextContent(
      "Advisors available in the area: 0, fewer than the 3 needed. A face-to-face meeting can only be force-booked.",
    );
    expect(screen.getByText("Advisors available in the area: 0, fewer than the 3 needed.")).toBeInTheDocument();
  });

  it("looks for an instant appointment, asking every 10 s on the clock, and takes the client's answer", async () => {
    let polls = 0;
    const ioa = (result: IoaResult, running: boolean): FakeReply<typeof readIoa> => ({
      status: 200,
      data: { data: { id: 9, address: "1200 Main Street, Springfield", firstName: "Jane", lastName: "Doe", mga: null, result, display: true, running } },
    });
    const { user, gateway, advance } = await mountBooking({
      routes: ioaRoutes(() => (++polls < 2 ? ioa(-1, true) : ioa(2, false))),
    });
    await toMeetingSetup(user);
    await user.click(screen.getByRole("button", { name: "Look for one" }));
    expect(await screen.findByText("Looking for an instant appointment…")).toBeInTheDocument();
    expect(gateway.requests.find((r) => r.url === "/ioas")?.body).toEqual({
      address: "1200 Main Street, Springfield",
      firstName: "Jane",
      lastName: "Doe",
      mga: null,
      postal: "62701",
    });
    await advance(9_999);
    expect(calls(gateway).filter((c) => c === "GET /ioas/9")).toHaveLength(0);
    await advance(1);
    expect(calls(gateway).filter((c) => c === "GET /ioas/9")).toHaveLength(1);
    expect(screen.getByText("Looking for an instant appointment…")).toBeInTheDocument();
    await advance(10_000);
    expect(await screen.findByText("An instant appointment is available.")).toBeInTheDocument();
    await advance(30_000);
    expect(calls(gateway).filter((c) => c === "GET /ioas/9")).toHaveLength(2);
    const answer = screen.getByRole("group", { name: "The client's answer" });
    await user.click(within(answer).getByRole("radio", { name: "Accepted" }));
    expect(within(restrictionsList()).getByRole("listitem")).toHaveTextContent(
      "The client accepted the instant appointment: face-to-face meeting only.",
    );
    expect(screen.getByRole("radio", { name: "Phone" })).toBeDisabled();
  });

  it("stops a search the agent leaves (DELETE), and asks no more", async () => {
    const { user, gateway, advance } = await mountBooking({
      routes: ioaRoutes(() => ({
        status: 200,
        data: { data: { id: 9, address: "", firstName: "Jane", lastName: "Doe", mga: null, result: -1, display: true, running: true } },
      })),
    });
    await toMeetingSetup(user);
    await user.click(screen.getByRole("button", { name: "Look for one" }));
    await advance(10_000);
    await user.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(calls(gateway)).toContain("DELETE /ioas/9"));
    await advance(60_000);
    expect(calls(gateway).filter((c) => c === "GET /ioas/9")).toHaveLength(1);
  });

  it("says when no instant appointment was found, and offers no answer", async () => {
    const { user, advance } = await mountBooking({
      routes: ioaRoutes(() => ({
        status: 200,
        data: { data: { id: 9, address: "", firstName: "Jane", lastName: "Doe", mga: null, result: 0, display: true, running: false } },
      })),
    });
    await toMeetingSetup(user);
    await user.click(screen.getByRole("button", { name: "Look for one" }));
    await advance(10_000);
    expect(await screen.findByText("No instant appointment was found.")).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "The client's answer" })).not.toBeInTheDocument();
  });
});
