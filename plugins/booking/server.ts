// The booking plugin's gateway side: the wizard's draft per lead and agent, POST /meetings (the booking itself,
// agent-workspace §7), the instant appointment offers (IOA) and the lead's MGA. It writes its own tables
// (tables.ts); what a booking changes of the lead and its follow-ups (status, details, the assigned advisor's
// meeting follow-up, which also gives the advisor the lead) is the leads module's write, `ctx.leads.applyBooking`,
// in the booking's transaction.
import { and, count, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { ErrorBody } from "../../src/contract/common";
import { BOOKED_MEETING } from "../../src/contract/dispositions";
import { idParam } from "../../src/contract/ids";
import {
  definePluginServer,
  defineRoute,
  HttpError,
  leads,
  MESSAGES,
  users,
  type Caller,
  type Db,
  type PluginServerContext,
  type RouteDef,
} from "../../server/sdk";
import { BookingDraft, readBookingDraft, saveBookingDraft } from "./contract/draft";
import { assignIoa, readIoa, startIoa, stopIoa, type IoaResult } from "./contract/ioa";
import { bookMeeting, bookMeetingBody, IOA_ACCEPTED, IOA_DECLINED } from "./contract/meeting";
import { MESSAGES as M } from "./contract/messages";
import { ENOUGH_AGENTS, hasHealthIssues, restrictions } from "./contract/restrictions";
import { contactDetailsStep, fieldErrors, insuranceCoverageStep } from "./contract/steps";
import { bookingDrafts, ioas, meetings } from "./tables";

/** Qualifiers book; advisors too (agent-workspace: advisors get the booking panel), and managers above them. */
const BOOKERS = { roles: ["setter", "advisor"] } as const;

/** The status a booked lead takes, and the kind of the advisor's follow-up it leaves (one fact, in the contract). */
export const BOOKED_STATUS = BOOKED_MEETING;

/** agent-workspace §8: the lead is already booked (its status follows the sentence). */
export const ALREADY_BOOKED = "This lead has been already booked. Current status:";

/** How long the simulated offer service takes to answer a search. */
export const IOA_ANSWER_MS = 15_000;

const LeadIdParams = idParam;
const MgaQuery = z.strictObject({
  email: z.string().max(100).optional(),
  phone: z.string().max(30).optional(),
  province: z.string().max(2).optional(),
});
const MgaResponse = z.object({ data: z.object({ mga: z.string().nullable() }) });

export function bookingRoutes(ctx: PluginServerContext): RouteDef[] {
  const { db, clock } = ctx;

  const leadOrRefuse = async (caller: Caller, leadId: number) => {
    const access = await ctx.access.leadAccess(caller, leadId);
    if (access === "missing") throw new HttpError(404, MESSAGES.resourceNotFound);
    if (access === "denied") throw new HttpError(403, MESSAGES.forbidden);
    const [lead] = await db
      .select({
        id: leads.id,
        status: leads.status,
        country: leads.country,
        timezone: leads.timezone,
        mga: leads.mga,
        marketingId: leads.marketingId,
        clients: leads.clients,
      })
      .from(leads)
      .where(eq(leads.id, leadId));
    return lead!;
  };

  /**
   * The caller's draft of the lead; without one, the latest another agent of the call centre typed (the
   * qualifier's, when a live transfer handed the lead to this advisor: the booking carries over). The caller's
   * right to the lead is checked before.
   */
  const draftOf = async (caller: Caller, leadId: number) => {
    const [row] = await db
      .select({ draft: bookingDrafts.draft, updatedAt: bookingDrafts.updatedAt })
      .from(bookingDrafts)
      .where(and(eq(bookingDrafts.leadId, leadId), eq(bookingDrafts.tenantId, caller.tenantId)))
      .orderBy(sql`${bookingDrafts.agentId} = ${caller.id} desc`, desc(bookingDrafts.updatedAt))
      .limit(1);
    return row;
  };

  return [
    defineRoute(readBookingDraft, {
      access: { ...BOOKERS, leadParam: "id" },
      async handler({ caller, params }) {
        const row = await draftOf(caller, params.id);
        const draft = row ? BookingDraft.safeParse(row.draft) : null;
        return {
          data: draft?.success ? { draft: draft.data, updated_at: row!.updatedAt.toISOString() } : null,
        };
      },
    }),
    defineRoute(saveBookingDraft, {
      access: { ...BOOKERS, leadParam: "id" },
      example: { body: { draft: { step: 0, contact: {}, coverage: {}, meeting: {} } } },
      async handler({ caller, params, body }, reply) {
        const now = new Date(clock.now());
        await db
          .insert(bookingDrafts)
          .values({
            tenantId: caller.tenantId,
            leadId: params.id,
            agentId: caller.id,
            draft: body.draft,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: [bookingDrafts.leadId, bookingDrafts.agentId],
            set: { draft: body.draft, updatedAt: now },
          });
        reply.code(204);
        return null;
      },
    }),
    defineRoute(bookMeeting, {
      access: BOOKERS,
      example: { body: { lead_id: 1, meeting: {} } },
      async handler({ caller, body, raw }, reply) {
        return ctx.idempotent(caller, raw, reply, async (claim) => {
          const lead = await leadOrRefuse(caller, body.lead_id);
          const booked = await db
            .select({ id: meetings.id })
            .from(meetings)
            .where(eq(meetings.leadId, lead.id));
          if (booked.length > 0 || lead.status === BOOKED_STATUS)
            throw new HttpError(409, `${ALREADY_BOOKED} ${lead.status}`);

          const nowMs = clock.now();
          const country = lead.country === "CA" ? "CA" : "US";
          // The call centre's variant says how many clients a lead holds (SLICA: two).
          const clients = (await ctx.callCentre(caller.tenantId))?.variant.clientsPerLead ?? 1;
          const stepOptions = { clients, country, nowMs } as const;
          const draftRow = await draftOf(caller, lead.id);
          const contact = contactDetailsStep(stepOptions).safeParse(draftRow?.draft.contact);
          const coverage = insuranceCoverageStep(stepOptions).safeParse(draftRow?.draft.coverage);
          const stepErrors = {
            ...(contact.success ? {} : prefixed("contact", fieldErrors(contact.error))),
            ...(coverage.success ? {} : prefixed("coverage", fieldErrors(coverage.error))),
          };
          if (!contact.success || !coverage.success) throw new HttpError(422, MESSAGES.invalid, stepErrors);

          const meeting = body.meeting;
          const sunLife = meeting.is_sun_life === 1;
          const place = meeting.sameAddress === "1" ? contact.data.address.postal : meeting.address.postal;
          const around = sunLife || !place ? [] : await ctx.advisors.around(caller.tenantId, place, lead.mga);
          const facts = {
            nowMs,
            timeZone: lead.timezone,
            clients: contact.data.clients.map((c, i) => ({
              dob: c.dob,
              healthIssues: hasHealthIssues(coverage.data.clients[i] ?? { conditions: [], medications: [] }),
            })),
            insuranceAmounts: coverage.data.insurance.map((i) => i.amount),
            insuranceTypes: coverage.data.insurance.flatMap((i) => i.type),
            ioaAccepted: meeting.ioa === IOA_ACCEPTED,
            // Force with advisors enough in the area and no declined offer was the agent's own choice.
            manualForce:
              meeting.force && !sunLife && around.length >= ENOUGH_AGENTS && meeting.ioa !== IOA_DECLINED,
            availableAgents: sunLife ? null : around.length,
            refusedFaceToFace: meeting.refused,
          };
          const checked = bookMeetingBody({ country, restrictions: restrictions(facts) }).safeParse(raw.body);
          if (!checked.success) throw new HttpError(422, MESSAGES.invalid, fieldErrors(checked.error));
          const m = checked.data.meeting;
          const startsAt = new Date(m.date);
          const advisorId = sunLife
            ? null
            : await assignAdvisor(
                db,
                caller.tenantId,
                around.map((a) => a.id),
                startsAt,
              );
          const at = new Date(nowMs);

          return db.transaction(async (tx) => {
            const [row] = await tx
              .insert(meetings)
              .values({
                tenantId: caller.tenantId,
                leadId: lead.id,
                bookedBy: caller.id,
                advisorId,
                crmId: "pending",
                type: m.type,
                startsAt,
                force: m.force,
                ioa: String(m.ioa),
                reasons: [...m.reasons],
                reasonOther: m.reasonOther,
                refused: m.refused,
                refusalReasons: [...m.refusalReasons],
                refusalReasonOther: m.refusalReasonOther,
                sameAddress: m.sameAddress === "1",
                isSunLife: sunLife,
                address: m.sameAddress === "1" ? { ...contact.data.address } : { ...m.address },
                createdAt: at,
              })
              .returning({ id: meetings.id });
            const meetingCrmId = `MTG-${String(row!.id).padStart(8, "0")}`;
            await tx.update(meetings).set({ crmId: meetingCrmId }).where(eq(meetings.id, row!.id));

            const c = contact.data;
            await ctx.leads.applyBooking(tx as unknown as Db, {
              tenantId: caller.tenantId,
              leadId: lead.id,
              details: {
                // The first client is the lead's person: a lead made by a dial had no name until now.
                firstName: c.clients[0]!.firstName,
                lastName: c.clients[0]!.lastName,
                email: c.lead.email || null,
                phoneOther: c.lead.phoneOther,
                language: c.lead.language,
                reasons: [...c.lead.reasons],
                reasonOther: c.lead.reasonOther || null,
                street: c.address.address,
                apartment: c.address.apartment || null,
                buzzer: c.address.buzzer || null,
                city: c.address.city,
                postal: c.address.postal,
                state: (c.address.state ?? c.address.province ?? "").toLowerCase() || null,
                latitude: c.address.latitude,
                longitude: c.address.longitude,
                timezone: c.address.timezone,
                addressType: c.address.type,
                addressValid: c.address.valid,
                clients: c.clients.map((client, i) => ({
                  ...(lead.clients[i] ?? {}),
                  ...client,
                  ...coverage.data.clients[i],
                  insurance: coverage.data.insurance[i],
                })),
                insurance: { ...coverage.data.insurance[0] },
              },
              advisorId,
              startsAt,
              at,
            });
            await tx.delete(bookingDrafts).where(eq(bookingDrafts.leadId, lead.id));

            const answer = { status: 201, body: { data: { meetingCrmId } } };
            await claim.keepIn(tx as unknown as Db, answer);
            return answer;
          });
        });
      },
    }),
    defineRoute(startIoa, {
      access: BOOKERS,
      example: {
        body: {
          address: "350 5th Ave, New York",
          firstName: "Pat",
          lastName: "Doe",
          mga: null,
          postal: "10118",
        },
      },
      async handler({ caller, body }, reply) {
        const nearby = body.postal
          ? (await ctx.advisors.around(caller.tenantId, body.postal, body.mga)).length
          : 0;
        const outcome: IoaResult = nearby >= ENOUGH_AGENTS ? 2 : nearby > 0 ? 1 : 0;
        const now = clock.now();
        const [row] = await db
          .insert(ioas)
          .values({
            tenantId: caller.tenantId,
            agentId: caller.id,
            firstName: body.firstName,
            lastName: body.lastName,
            address: body.address,
            postal: body.postal ?? null,
            mga: body.mga ?? null,
            outcome,
            answersAt: new Date(now + IOA_ANSWER_MS),
            createdAt: new Date(now),
          })
          .returning({ id: ioas.id });
        reply.code(201);
        return { data: { ioaId: row!.id } };
      },
    }),
    defineRoute(readIoa, {
      access: BOOKERS,
      async handler({ caller, params }) {
        const row = await ownIoa(db, caller, params.id);
        const answered = clock.now() >= row.answersAt.getTime();
        const stopped = row.canceledAt !== null;
        return {
          data: {
            id: row.id,
            address: row.address,
            firstName: row.firstName,
            lastName: row.lastName,
            mga: row.mga,
            result: (answered ? row.outcome : -1) as IoaResult,
            display: !stopped,
            running: !answered && !stopped,
          },
        };
      },
    }),
    defineRoute(stopIoa, {
      access: BOOKERS,
      async handler({ caller, params }, reply) {
        const row = await ownIoa(db, caller, params.id);
        if (!row.canceledAt)
          await db
            .update(ioas)
            .set({ canceledAt: new Date(clock.now()) })
            .where(eq(ioas.id, row.id));
        reply.code(204);
        return null;
      },
    }),
    defineRoute(assignIoa, {
      access: BOOKERS,
      example: { body: { leadCrmId: null, marketingId: "WEB000001", meetingCrmId: "MTG-00000001" } },
      async handler({ caller, params, body }, reply) {
        const row = await ownIoa(db, caller, params.id);
        const [meeting] = await db
          .select({ id: meetings.id })
          .from(meetings)
          .where(
            and(
              eq(meetings.tenantId, caller.tenantId),
              eq(meetings.crmId, body.meetingCrmId),
              eq(meetings.bookedBy, caller.id),
            ),
          );
        if (!meeting) throw new HttpError(422, MESSAGES.invalid, { meetingCrmId: [M.invalid] });
        await db
          .update(ioas)
          .set({
            assignedMeetingCrmId: body.meetingCrmId,
            leadCrmId: body.leadCrmId,
            marketingId: body.marketingId,
          })
          .where(eq(ioas.id, row.id));
        reply.code(204);
        return null;
      },
    }),
    defineRoute({
      method: "GET",
      url: "/leads/:id/mgas",
      summary:
        "The lead's MGA (agent-workspace §7 GET /leads/{leadId}/mgas?email&phone&province): {data: {mga}}, null when the CRM gave the lead none. email, phone and province are accepted as the specification lists them; the MGA is the lead's own.",
      tags: ["booking"],
      access: { ...BOOKERS, leadParam: "id" },
      params: LeadIdParams,
      querystring: MgaQuery,
      response: { 200: MgaResponse, 404: ErrorBody, 422: ErrorBody },
      async handler({ params }) {
        const [row] = await db.select({ mga: leads.mga }).from(leads).where(eq(leads.id, params.id));
        return { data: { mga: row?.mga ?? null } };
      },
    }),
  ];
}

const prefixed = (prefix: string, errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k ? `${prefix}.${k}` : prefix, v]));

