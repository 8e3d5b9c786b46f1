// The wizard as an agent moves through it: no lead, the lead's record in step 1, the steps' indicator, Next
// refusing an incomplete step with 'Required fields missing' and each field's message, and the lead changing.
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, onTestFinished } from "vitest";
import { leadView } from "../../../src/sdk/testing";
import type { BookingApi } from "../api";
import { calls, mountBooking, wireLead } from "./harness";

const steps = () => within(screen.getByRole("navigation", { name: "Booking steps" })).getAllByRole("button");

describe("booking wizard", { timeout: 20_000 }, () => {
  it("says plainly that there is no lead, and asks the gateway nothing", async () => {
    const { gateway } = await mountBooking({ lead: null });
    expect(await screen.findByText("No lead on the call: the booking form opens with the lead.")).toBeInTheDocument();
    expect(gateway.requests).toEqual([]);
  });

  it("fills Contact Details from the lead's record, and shows the four steps", async () => {
    const { gateway } = await mountBooking();
    expect(steps().map((b) => b.textContent)).toEqual([
      "1 Contact Details",
      "2 Insurance Coverage",
      "3 Meeting Setup",
      "4 Meeting Summary",
    ]);
    expect(steps()[0]).toHaveAttribute("aria-current", "step");
    expect(screen.getByLabelText(/^Phone/)).toHaveValue("217.555.0100");
    expect(screen.getByLabelText(/^Email/)).toHaveValue("jane.doe@example.com");
    expect(screen.getByLabelText(/^Street address/)).toHaveValue("1200 Main Street");
    expect(screen.getByLabelText(/^First name/)).toHaveValue("Jane");
    expect(screen.getByText("65 years old")).toBeInTheDocument();
    // The address was checked before: its Validate button says so.
    expect(screen.getByText("Validated")).toBeInTheDocument();
    expect(calls(gateway)).toEqual(
      expect.arrayContaining(["GET /leads/31", "GET /leads/31/booking-draft"]),
    );
  });

  it("keeps the agent on an incomplete step with 'Required fields missing' and each field's message", async () => {
    // jsdom lays nothing out: what the wizard asks to bring into view is recorded instead.
    const scrolledTo: Element[] = [];
    const jsdomHas = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledTo.push(this);
    };
    onTestFinished(() => void (Element.prototype.scrollIntoView = jsdomHas)); // the worker's DOM is shared
    const lead = wireLead({ reasons: [], clients: [{ ...wireLead().clients[0]!, first_name: "" }] });
    const { user } = await mountBooking({ lead });
    expect(screen.queryByText("Required fields missing")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Required fields missing")).toBeInTheDocument();
    expect(steps()[0]).toHaveAttribute("aria-current", "step");
    expect(steps()[0]).toHaveAccessibleName("1. Contact Details (required fields missing)");
    expect(screen.getByLabelText(/^First name/)).toHaveAccessibleDescription("This field is required.");
    expect(screen.getByRole("button", { name: /^Reasons for the request/ })).toHaveAccessibleDescription(
      "Choose at least one.",
    );
    // The first field in error is brought into view and has the focus (on a small screen it is below the fold).
    const firstInError = document.querySelector('form [aria-invalid="true"]');
    await waitFor(() => expect(document.activeElement).toBe(firstInError));
    expect(scrolledTo).toContain(firstInError);
    // Typed in, the field's message goes; the reasons still hold the step.
    await user.type(screen.getByLabelText(/^First name/), "Janet");
    expect(screen.getByLabelText(/^First name/)).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(steps()[0]).toHaveAttribute("aria-current", "step");
  });

  it("goes on with Next when the step is complete, back with Back, and anywhere from the indicator", async () => {
    const { user } = await mountBooking();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("region", { name: "Client 1: Jane Doe" })).toBeInTheDocument();
    expect(steps()[1]).toHaveAttribute("aria-current", "step");
    expect(screen.getByLabelText(/^Occupation/)).toHaveValue("Teacher");
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByLabelText(/^Street address/)).toBeInTheDocument();
    await user.click(steps()[3]!);
    expect(await screen.findByRole("button", { name: "Book" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Lead" })).toHaveTextContent("217.555.0100");
  });

  it("takes the agent to Meeting Setup when another plugin asks (a live transfer that found no advisor)", async () => {
    const { api } = await mountBooking();
    const booking = api as unknown as BookingApi;
    expect(booking.wizardStep).toBe(0);
    act(() => void expect(booking.showMeetingSetup()).toBe(true));
    await waitFor(() => expect(steps()[2]).toHaveAttribute("aria-current", "step"));
    expect(booking.wizardStep).toBe(2);
  });

  it("stops at the first step still incomplete, showing what it lacks, rather than at Meeting Setup", async () => {
    const lead = wireLead({ clients: [{ ...wireLead().clients[0]!, first_name: "" }] });
    const { api } = await mountBooking({ lead });
    const booking = api as unknown as BookingApi;
    act(() => void expect(booking.showMeetingSetup()).toBe(true));
    expect(steps()[0]).toHaveAttribute("aria-current", "step");
    expect(await screen.findByText("Required fields missing")).toBeInTheDocument();
  });

  it("answers false with no lead on screen", async () => {
    const { api } = await mountBooking({ lead: null });
    await screen.findByText("No lead on the call: the booking form opens with the lead.");
    expect((api as unknown as BookingApi).showMeetingSetup()).toBe(false);
  });

  it("follows the current lead: another lead's record replaces the first one's", async () => {
    const other = wireLead({ id: 32, first_name: "Sam", phone: "3125550199", clients: [{ ...wireLead().clients[0]!, first_name: "Sam" }] });
    const { stack, gateway } = await mountBooking({ others: [other] });
    expect(screen.getByLabelText(/^First name/)).toHaveValue("Jane");
    act(() => stack.setCurrent(leadView({ id: 32, firstName: "Sam", lastName: "Doe" })));
    await waitFor(() => expect(screen.getByLabelText(/^First name/)).toHaveValue("Sam"));
    expect(screen.getByLabelText(/^Phone/)).toHaveValue("312.555.0199");
    expect(calls(gateway)).toContain("GET /leads/32");
    act(() => stack.setCurrent(null));
    expect(await screen.findByText("No lead on the call: the booking form opens with the lead.")).toBeInTheDocument();
  });
});
