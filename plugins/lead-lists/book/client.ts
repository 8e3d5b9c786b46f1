// The Leads page's calls to the gateway, by their endpoints: the search, the lists, campaigns and agents its
// selects offer, one lead (the core's GET and PUT /leads/{id}, its history), and the manager's reassign and Do Not
// Call; and how the page says a refusal: the gateway's and the contract's known texts in the manager's language
// (the locale's `book.errors.*`), anything else as it came.
import type { TFunction } from "i18next";
import { listAgents } from "../../../src/contract/agents";
import { LEAD_RECORD_MESSAGES, readLead, type UpdateLeadInput } from "../../../src/contract/lead";
import { listLeadCampaigns } from "../../../src/contract/leadBook";
import { readLeadHistory } from "../../../src/contract/leadHistory";
import { callEndpoint, type EndpointCaller, type Refusal } from "../../../src/sdk";
import { settingsRefusal } from "../../../src/sdk/settings";
import { readLeadLists } from "../contract";
import {
  BOOK_MESSAGES,
  markBookLeadDoNotCall,
  reassignBookLead,
  saveLeadFields,
  searchLeadBook,
  type DncBody,
  type LeadBookQuery,
} from "./contract";

/** Agents the reassign select lists at once; past that, its search box narrows them. */
export const AGENTS_AT_ONCE = 100;

export function bookClient(ctx: EndpointCaller) {
  return {
    search: (query: LeadBookQuery) => callEndpoint(ctx, searchLeadBook, { query }),
    lists: () => callEndpoint(ctx, readLeadLists),
    campaigns: () => callEndpoint(ctx, listLeadCampaigns),
    agents: (query?: string) =>
      callEndpoint(ctx, listAgents, {
        query: { per_page: String(AGENTS_AT_ONCE) as "100", sort: "name", ...(query ? { query } : {}) },
      }),
    lead: (id: number) => callEndpoint(ctx, readLead, { params: { id } }),
    history: (id: number) => callEndpoint(ctx, readLeadHistory, { params: { id } }),
    save: (id: number, body: UpdateLeadInput) => callEndpoint(ctx, saveLeadFields, { params: { id }, body }),
    reassign: (id: number, agentId: number | null) =>
      callEndpoint(ctx, reassignBookLead, { params: { id }, body: { agent_id: agentId } }),
    doNotCall: (id: number, body: DncBody) =>
      callEndpoint(ctx, markBookLeadDoNotCall, { params: { id }, body }),
  };
}
export type BookClient = ReturnType<typeof bookClient>;

/** The gateway's and the contract's sentences the page words itself, by their key under `book.errors`. */
const KNOWN: Record<string, string> = {
  [BOOK_MESSAGES.inProcess]: "in_process",
  [BOOK_MESSAGES.notAnAgent]: "not_an_agent",
  [BOOK_MESSAGES.noSuchList]: "no_such_list",
  [BOOK_MESSAGES.noSuchCampaign]: "no_such_campaign",
  [BOOK_MESSAGES.status]: "status",
  [BOOK_MESSAGES.searchTooLong]: "search_too_long",
  [BOOK_MESSAGES.reasonRequired]: "reason_required",
  [BOOK_MESSAGES.reasonTooLong]: "reason_too_long",
  [LEAD_RECORD_MESSAGES.postalTooShort]: "postal_too_short",
  [LEAD_RECORD_MESSAGES.zipInvalid]: "zip_invalid",
  [LEAD_RECORD_MESSAGES.postalInvalid]: "postal_invalid",
  [LEAD_RECORD_MESSAGES.regionInvalid]: "region_invalid",
  "Unknown state or province": "state_invalid",
  "Email is not valid": "email_invalid",
  "phone_other must be a JSON list of phone numbers": "phones_invalid",
};

/** A gateway or contract sentence in the manager's language when it is one the page knows, else as it came. */
export function sayGateway(t: TFunction, text: string): string {
  const key = KNOWN[text];
  return key ? t(`book.errors.${key}`) : text;
}

/** Whether the page words this sentence itself (else it is shown as it came, or as "check this field"). */
export const knowsSentence = (text: string) => KNOWN[text] !== undefined;

/** A refused call: its field errors (the first message of each, worded) and a message for the whole. */
export interface PageRefusal {
  fields: Record<string, string>;
  message: string | null;
}

/** What to show of a refusal: 422 field errors at their fields, anything else as one message. */
export function refusalOf(t: TFunction, language: string, r: Refusal): PageRefusal {
  const words = settingsRefusal(r, language);
  const fields = Object.fromEntries(
    Object.entries(words.errors)
      .filter(([, list]) => list.length > 0)
      .map(([field, list]) => [field, sayGateway(t, list[0]!)]),
  );
  if (r.status === 422 && Object.keys(fields).length > 0) return { fields, message: null };
  if (r.status === 404) return { fields, message: t("book.errors.gone") };
  if (r.status === null) return { fields, message: t("book.errors.offline") };
  return { fields, message: sayGateway(t, r.message && r.status !== 403 ? r.message : words.message) };
}