async function ownIoa(db: Db, caller: Caller, id: number) {
  const [row] = await db
    .select()
    .from(ioas)
    .where(and(eq(ioas.id, id), eq(ioas.agentId, caller.id)));
  if (!row) throw new HttpError(404, MESSAGES.resourceNotFound);
  return row;
}

/**
 * The advisor who takes a meeting: among the advisors in the area (nearest first), the one with the fewest
 * meetings that day; with none in the area (a forced booking), the call centre's advisor with the fewest. The
 * day is the meeting's UTC day: a simple, stable measure of load.
 */
async function assignAdvisor(
  db: Db,
  tenantId: number,
  nearby: number[],
  startsAt: Date,
): Promise<number | null> {
  const pool =
    nearby.length > 0
      ? nearby
      : (
          await db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.tenantId, tenantId), eq(users.role, "advisor"), eq(users.disabled, false)))
            .orderBy(users.id)
        ).map((u) => u.id);
  if (pool.length === 0) return null;
  const day = new Date(Date.UTC(startsAt.getUTCFullYear(), startsAt.getUTCMonth(), startsAt.getUTCDate()));
  const next = new Date(day.getTime() + 86_400_000);
  const loads = await db
    .select({ advisorId: meetings.advisorId, n: count() })
    .from(meetings)
    .where(and(inArray(meetings.advisorId, pool), gte(meetings.startsAt, day), lt(meetings.startsAt, next)))
    .groupBy(meetings.advisorId);
  const load = new Map(loads.map((l) => [l.advisorId!, Number(l.n)]));
  // Stable: the order of `pool` (nearest first) breaks ties.
  return pool.reduce((best, id) => ((load.get(id) ?? 0) < (load.get(best) ?? 0) ? id : best), pool[0]!);
}

export default definePluginServer(bookingRoutes);
