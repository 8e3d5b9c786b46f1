// POST /leads/{id}/dispositions (agent-workspace §7): the outcome of a lead, once. The lead takes the
// disposition as its status; the disposition is tied to the agent's call when one is named. In the same
// transaction the dialer's follow-up is created, moved or closed, a Do Not Call puts the lead's numbers on
// the call centre's list, and the lead leaves the agent's in-process leads (server/dialer/followUps.ts).
// Retries with the same Idempotency-Key answer the first result, so a flaky network never disposes twice.
import { and, eq, sql } from "drizzle-orm";
import { DISPOSING_ACCESS_ROLES } from "../../../src/contract/roles";
import { createDisposition, EXCEPTION_MESSAGES } from "../../../src/contract/dispositions";
import { holdsRoleAtLeast } from "../../../src/contract/common";
import type { Db } from "../../db/client";
import { preparedOn } from "../../db/prepared";
import { tenants, users } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { fieldError, HttpError, MESSAGES } from "../../http/errors";
import { idempotent } from "../../http/idempotency";
import { defineRoute, type RouteDef } from "../../http/route";
import { rolesOf, type Caller } from "../../auth/access";
import type { OutgoingMail } from "../../mail/mailer";
import { gatewayOutbox, type Outbox } from "../../mail/outbox";
import { refusalOf } from "./allowed";
import { recordDisposition } from "./record";

export function dispositionRoutes(gw: Gateway): RouteDef[] {
  // Made on first use: the route table is also read without a running gateway (the access matrix).
  let outbox: Outbox | undefined;
  const mail = () => (outbox ??= gatewayOutbox(gw));
  return [
    defineRoute(createDisposition, {
      access: { roles: DISPOSING_ACCESS_ROLES, leadParam: "id" },
      example: { body: { disposition: { disposition: "Voicemail", notes: "" }, call_id: null } },
      async handler({ caller, params, body, raw }, reply) {
        return idempotent(gw, caller, raw, reply, async (claim) => {
          const d = body.disposition;
          const callId = body.call_id ?? null;
          const facts = await dispositionFactsOf(gw.db, caller, { leadId: params.id, callId });
          const refused = refusalOf(d, facts);
          if (refused) throw new HttpError(422, MESSAGES.invalid, { [refused.field]: [refused.key] });
          // An exception goes to a manager of the agent's own call centre, named by e-mail.
          const approver = d.exception ? await managerByEmail(gw.db, caller.tenantId, d.exception.manager_email) : null;
          if (d.exception && !approver)
            throw new HttpError(422, MESSAGES.invalid, { "disposition.exception.manager_email": [EXCEPTION_MESSAGES.notAManager] });
          if (!facts.callIsTheAgents) throw fieldError("call_id", "The call is not one of yours on this lead.");
          const now = new Date(gw.clock.now());
          const saved = await gw.db.transaction(async (tx) => {
            // Moving a follow-up (Pocket with reschedule_followup, the follow-ups table's picker) is no outcome.
            const saved = await recordDisposition(tx as unknown as Db, {
              tenantId: caller.tenantId,
              leadId: params.id,
              agentId: caller.id,
              callId,
              disposition: d.disposition,
              reason: d.reason ?? null,
              reasonOther: d.reason_other ?? null,
              notes: d.notes,
              dateTime: d.date_time ? new Date(d.date_time) : null,
              reschedule: d.reschedule_followup,
              shortCall: d.short_call,
              sold: d.sold ?? null,
              exception: d.exception ?? null,
              at: now,
            });
            const answer = {
              status: 201,
              body: {
                data: {
                  id: saved.id,
                  lead_id: saved.leadId,
                  call_id: saved.callId,
                  disposition: d.disposition,
                  reason: saved.reason,
                  reason_other: saved.reasonOther,
                  notes: saved.notes ?? "",
                  date_time: saved.dateTime?.toISOString() ?? null,
                  short_call: saved.shortCall,
                  created_at: saved.createdAt.toISOString(),
                  sold: d.sold ?? null,
                  exception: d.exception ?? null,
                },
              },
            };
            // The Idempotency-Key's answer commits with the disposition: a crash keeps both or neither.
            await claim.keepIn(tx as unknown as Db, answer);
            return answer;
          });
          // Once stored: the manager is asked to approve what is there.
          if (d.exception && approver)
            await mail().send(
              await exceptionMail(gw.db, caller, approver.email, saved.body.data.id, params.id, d.disposition, d.exception.reason),
              { what: "disposition exception e-mail", userId: caller.id },
            );
          return saved;
        });
      },
    }),
  ];
}

/** A manager (or above) of the call centre with this e-mail, who approves a disposition given as an exception. */
async function managerByEmail(db: Db, tenantId: number, email: string) {
  const [u] = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.email, email), eq(users.disabled, false)))
    .limit(1);
  return u && holdsRoleAtLeast(rolesOf(u.role), "manager") ? u : null;
}

/** The manager's e-mail: who disposed which lead how, and why it is an exception. No lead's personal data. */
async function exceptionMail(
  db: Db,
  caller: Caller,
  to: string,
  dispositionId: number,
  leadId: number,
  disposition: string,
  reason: string,
): Promise<OutgoingMail> {
  const [agent] = await db.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, caller.id));
  const name = `${agent?.first ?? ""} ${agent?.last ?? ""}`.trim() || `agent #${caller.id}`;
  return {
    to,
    subject: `Disposition exception to approve: ${disposition}`,
    text:
      `${name} disposed lead #${leadId} as ${disposition} (disposition #${dispositionId}) and asks you to approve it as an exception.\n\n` +
      `Reason: ${reason.trim()}\n`,
  };
}

/**
 * The facts the disposition lists are filtered by (roles, the call centre, the account's transfer flags), and in the
 * same read whether the call named is the agent's own on this lead (issue 39: one statement where there were two).
 */
/** Prepared once: every disposition reads it. No call named: the call is no question. */
const dispositionFactsQuery = preparedOn((db: Db) => {
  const callId = sql.placeholder("callId");
  const agentId = sql.placeholder("agentId");
  return db
    .select({
      variant: tenants.variant,
      canTransferToMatcha: users.canTransferToMatcha,
      canTransferToSunlife: users.canTransferToSunlife,
      callIsTheAgents: sql<boolean>`(${callId}::int is null or exists (
        select 1 from calls c where c.id = ${callId}::int and c.agent_id = ${agentId}::int
          and c.lead_id = ${sql.placeholder("leadId")}::int))`,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(users.id, agentId))
    .limit(1)
    .prepare("disposition_facts");
});

async function dispositionFactsOf(db: Db, caller: Caller, named: { leadId: number; callId: number | null }) {
  const [row] = await dispositionFactsQuery(db).execute({ agentId: caller.id, ...named });
  return {
    roles: caller.roles,
    callCentre: (row?.variant ?? "").toUpperCase(),
    flags: { canTransferToMatcha: row?.canTransferToMatcha === true, canTransferToSunlife: row?.canTransferToSunlife === true },
    callIsTheAgents: row?.callIsTheAgents === true,
  };
}
