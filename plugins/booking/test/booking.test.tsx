// Nothing typed is lost (the draft saved a second after the last change and at each step change, restored on
// the next mount), and the booking: the draft first, then POST /meetings under an Idempotency-Key; 201 booked
// and read-only, 422 back to the step and field, 409 already booked, anything else 'Unable to book…'.
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { reply } from "../../../src/sdk/testing";
import { bookMeeting } from "../contract/meeting";
import { calls, mountBooking, textOf, wireLead } from "./harness";

const MEETING_AT = "2026-01-06T15:00:00.000Z";
/** What a previous visit left: the Meeting Summary, with a date chosen. */
const readyDraft = { step: 3, contact: {}, coverage: {}, meeting: { date: MEETING_AT } };
const book = () => screen.getByRole("button", { name: "Book" });

describe("the draft", { timeout: 20_000 }, () => {
  it("is saved a second after the last change, and at once on a step change", async () => {
    const { user, gateway, advance } = await mountBooking();
    const puts = () => gateway.requests.filter((r) => r.method === "PUT");
    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), "jane@example.org");
    await advance(999);
    expect(puts()).toHaveLength(0);
    await advance(1);
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.url).toBe("/leads/31/booking-draft");
    const saved = puts()[0]!.body as { draft: { step: number; contact: { lead: { email: string } } } };
    expect(saved.draft.step).toBe(0);
    expect(saved.draft.contact.lead.email).toBe("jane@example.org");
    expect(await screen.findByText("All changes saved")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect((puts()[1]!.body as { draft: { step: number } }).draft.step).toBe(1);
  });

  it("goes at once when the page goes away (a reload, a closed tab), by a request that outlives the page", async () => {
    const { user, gateway } = await mountBooking();
    await user.type(screen.getByLabelText(/^Email/), "x");
    expect(gateway.requests.filter((r) => r.method === "PUT")).toHaveLength(0);
    act(() => void globalThis.dispatchEvent(new Event("pagehide")));
    await waitFor(() => expect(gateway.requests.filter((r) => r.method === "PUT")).toHaveLength(1));
    const saved = gateway.requests.find((r) => r.method === "PUT")!.body as { draft: { contact: { lead: { email: string } } } };
    expect(saved.draft.contact.lead.email).toBe("jane.doe@example.comx");
  });

  it("is what the wizard shows again after a reload, over the lead's record", async () => {
    const first = await mountBooking();
    await first.user.type(first.view.container.querySelector<HTMLInputElement>('input[name="lead.email"]')!, "x");
    await first.advance(1000);
    await waitFor(() => expect(first.gateway.requests.some((r) => r.method === "PUT")).toBe(true));
    const draft = (first.gateway.requests.find((r) => r.method === "PUT")!.body as { draft: unknown }).draft;
    first.unmount();

    await mountBooking({ draft });
    expect(screen.getByLabelText(/^Email/)).toHaveValue("jane.doe@example.comx");
    expect(screen.getByLabelText(/^Street address/)).toHaveValue("1200 Main Street");
  });
});

