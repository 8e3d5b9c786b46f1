// Which call centres' reports a caller reads (issue 37: "operations-managers see every call centre they are
// given"). Every report takes an optional `centre` (a call centre's id): left out, the caller's own; another
// centre is answered only to an operations manager an admin of that centre gave it to (./tables.ts), else 403.
// Scheduled e-mails stay with the caller's own centre: a schedule belongs to the centre that sends it.
import { z } from "zod";
import { ErrorBody } from "../../../src/contract/common";
import { defineEndpoint } from "../../../src/contract/endpoint";
import { idParam, RecordId } from "../../../src/contract/ids";
import { isValidEmail } from "../../../src/contract/accounts";

export const CENTRE_MESSAGES = {
  notGiven: "You are not given this call centre's reports.",
  noAccount: "No account has this e-mail.",
  notOperations: "Only an operations manager can be given a call centre's reports.",
  ownCentre: "This operations manager works in this call centre: they see its reports already.",
  already: "This operations manager has this call centre's reports already.",
  email: "Enter an e-mail address.",
  notFound: "This operations manager does not have this call centre's reports.",
} as const;

/** What every report's description says of `centre`. */
export const CENTRE_NOTE =
  " centre: another call centre's id, for an operations manager given it (GET /reports/centres); 403 otherwise.";

/** The query field every report takes: the call centre asked for; the caller's own when left out. */
export const centreField = { centre: RecordId.optional() };

export const ReportCentre = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The caller's own call centre (the reports' default). */
  own: z.boolean(),
});
export type ReportCentre = z.infer<typeof ReportCentre>;

export const reportCentres = defineEndpoint({
  method: "GET",
  path: "/reports/centres",
  summary:
    "Not in the specification (issue 37): the call centres whose reports the caller may read: their own first, then those an admin gave them (operations managers). 200 {data: [{id, name, own}]}. Managers and above.",
  tags: ["reports"],
  responses: { 200: z.object({ data: z.array(ReportCentre) }) },
});

export const CentreGrant = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** The call centre the operations manager works in. */
  centre: z.string(),
  granted_at: z.string(),
  granted_by: z.string().nullable(),
});
export type CentreGrant = z.infer<typeof CentreGrant>;

export const listCentreGrants = defineEndpoint({
  method: "GET",
  path: "/reports/centre-grants",
  summary:
    "Not in the specification (issue 37): the operations managers of other call centres given the caller's call centre's reports, newest first. 200 {data: [{user_id, name, email, centre, granted_at, granted_by}]}. Admins and above.",
  tags: ["reports"],
  responses: { 200: z.object({ data: z.array(CentreGrant) }) },
});

export const CentreGrantBody = z.strictObject({
  email: z
    .string({ error: CENTRE_MESSAGES.email })
    .trim()
    .min(1, CENTRE_MESSAGES.email)
    .max(254, CENTRE_MESSAGES.email)
    .refine(isValidEmail, CENTRE_MESSAGES.email),
});
export type CentreGrantBody = z.input<typeof CentreGrantBody>;

export const grantCentre = defineEndpoint({
  method: "POST",
  path: "/reports/centre-grants",
  summary: `Not in the specification (issue 37): gives the caller's call centre's reports to the operations manager with this e-mail (of any call centre). 201 {data: grant}; 404 "${CENTRE_MESSAGES.noAccount}"; 409 "${CENTRE_MESSAGES.already}"; 422 per field: not an operations manager, or one of this call centre. Admins and above.`,
  tags: ["reports"],
  body: CentreGrantBody,
  responses: { 201: z.object({ data: CentreGrant }), 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
});

export const revokeCentre = defineEndpoint({
  method: "DELETE",
  path: "/reports/centre-grants/:id",
  summary: `Not in the specification (issue 37): takes the caller's call centre's reports back from the operations manager with this user id; their next report of it is refused. 204; 404 "${CENTRE_MESSAGES.notFound}". Admins and above.`,
  tags: ["reports"],
  params: idParam,
  responses: { 204: z.null(), 404: ErrorBody },
});
