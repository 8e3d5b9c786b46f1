// Send to iApp on the wire (agent-workspace §7: POST /leads/iapp/{id} {qualified_by, destination}; its answer
// is "not shown" in the specification, so it is designed here: the application's reference and the address of
// the client application page the browser opens in a new tab). The e-application system itself is external;
// its demo stand-in's routes are at the end.
import { z } from "zod";
import { ErrorBody } from "../../src/contract/common";
import { defineEndpoint } from "../../src/contract/endpoint";
import { idParam, MAX_RECORD_ID } from "../../src/contract/ids";

/** iapp: the e-application system; iapp2: its second system, for the agents allowed to use it (is_iapp2_agent). */
export const IAPP_DESTINATIONS = ["iapp", "iapp2"] as const;
export const IappDestination = z.enum(IAPP_DESTINATIONS);
export type IappDestination = z.infer<typeof IappDestination>;

export const SendToIappParams = idParam;
export const SendToIappBody = z.strictObject({
  /** The agent who qualified the lead (a user of the caller's call centre): the application names them. */
  qualified_by: z.number().int().min(1).max(MAX_RECORD_ID),
  destination: IappDestination,
});
export type SendToIappBody = z.infer<typeof SendToIappBody>;

export const IappSend = z.object({
  id: z.number().int(),
  lead_id: z.number().int(),
  destination: IappDestination,
  /** The e-application system's reference of the application. */
  reference: z.string(),
  /** The client application page (absolute, or a path on the gateway's own origin for the demo receiver). */
  url: z.string(),
  sent_at: z.string(),
});
export type IappSend = z.infer<typeof IappSend>;
export const IappSendResponse = z.object({ data: IappSend });
export const IappSendsResponse = z.object({ data: z.array(IappSend) });

/**
 * Sends the lead to a system. Not an Idempotency-Key write: the lead and destination are its key (sending again
 * answers the same application, 200).
 */
export const sendToIapp = defineEndpoint({
  method: "POST",
  path: "/leads/iapp/:id",
  summary:
    "Sends the lead to an e-application system (`destination` iapp, or iapp2 for an agent allowed it where the call centre offers the choice), naming the agent who qualified it (`qualified_by`). 201 {data: {reference, url}}: `url` is the client application page the browser opens in a new tab. Idempotent: the lead sent to the same destination again answers the same application (200). 502 'Something went wrong. Please try again or contact support' when the system refuses or does not answer (a retry reaches it with the same key, so it never opens two applications). 404 with iApp off, 403 for iApp 2 without the right, 422 for a qualifier who is not an agent of the call centre.",
  tags: ["iapp"],
  params: SendToIappParams,
  body: SendToIappBody,
  responses: {
    201: IappSendResponse,
    200: IappSendResponse,
    403: ErrorBody,
    404: ErrorBody,
    422: ErrorBody,
    502: ErrorBody,
  },
});

/** Where the lead was sent already (the panel offers those pages again). */
export const listIappSends = defineEndpoint({
  method: "GET",
  path: "/leads/iapp/:id",
  summary:
    "Not in the specification: where the lead was sent (the sends that reached their system), so the panel offers its client application page again after a reload. 200 {data: [...]}.",
  tags: ["iapp"],
  params: SendToIappParams,
  responses: { 200: IappSendsResponse, 404: ErrorBody, 422: ErrorBody },
});

export const IAPP_MESSAGES = {
  /** The specification's text for a failed send (agent-workspace §8, booking-and-reference §7). */
  sendError: "Something went wrong. Please try again or contact support",
  off: "Send to iApp is not available for this call centre.",
  notIapp2: "This agent cannot send leads to iApp 2.",
  unknownQualifier: "The qualifier is not an agent of this call centre.",
} as const;

/** The feature flags: the panel itself, and the choice between iApp and iApp 2 (agent-workspace §2). */
export const IAPP_FEATURE = "iapp";
export const IAPP_CHOICE_FEATURE = "iapp-choice";

// ---------------------------------------------------------------- the e-application system's side (adapter)

/** What the dialer hands the e-application system: the lead as the client's application starts from it. */
export const IappApplication = z.object({
  destination: IappDestination,
  call_centre: z.string(),
  lead: z.object({
    id: z.number().int(),
    marketing_id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string(),
    email: z.string(),
    language: z.string(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postal: z.string().nullable(),
    clients: z.array(z.record(z.string(), z.unknown())),
    insurance: z.record(z.string(), z.unknown()),
  }),
  qualified_by: z.object({ id: z.number().int(), name: z.string() }),
  /** The agent who sent it; the system answers in its language (the page the agent's new tab opens). */
  sent_by: z.object({ id: z.number().int(), name: z.string(), language: z.string() }),
});
export type IappApplication = z.infer<typeof IappApplication>;

/** The system's answer: its reference and the client application page. */
export const IappReceipt = z.object({ reference: z.string().min(1), url: z.string().min(1) });
export type IappReceipt = z.infer<typeof IappReceipt>;

/** The demo receiver's page address: the reference is the capability, so it must not be guessable. */
export const DemoApplicationParams = z.strictObject({
  reference: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
});
