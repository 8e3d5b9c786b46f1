// The lead's address in Contact Details: Validate asks GET /geocoding/{postal}; found, the place fills the address
// and it is valid; not found, the agent is told (in their role's words) and may go on; any edit but the type,
// apartment or buzzer makes it unchecked again. Clients: one on ISIUS, up to two on SLICA.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { geocodePostal } from "../../../src/contract/geo";
import { reply, type EndpointHandler, type EndpointRoute, type FakeReply } from "../../../src/sdk/testing";
import type { BookingApi } from "../api";
import { calls, mountBooking, wireLead } from "./harness";

const unchecked = (over: Partial<ReturnType<typeof wireLead>["address"]> = {}) =>
  wireLead({ address: { ...wireLead().address, valid: false, latitude: null, longitude: null, city: "", ...over } });

const SPRINGFIELD: FakeReply<typeof geocodePostal> = {
  status: 200,
  data: {
    data: {
      postal: "62701",
      city: "Springfield",
      state: "il",
      country: "US",
      latitude: 39.8,
      longitude: -89.65,
      timezone: "America/Chicago",
      timezone_bucket: "America/Chicago",
      precision: "postal",
    },
  },
};
const NOT_FOUND: FakeReply<typeof geocodePostal> = {
  status: 404,
  data: { message: "The postal code was not found.", reason: "not_found" },
};
/** The gateway's geocoder: the answer for each postal code; any other is not found. */
const geocodes = (answers: Record<string, EndpointHandler<typeof geocodePostal>>): EndpointRoute[] => [
  reply(geocodePostal, (req) => {
    const answer = answers[req.params.postal] ?? NOT_FOUND;
    return typeof answer === "function" ? answer(req) : answer;
  }),
];

describe("the lead's address", { timeout: 20_000 }, () => {
  it("is validated by its postal code: the place fills in, and an edit makes it unchecked again", async () => {
    const { user, gateway } = await mountBooking({ lead: unchecked(), routes: geocodes({ "62701": SPRINGFIELD }) });
    expect(screen.getByText("Not validated")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Validate" }));
    expect(await screen.findByText("Validated")).toBeInTheDocument();
    expect(screen.getByLabelText(/^City/)).toHaveValue("Springfield");
    expect(calls(gateway)).toContain("GET /geocoding/62701");
    // The apartment keeps it checked; the street does not.
    await user.type(screen.getByLabelText(/^Apartment/), "4B");
    expect(screen.getByText("Validated")).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Street address/), " North");
    expect(screen.getByText("Not validated")).toBeInTheDocument();
  });

  it("tells other plugins a postal code is being checked while it is (live transfers wait for it)", async () => {
    let answer!: (reply: FakeReply<typeof geocodePostal>) => void;
    const pending = new Promise<FakeReply<typeof geocodePostal>>((resolve) => (answer = resolve));
    const { user, api } = await mountBooking({ lead: unchecked(), routes: geocodes({ "62701": () => pending }) });
    const booking = api as unknown as BookingApi;
    expect(booking.checkingPostal).toBe(false);
    await user.click(screen.getByRole("button", { name: "Validate" }));
    expect(booking.checkingPostal).toBe(true);
    answer(SPRINGFIELD);
    expect(await screen.findByText("Validated")).toBeInTheDocument();
    expect(booking.checkingPostal).toBe(false);
  });

  it("tells other plugins whether the lead's address is checked, its postal code found, and its state", async () => {
    const { user, api } = await mountBooking({
      lead: unchecked({ zip: "99999", state: null }),
      routes: geocodes({ "99999": NOT_FOUND, "62701": SPRINGFIELD }),
    });
    const booking = api as unknown as BookingApi;
    expect(booking.leadAddress).toEqual({ leadId: 31, valid: false, postalValidated: false, region: null });
    // Not found: let through, the postal code not validated, and no state until the agent picks one.
    await user.click(screen.getByRole("button", { name: "Validate" }));
    await screen.findByText(/This postal code was not found/);
    expect(booking.leadAddress).toEqual({ leadId: 31, valid: true, postalValidated: false, region: null });
    // Another postal code, found: validated, with its state.
    await user.clear(screen.getByLabelText(/^Zip code/));
    await user.type(screen.getByLabelText(/^Zip code/), "62701");
    expect(booking.leadAddress).toMatchObject({ valid: false, postalValidated: false });
    await user.click(screen.getByRole("button", { name: "Validate" }));
    expect(await screen.findByText("Validated")).toBeInTheDocument();
    expect(booking.leadAddress).toEqual({ leadId: 31, valid: true, postalValidated: true, region: "il" });
  });

  it("asks for a whole postal code before it can be validated", async () => {
    const { user } = await mountBooking({ lead: unchecked({ zip: "627" }) });
    expect(screen.getByText("Incomplete fields")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Validate" })).toBeDisabled();
    await user.type(screen.getByLabelText(/^Zip code/), "01");
    expect(screen.getByRole("button", { name: "Validate" })).toBeEnabled();
  });

  it("lets a qualifier go on with a postal code that is not found, and says so", async () => {
    const { user } = await mountBooking({
      lead: unchecked({ zip: "99999", city: "Nowhere" }),
      routes: geocodes({ "99999": NOT_FOUND }),
    });
    await user.click(screen.getByRole("button", { name: "Validate" }));
    expect(
      await screen.findByText(
        "This postal code was not found. Check it with the client, choose the state or province yourself, and go on.",
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("region", { name: "Client 1: Jane Doe" })).toBeInTheDocument();
  });

  it("tells an advisor in the advisor's words", async () => {
    await mountBooking({
      lead: unchecked({ zip: "99999", city: "Nowhere" }),
      agent: { roles: ["advisor"] },
      routes: geocodes({ "99999": { status: 422, data: { message: "Enter a valid zip code.", reason: "invalid" } } }),
    }).then(({ user }) => user.click(screen.getByRole("button", { name: "Validate" })));
    expect(
      await screen.findByText(
        "This postal code was not found. Choose the state or province yourself; the meeting can still be booked.",
      ),
    ).toBeInTheDocument();
  });

  it("refuses to go on before the address is validated", async () => {
    const { user } = await mountBooking({ lead: unchecked({ city: "Springfield" }) });
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Required fields missing")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Zip code/)).toHaveAccessibleDescription(
      expect.stringContaining("Validate the postal code before going on."),
    );
  });
});

describe("the clients", { timeout: 20_000 }, () => {
  it("are one on ISIUS", async () => {
    await mountBooking();
    expect(screen.getAllByRole("group", { name: /^Client \d$/ })).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Add a second client" })).not.toBeInTheDocument();
  });

  it("may be two on SLICA, each with their own name, and the second one removed again", async () => {
    const lead = wireLead({ country: "CA", address: { ...wireLead().address, zip: "H2X 1Y4", state: null, province: "qc", city: "Montréal", timezone: "America/Toronto" } });
    const { user } = await mountBooking({ lead, variant: "slica" });
    expect(screen.getAllByRole("group", { name: /^Client \d$/ })).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Add a second client" }));
    const second = screen.getByRole("group", { name: "Client 2" });
    await user.type(within(second).getByLabelText(/^First name/), "John");
    expect(within(second).getByLabelText(/^First name/)).toHaveValue("John");
    expect(screen.queryByRole("button", { name: "Add a second client" })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Province/)).toHaveDisplayValue("Quebec");
    await user.click(within(second).getByRole("button", { name: "Remove client 2" }));
    expect(screen.getAllByRole("group", { name: /^Client \d$/ })).toHaveLength(1);
  });
});
