// Advisors in the area of a lead (agent-workspace §7 and §9): GET /available-agents (the count, 3 or more
// means available: a face-to-face booking; fewer: a forced booking, "no field advisor in the area") and
// GET /agents/available-advisors (who they are; with health=true only those licensed for the lead's state,
// as for the health e-app). Both answer with rows of `users`, the advisors of the caller's own call centre.
// GET /agents (§7; the users list of admin-and-sign-in §2) pages through the call centre's agents (list.ts).
// The users area's row changes and managers list (admin-and-sign-in §2, §7) are in usersArea.ts: PUT
// /outbound-eligibility/{id}, POST and DELETE /inbound-agents/{id}, GET /agents/managers.
import {
  AGENT_PAGE_SIZES,
  AdvisorListQuery,
  AgentListQuery,
  AgentListResponse,
  blockOutbound,
  listAgents as listAgentsEndpoint,
  listManagers as listManagersEndpoint,
  saveOutboundEligibility,
  unblockOutbound,
} from "../../../src/contract/agents";
import { z } from "zod";
import { ErrorBody } from "../../../src/contract/common";
import {
  ADVISOR_RADIUS_KM,
  AVAILABLE_AGENTS_THRESHOLD,
  countAvailableAgents,
  listAvailableAdvisors,
} from "../../../src/contract/geo";
import type { Gateway } from "../../gateway";
import { geocode, region } from "../../geo";
import { leadAccess, type Caller } from "../../auth/access";
import { fieldError, HttpError, MESSAGES } from "../../http/errors";
import { defineRoute, type RouteDef } from "../../http/route";
import { placeOfPostal } from "../geo/postal";
import { listAgents, type AgentListRequest } from "./list";
import { advisorsNear, licensedFor } from "./nearby";
import { listManagers, setInboundOnly, setOutboundEligibility } from "./usersArea";
import { accountLanguageRoutes } from "./language";
import { agentToolRoutes } from "./tools";

const AGENTS = { roles: ["setter", "advisor"] } as const;
/** The users area (admin-and-sign-in §6): managers, admins and operations-managers. */
const MANAGERS = { roles: ["manager"] } as const;

export const AGENT_MESSAGES = {
  unknownState: "state is not a US state or Canadian province code",
  postalOrLead: "postal is required (or lead_id, for a live transfer)",
} as const;