describe("booking", { timeout: 20_000 }, () => {
  it("saves the draft, books under an Idempotency-Key, says so, and shows the booked meeting read-only", async () => {
    const { user, gateway, notify, stack } = await mountBooking({
      draft: readyDraft,
      routes: [reply(bookMeeting, { status: 201, data: { data: { meetingCrmId: "MTG-00000042" } } })],
    });
    await user.click(book());
    expect(await screen.findByText(/Meeting ID: MTG-00000042/)).toBeInTheDocument();
    // The gateway wrote the booking's address and status on the lead: the lead card reads it again.
    expect(stack.control.refresh).toHaveBeenCalledWith(31);
    const sent = calls(gateway).filter((c) => c.startsWith("PUT") || c.startsWith("POST"));
    expect(sent).toEqual(["PUT /leads/31/booking-draft", "POST /meetings"]);
    const post = gateway.requests.find((r) => r.url === "/meetings")!;
    expect(post.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(post.body).toMatchObject({ lead_id: 31, meeting: { type: "face-to-face", date: MEETING_AT, force: false } });
    expect(notify.shown.map((s) => textOf(s.text))).toContain("The meeting is booked.");
    expect(screen.queryByRole("button", { name: "Book" })).not.toBeInTheDocument();
    // Read-only: the steps can be looked at, not changed.
    await user.click(within(screen.getByRole("navigation", { name: "Booking steps" })).getByRole("button", { name: /Contact Details/ }));
    expect(await screen.findByLabelText(/^Street address/)).toBeDisabled();
  });

  it("takes the agent to the step and field the gateway refused (422)", async () => {
    const { user } = await mountBooking({
      draft: readyDraft,
      routes: [
        reply(bookMeeting, {
          status: 422,
          data: { message: "Submitted values are not valid.", errors: { "coverage.clients.0.occupation": ["validation.too_long"] } },
        }),
      ],
    });
    await user.click(book());
    expect(await screen.findByText("Required fields missing")).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Booking steps" });
    expect(within(nav).getByRole("button", { name: /Insurance Coverage/ })).toHaveAttribute("aria-current", "step");
    expect(screen.getByLabelText(/^Occupation/)).toHaveAccessibleDescription("This text is too long.");
    // Changed, the field's refusal is answered.
    await user.type(screen.getByLabelText(/^Occupation/), "s");
    expect(screen.getByLabelText(/^Occupation/)).not.toHaveAccessibleDescription();
  });

  it("says when the lead is already booked (409), with its status", async () => {
    const { user, advance } = await mountBooking({
      draft: readyDraft,
      routes: [
        reply(bookMeeting, {
          status: 409,
          data: { message: "This lead has been already booked. Current status: Appointment Setup" },
        }),
      ],
    });
    await user.click(book());
    // The SDK's write sends a 409 again (1, 2 and 4 s later) before it takes it as the answer.
    for (const ms of [1000, 2000, 4000]) await advance(ms);
    expect(
      await screen.findByText("This lead has been already booked. Current status: Appointment Setup"),
    ).toBeInTheDocument();
  });

  it("says 'Unable to book the meeting, please try again' on any other failure, and keeps saying it", async () => {
    const { user, advance, notify } = await mountBooking({
      draft: readyDraft,
      routes: [reply(bookMeeting, { status: 500, data: { message: "Server Error" } })],
    });
    await user.click(book());
    for (const ms of [1000, 2000, 4000]) await advance(ms);
    expect(await screen.findByText("Unable to book the meeting, please try again")).toBeInTheDocument();
    const alert = notify.shown.find((s) => s.key === "booking.not_booked")!;
    expect(alert).toMatchObject({ intent: "error", persistent: true });
    expect(textOf(alert.text)).toBe("Unable to book the meeting, please try again");
    expect(book()).toBeEnabled();
  });

  it("sends the agent to the first incomplete step instead of booking", async () => {
    const { user, gateway } = await mountBooking({ draft: { step: 3, contact: {}, coverage: {}, meeting: {} } });
    await user.click(book());
    expect(await screen.findByText("Required fields missing")).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Booking steps" });
    expect(within(nav).getByRole("button", { name: /Meeting Setup/ })).toHaveAttribute("aria-current", "step");
    await act(async () => undefined);
    expect(calls(gateway)).not.toContain("POST /meetings");
  });

  it("sends the lead to Sun Life where the agent may: by phone, now, forced, and says so", async () => {
    const lead = wireLead({
      country: "CA",
      address: { ...wireLead().address, zip: "H2X 1Y4", state: null, province: "qc", city: "Montréal", latitude: 45.51, longitude: -73.57, timezone: "America/Toronto" },
    });
    const { user, gateway, notify } = await mountBooking({
      lead,
      variant: "slica",
      agent: { accountFields: { can_transfer_to_sunlife: true } },
      draft: { step: 2, contact: {}, coverage: {}, meeting: {} },
      routes: [reply(bookMeeting, { status: 201, data: { data: { meetingCrmId: "MTG-00000043" } } })],
    });
    await user.click(await screen.findByRole("button", { name: "Book with Sun Life" }));
    expect(await screen.findByText(/Meeting ID: MTG-00000043/)).toBeInTheDocument();
    const post = gateway.requests.find((r) => r.url === "/meetings")!;
    expect(post.body).toMatchObject({
      meeting: { is_sun_life: 1, type: "phone", force: true, reasons: ["Sent to SunLife"], date: "2026-01-05T14:00:00.000Z" },
    });
    expect(notify.shown.map((s) => textOf(s.text))).toContain("The lead was sent to Sun Life.");
  });

  it("offers no Sun Life booking to an agent who may not send one", async () => {
    await mountBooking({ draft: { step: 2, contact: {}, coverage: {}, meeting: {} } });
    await screen.findByRole("group", { name: /^Meeting type/ });
    expect(screen.queryByRole("button", { name: "Book with Sun Life" })).not.toBeInTheDocument();
  });
});
