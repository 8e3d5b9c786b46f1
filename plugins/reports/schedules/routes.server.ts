// The scheduled e-mails' routes (issue 37, part 6; managers and above, their own call centre only): list, create,
// update, delete and "send now"; and the poll that sends the runs as they fall due (./sender.server.ts), started
// once the gateway runs and ending by itself when it closes (background work is then refused).
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import {
  defineRoute,
  fieldError,
  HttpError,
  users,
  type Db,
  type PluginServerContext,
  type RouteDef,
} from "../../../server/sdk";
import {
  createSchedule,
  deleteSchedule,
  listSchedules,
  SCHEDULE_MESSAGES,
  sendScheduleNow,
  updateSchedule,
  type ReportSchedule,
  type ScheduleInput,
  type SendFailure,
} from "./contract";
import { SENDABLE_REPORTS } from "./registry.server";
import { firstRun, POLL_MS, ScheduleRunner, sendNow, timeZoneOf, type ScheduleRow } from "./sender.server";
import { reportSchedules } from "./tables";

const MANAGERS = { roles: ["manager"] } as const;

const EXAMPLE = {
  name: "Yesterday on the floor",
  report: "agents",
  range: "yesterday",
  by: "day",
  frequency: "daily",
  weekday: null,
  hour: 7,
  recipients: ["manager.isius@demo.test"],
  active: true,
} as const;

/** The schedule as the page reads it. */
function wire(row: ScheduleRow, creator: string | null): ReportSchedule {
  return {
    id: row.id,
    name: row.name,
    report: row.report as ReportSchedule["report"],
    range: row.range as ReportSchedule["range"],
    by: row.by as ReportSchedule["by"],
    frequency: row.frequency as ReportSchedule["frequency"],
    weekday: row.weekday,
    hour: row.hour,
    recipients: row.recipients,
    active: row.active,
    next_run_at: row.active ? row.nextRunAt.toISOString() : null,
    last_sent_at: row.lastSentAt?.toISOString() ?? null,
    last_error:
      row.lastError && row.lastErrorAt
        ? {
            kind: row.lastError as SendFailure,
            detail: row.lastErrorDetail,
            at: row.lastErrorAt.toISOString(),
            attempts: row.attempts,
            given_up: row.gaveUp,
          }
        : null,
    created_by: creator ?? "",
  };
}

/** The call centre's schedules (one when `id` is given), with who made each. */
async function schedulesOf(db: Db, tenantId: number, id?: number): Promise<ReportSchedule[]> {
  const rows = await db
    .select({ row: reportSchedules, first: users.firstName, last: users.lastName })
    .from(reportSchedules)
    .leftJoin(users, eq(users.id, reportSchedules.createdBy))
    .where(
      and(eq(reportSchedules.tenantId, tenantId), id === undefined ? undefined : eq(reportSchedules.id, id)),
    )
    .orderBy(asc(reportSchedules.id));
  return rows.map((r) => wire(r.row, r.first === null ? null : `${r.first} ${r.last ?? ""}`.trim()));
}

/** The columns a body sets: a report grouped by day unless said, and only a report with a CSV yet. */
function columnsOf(body: ScheduleInput) {
  if (!SENDABLE_REPORTS.includes(body.report)) throw fieldError("report", SCHEDULE_MESSAGES.notYet);
  return {
    name: body.name,
    report: body.report,
    range: body.range,
    by: body.report === "agents" ? (body.by ?? "day") : null,
    frequency: body.frequency,
    weekday: body.frequency === "weekly" ? body.weekday : null,
    hour: body.hour,
    recipients: body.recipients,
    active: body.active,
  };
}

export function reportScheduleRoutes(ctx: PluginServerContext): RouteDef[] {
  const { db } = ctx;
  const now = () => ctx.clock.now();

  const one = async (tenantId: number, id: number) => {
    const [found] = await schedulesOf(db, tenantId, id);
    if (!found) throw new HttpError(404, SCHEDULE_MESSAGES.missing);
    return found;
  };
  const rowOf = async (tenantId: number, id: number) => {
    const [row] = await db
      .select()
      .from(reportSchedules)
      .where(and(eq(reportSchedules.tenantId, tenantId), eq(reportSchedules.id, id)));
    if (!row) throw new HttpError(404, SCHEDULE_MESSAGES.missing);
    return row;
  };

  // The poll: one run at a time on this instance; the next poll is set once this one has run, so when the gateway
  // closes (background work refused) the polling ends by itself.
  const runner = new ScheduleRunner(ctx, `gateway-${process.pid}-${randomUUID().slice(0, 8)}`);
  const poll = () =>
    ctx.background("report schedule poll", async () => {
      try {
        await runner.runDue();
      } finally {
        ctx.clock.setTimeout(poll, POLL_MS);
      }
    });
  ctx.afterStart("report schedule poll", async () => poll());

  return [
    defineRoute(listSchedules, {
      access: MANAGERS,
      async handler({ caller }) {
        return {
          data: await schedulesOf(db, caller.tenantId),
          time_zone: await timeZoneOf(db, caller.tenantId),
          reports: SENDABLE_REPORTS,
        };
      },
    }),

    defineRoute(createSchedule, {
      access: MANAGERS,
      example: { body: EXAMPLE },
      async handler({ caller, body, raw }, reply) {
        const columns = columnsOf(body);
        return ctx.idempotent(caller, raw, reply, async () => {
          const timeZone = await timeZoneOf(db, caller.tenantId);
          const at = now();
          const [made] = await db
            .insert(reportSchedules)
            .values({
              ...columns,
              tenantId: caller.tenantId,
              createdBy: caller.id,
              nextRunAt: firstRun(columns, at, timeZone),
              createdAt: new Date(at),
            })
            .returning({ id: reportSchedules.id });
          return { status: 201, body: { data: await one(caller.tenantId, made!.id) } };
        });
      },
    }),

    defineRoute(updateSchedule, {
      access: MANAGERS,
      example: { params: { id: "1" }, body: EXAMPLE },
      async handler({ caller, params, body }) {
        await rowOf(caller.tenantId, params.id);
        const columns = columnsOf(body);
        const timeZone = await timeZoneOf(db, caller.tenantId);
        // An edit starts the schedule over from its next run: a run waiting to be tried again is dropped.
        await db
          .update(reportSchedules)
          .set({
            ...columns,
            nextRunAt: firstRun(columns, now(), timeZone),
            runAt: null,
            attempts: 0,
            gaveUp: false,
          })
          .where(and(eq(reportSchedules.tenantId, caller.tenantId), eq(reportSchedules.id, params.id)));
        return { data: await one(caller.tenantId, params.id) };
      },
    }),

    defineRoute(deleteSchedule, {
      access: MANAGERS,
      example: { params: { id: "1" } },
      async handler({ caller, params }, reply) {
        const gone = await db
          .delete(reportSchedules)
          .where(and(eq(reportSchedules.tenantId, caller.tenantId), eq(reportSchedules.id, params.id)))
          .returning({ id: reportSchedules.id });
        if (gone.length === 0) throw new HttpError(404, SCHEDULE_MESSAGES.missing);
        reply.code(204);
        return null;
      },
    }),

    defineRoute(sendScheduleNow, {
      access: MANAGERS,
      example: { params: { id: "1" } },
      async handler({ caller, params, raw }, reply) {
        const row = await rowOf(caller.tenantId, params.id);
        return ctx.idempotent(caller, raw, reply, async () => {
          const failure = await sendNow(ctx, row);
          return {
            status: 200,
            body: { data: await one(caller.tenantId, params.id), sent: failure === null },
          };
        });
      },
    }),
  ];
}