export function agentRoutes(gw: Gateway): RouteDef[] {
  /** The advisors around a postal code; none when the code only places a province. */
  const around = async (tenantId: number, postal: string, mga?: string) => {
    const place = placeOfPostal(postal);
    const advisors =
      place.precision === "postal"
        ? await advisorsNear(gw.db, tenantId, place.latitude, place.longitude, { radiusKm: ADVISOR_RADIUS_KM, mga })
        : [];
    return { place, advisors };
  };
  /** One page of GET /agents or GET /agents/advisors: the shared paging and search, and each route's filters. */
  const agentsPage = async (
    caller: Caller,
    query: z.output<typeof AgentListQuery> | z.output<typeof AdvisorListQuery>,
    filters: Pick<AgentListRequest, "role" | "bilingual" | "liveTransfers">,
  ) => {
    const { rows, total } = await listAgents(gw.db, caller, {
      query: query.query,
      page: query.page,
      perPage: query.per_page,
      sort: query.sort,
      callable: query.callable === "true",
      ...filters,
    });
    return { data: rows, meta: { total, page: query.page, per_page: query.per_page } };
  };
  return [
    ...agentToolRoutes(gw),
    ...accountLanguageRoutes(gw),
    defineRoute(listAgentsEndpoint, {
      access: AGENTS,
      example: { query: { query: "re", page: "1", per_page: "10", sort: "name", role: "qualifier", callable: "true" } },
      handler: ({ caller, query }) => agentsPage(caller, query, { role: query.role }),
    }),
    defineRoute({
      method: "GET",
      url: "/agents/advisors",
      summary: `The advisors of the caller's own call centre, one page at a time (admin-and-sign-in §7), answered as GET /agents: {data: [...], meta: {total, page, per_page}}, with the same query, page, per_page (${AGENT_PAGE_SIZES.join(", ")}), sort and callable. bilingual=true keeps the bilingual advisors; live_transfers=internal keeps those who take live transfers from the call centre's qualifiers, live_transfers=external those who take partners'. Anything else in the query: 422.`,
      tags: ["agents"],
      access: AGENTS,
      querystring: AdvisorListQuery,
      response: { 200: AgentListResponse, 422: ErrorBody },
      example: { query: { query: "ma", bilingual: "true", live_transfers: "internal", per_page: "10" } },
      handler: ({ caller, query }) =>
        agentsPage(caller, query, {
          role: "advisor",
          bilingual: query.bilingual === "true",
          liveTransfers: query.live_transfers,
        }),
    }),
    defineRoute(listManagersEndpoint, {
      access: MANAGERS,
      async handler({ caller }) {
        return { data: await listManagers(gw, caller) };
      },
    }),
    defineRoute(saveOutboundEligibility, {
      access: MANAGERS,
      example: { body: { eligibility: "both" } },
      async handler({ caller, params, body, raw }, reply) {
        await setOutboundEligibility(gw, caller, params.id, body.eligibility, raw.ip);
        reply.code(204);
        return null;
      },
    }),
    defineRoute(blockOutbound, {
      access: MANAGERS,
      async handler({ caller, params, raw }, reply) {
        await setInboundOnly(gw, caller, params.id, true, raw.ip);
        reply.code(201);
        return { data: { id: params.id, inbound_only: true } };
      },
    }),
    defineRoute(unblockOutbound, {
      access: MANAGERS,
      async handler({ caller, params, raw }, reply) {
        await setInboundOnly(gw, caller, params.id, false, raw.ip);
        reply.code(204);
        return null;
      },
    }),
    defineRoute(countAvailableAgents, {
      access: AGENTS,
      example: { query: { postal: "10001", mga: "" } },
      async handler({ caller, query }) {
        const { place, advisors } = await around(caller.tenantId, query.postal, query.mga);
        return {
          data: {
            count: advisors.length,
            available: advisors.length >= AVAILABLE_AGENTS_THRESHOLD,
            threshold: AVAILABLE_AGENTS_THRESHOLD,
            radius_km: ADVISOR_RADIUS_KM,
            precision: place.precision,
          },
        };
      },
    }),
    defineRoute(listAvailableAdvisors, {
      access: AGENTS,
      drivesCalls: true,
      example: { query: { postal: "10001", health: "true", state: "ny", mga: "" } },
      async handler({ caller, query }) {
        if (query.state && !region(query.state)) throw fieldError("state", AGENT_MESSAGES.unknownState);
        if (query.lead_id !== undefined) return liveTransferAdvisors(gw, caller, query.lead_id);
        if (!query.postal) throw fieldError("postal", AGENT_MESSAGES.postalOrLead);
        const { place, advisors } = await around(caller.tenantId, query.postal, query.mga);
        const state = query.state ?? place.state;
        const kept = query.health ? advisors.filter((a) => licensedFor(a, state)) : advisors;
        return {
          data: kept.map((a) => ({
            id: a.id,
            first_name: a.firstName,
            last_name: a.lastName,
            extension: a.extension,
            postal: a.homePostal,
            city: (a.homePostal && geocode(a.homePostal)?.city) || "",
            distance_km: Math.round(a.km * 10) / 10,
            health_licensed: licensedFor(a, state),
            mga: a.mga,
          })),
          meta: {
            count: kept.length,
            available: kept.length >= AVAILABLE_AGENTS_THRESHOLD,
            threshold: AVAILABLE_AGENTS_THRESHOLD,
            radius_km: ADVISOR_RADIUS_KM,
            precision: place.precision,
            health_state: query.health ? state : null,
          },
        };
      },
    }),
  ];
}

/** GET /agents/available-advisors?lead_id: the live-transfer view (server/modules/liveTransfers). */
async function liveTransferAdvisors(gw: Gateway, caller: Caller, leadId: number) {
  const access = await leadAccess(gw.db, {}, caller, leadId);
  if (access === "missing") throw new HttpError(404, MESSAGES.resourceNotFound);
  if (access === "denied") throw new HttpError(403, MESSAGES.forbidden);
  const ranked = await gw.calls.live.available(caller.tenantId, leadId);
  const ready = ranked.filter((r) => r.mode === "ready").length;
  return {
    data: ranked.map(({ advisor: a, mode }) => ({
      id: a.id,
      first_name: a.firstName,
      last_name: a.lastName,
      extension: a.extension,
      postal: null,
      city: "",
      distance_km: null,
      health_licensed: false,
      mga: a.mga,
      live_transfer: mode,
    })),
    meta: {
      count: ranked.length,
      available: ranked.length > 0,
      threshold: 1,
      radius_km: 0,
      precision: "postal" as const,
      health_state: null,
      live_transfer: { ready, notified: ranked.length - ready },
    },
  };
}
