// The booking panel's tests: a lead as GET /leads/{id} gives it, and the panel mounted through renderPlugin()
// with the SDK's fake leads stack and a fake gateway answering the wizard's requests. The clock starts
// 2026-01-05 14:00 UTC (renderPlugin's default).
import { screen } from "@testing-library/react";
import { countAvailableAgents, readWeatherForecast } from "../../../src/contract/geo";
import { readLead, type WireLead } from "../../../src/contract/lead";
import { leadsKey } from "../../../src/sdk";
import {
  fakeGateway,
  fakeLeads,
  leadView,
  provide,
  renderPlugin,
  reply,
  type EndpointRoute,
  type FakeReply,
  type RenderPluginOptions,
  type SeenRequest,
} from "../../../src/sdk/testing";
import { readBookingDraft, saveBookingDraft, type BookingDraft } from "../contract/draft";
import booking from "../index";

export function wireLead(over: Partial<WireLead> = {}): WireLead {
  return {
    id: 31,
    marketing_id: "M-31",
    crm_id: "CRM-31",
    first_name: "Jane",
    last_name: "Doe",
    phone: "+12175550100",
    phone_other: "[]",
    email: "jane.doe@example.com",
    language: "en",
    status: "In Process",
    status_description: null,
    new: false,
    dials: 1,
    notes: null,
    cre_notes: null,
    keywords: null,
    mga: null,
    website: null,
    is_annuity: false,
    reasons: ["final"],
    reason_other: null,
    campaign: null,
    local_did: null,
    is_inbound: false,
    is_redistributed_followup: false,
    qualifier_name: null,
    qualified_by: null,
    country: "US",
    created: false,
    created_at: "2026-01-01T10:00:00.000Z",
    address: {
      street: "1200 Main Street",
      apartment: null,
      buzzer: null,
      city: "Springfield",
      zip: "62701",
      state: "il",
      province: null,
      latitude: 39.8,
      longitude: -89.65,
      timezone: "America/Chicago",
      type: 1,
      valid: true,
    },
    clients: [
      {
        first_name: "Jane",
        last_name: "Doe",
        dob: "1960-04-02",
        gender: 2,
        smoker: 0,
        height: `5'6"`,
        height_units: 0,
        weight: "150",
        weight_units: 0,
        occupation: "Teacher",
        income: 3,
        income_type: "Monthly",
        title: "Mrs",
        employment: 1,
        disability: 0,
        country_of_birth: "US",
      },
    ],
    insurance: {
      amount: 50_000,
      annuity_beneficiary: null,
      annuity_funds: null,
      annuity_investment: null,
      annuity_period: null,
      applied: 0,
      carrier: null,
      denied: 0,
      has_policy: 0,
      premium: null,
      type: ["life"],
      type_other: "",
    },
    ...over,
  };
}

/** The lead's weather as the gateway answers it (four clear days), for the lead's checked place. */
function forecastOf(a: WireLead["address"]): FakeReply<typeof readWeatherForecast> {
  return {
    status: 200,
    data: {
      forecast: [0, 1, 2, 3].map((i) => ({
        date: `2026-01-0${5 + i}`,
        code: 0,
        condition: "weather.clear",
        icon: "clear-day",
        minC: -5,
        maxC: 2,
        minF: 23,
        maxF: 36,
      })),
      place: { city: a.city ?? "", state: a.state, latitude: a.latitude!, longitude: a.longitude!, timezone: a.timezone! },
      source: "deterministic",
    },
  };
}

/**
 * The requests the wizard makes for `leads`, answered: each lead, its draft (`drafts[id]`, none by default), the
 * draft's saves, the weather at a checked place (its city, coordinates and zone), the advisors around its postal
 * code (5). Anything else of these endpoints is 404, as a route the gateway does not have.
 */
export function leadRoutes(leads: WireLead[], drafts: Record<number, unknown> = {}): EndpointRoute[] {
  const byId = new Map(leads.map((l) => [l.id, l]));
  const placed = (l: WireLead) => !!l.address.city && l.address.latitude !== null && l.address.longitude !== null;
  return [
    reply(readLead, ({ params }) => {
      const lead = byId.get(params.id);
      return lead ? { status: 200, data: { data: lead } } : { status: 404 };
    }),
    reply(readBookingDraft, ({ params }) => {
      if (!byId.has(params.id)) return { status: 404 };
      // What a test left (a draft it saw sent): the fake checks it against the draft's schema.
      const draft = drafts[params.id] as BookingDraft | undefined;
      return { status: 200, data: { data: draft ? { draft, updated_at: "2026-01-05T13:00:00.000Z" } : null } };
    }),
    reply(saveBookingDraft, ({ params }) => (byId.has(params.id) ? { status: 204 } : { status: 404 })),
    reply(readWeatherForecast, ({ params, query }) => {
      const lead = leads.find(
        (l) =>
          placed(l) &&
          l.address.city === params.city &&
          query.latitude === l.address.latitude &&
          query.longitude === l.address.longitude &&
          query.timezone === (l.address.timezone ?? undefined),
      );
      return lead ? forecastOf(lead.address) : { status: 404 };
    }),
    reply(countAvailableAgents, ({ query }) =>
      leads.some((l) => l.address.zip && l.address.zip === query.postal) && query.mga === undefined
        ? agents(5)
        : { status: 404 },
    ),
  ];
}

/** GET /available-agents's answer for `count` advisors. */
export const agents = (count: number): FakeReply<typeof countAvailableAgents> => ({
  status: 200,
  data: { data: { count, available: count >= 3, threshold: 3, radius_km: 25, precision: "postal" } },
});

export interface MountOptions extends Omit<RenderPluginOptions, "gateway" | "services"> {
  lead?: WireLead | null;
  draft?: unknown;
  /** More leads the gateway has (the agent may move to them). */
  others?: WireLead[];
  /** Answers before the lead's own (they win over them). */
  routes?: EndpointRoute[];
}

export async function mountBooking(o: MountOptions = {}) {
  const lead = o.lead === undefined ? wireLead() : o.lead;
  const stack = fakeLeads(lead ? [leadView({ id: lead.id, firstName: lead.first_name, lastName: lead.last_name })] : []);
  const leads = [...(lead ? [lead] : []), ...(o.others ?? [])];
  const gateway = fakeGateway([
    ...(o.routes ?? []),
    ...(leads.length ? leadRoutes(leads, lead && o.draft ? { [lead.id]: o.draft } : {}) : []),
  ]);
  const view = await renderPlugin(booking, { ...o, gateway, services: [provide(leadsKey, stack.control)] });
  if (lead) await screen.findByRole("navigation", { name: /Booking steps|Étapes|Pasos/ }, { timeout: 5000 });
  return { ...view, stack, gateway };
}

/** The requests the gateway saw, as "METHOD /url". */
export const calls = (gateway: { requests: SeenRequest[] }) => gateway.requests.map((r) => `${r.method} ${r.url}`);

/** The text of a notification (the panel may hand a function that words it in the agent's language). */
export const textOf = (text: unknown) => (typeof text === "function" ? (text as () => string)() : String(text));
