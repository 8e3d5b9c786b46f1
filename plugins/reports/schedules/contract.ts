// Scheduled e-mails of the reports (issue 37, part 6), shared by the browser and the gateway: a manager has a report
// sent as CSV to a list of addresses, daily or weekly at a local hour of the call centre, for a range counted from
// the day it is sent (./range.ts). The gateway's poll sends each run once (./sender.server.ts).
import { z } from "zod";
import { ErrorBody } from "../../../src/contract/common";
import { defineEndpoint } from "../../../src/contract/endpoint";
import { idParam } from "../../../src/contract/ids";
import { lineText } from "../../../src/contract/text";
import { REPORT_PERIODS } from "../contract";

/** Every report a schedule may name (the registry, ./registry.server.ts, has a CSV for each it can send yet). */
export const SCHEDULED_REPORTS = ["agents", "hours", "campaigns", "calls", "compliance"] as const;
export type ScheduledReport = (typeof SCHEDULED_REPORTS)[number];

/** The ranges a scheduled report covers, counted from the call centre's day it is sent (./range.ts). */
export const SCHEDULE_RANGES = [
  "yesterday",
  "today",
  "last_7_days",
  "last_week",
  "this_week",
  "last_30_days",
  "last_month",
  "this_month",
] as const;
export type ScheduleRange = (typeof SCHEDULE_RANGES)[number];

export const FREQUENCIES = ["daily", "weekly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const SCHEDULE_NAME_MAX = 100;
export const MAX_RECIPIENTS = 20;
export const EMAIL_MAX = 100;

/** The gateway's refusals; the page says each in the manager's language (schedules.errors.<key>). */
export const SCHEDULE_MESSAGES = {
  name: `Give the schedule a name of at most ${SCHEDULE_NAME_MAX} characters.`,
  report: "Choose a report.",
  notYet: "This report cannot be sent by e-mail yet.",
  range: "Choose a range.",
  by: "Choose day, week or month.",
  byAgentsOnly: "Only agent performance is grouped by day, week or month.",
  frequency: "Choose daily or weekly.",
  weekday: "Choose the day of the week.",
  hour: "Choose an hour from 0 to 23.",
  recipients: `Give 1 to ${MAX_RECIPIENTS} addresses.`,
  email: "Enter a valid e-mail address.",
  duplicate: "This address is already in the list.",
  missing: "No such schedule in your call centre.",
} as const;
export type ScheduleMessageKey = keyof typeof SCHEDULE_MESSAGES;

const Email = z
  .string({ error: SCHEDULE_MESSAGES.email })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: SCHEDULE_MESSAGES.email }).max(EMAIL_MAX, SCHEDULE_MESSAGES.email));

export const ScheduleBody = z
  .strictObject({
    name: lineText(SCHEDULE_NAME_MAX, {
      tooLong: SCHEDULE_MESSAGES.name,
      invalid: { error: SCHEDULE_MESSAGES.name },
    }).pipe(z.string().min(1, SCHEDULE_MESSAGES.name)),
    report: z.enum(SCHEDULED_REPORTS, { error: SCHEDULE_MESSAGES.report }),
    range: z.enum(SCHEDULE_RANGES, { error: SCHEDULE_MESSAGES.range }),
    /** Agent performance only: its rows by day, week or month; null for the others. */
    by: z.enum(REPORT_PERIODS, { error: SCHEDULE_MESSAGES.by }).nullable().default(null),
    frequency: z.enum(FREQUENCIES, { error: SCHEDULE_MESSAGES.frequency }),
    /** Weekly: 0 Monday … 6 Sunday; null for daily. */
    weekday: z
      .number({ error: SCHEDULE_MESSAGES.weekday })
      .int(SCHEDULE_MESSAGES.weekday)
      .min(0, SCHEDULE_MESSAGES.weekday)
      .max(6, SCHEDULE_MESSAGES.weekday)
      .nullable()
      .default(null),
    /** The call centre's local hour it is sent at, 0–23. */
    hour: z
      .number({ error: SCHEDULE_MESSAGES.hour })
      .int(SCHEDULE_MESSAGES.hour)
      .min(0, SCHEDULE_MESSAGES.hour)
      .max(23, SCHEDULE_MESSAGES.hour),
    recipients: z
      .array(Email, { error: SCHEDULE_MESSAGES.recipients })
      .min(1, SCHEDULE_MESSAGES.recipients)
      .max(MAX_RECIPIENTS, SCHEDULE_MESSAGES.recipients),
    active: z.boolean().default(true),
  })
  .superRefine((s, ctx) => {
    if (s.frequency === "weekly" && s.weekday === null)
      ctx.addIssue({ code: "custom", path: ["weekday"], message: SCHEDULE_MESSAGES.weekday });
    if (s.by !== null && s.report !== "agents")
      ctx.addIssue({ code: "custom", path: ["by"], message: SCHEDULE_MESSAGES.byAgentsOnly });
    s.recipients.forEach((r, i) => {
      if (s.recipients.indexOf(r) !== i)
        ctx.addIssue({ code: "custom", path: ["recipients", i], message: SCHEDULE_MESSAGES.duplicate });
    });
  });
export type ScheduleBody = z.input<typeof ScheduleBody>;
export type ScheduleInput = z.output<typeof ScheduleBody>;

/** Why the last run was not sent: the mail transport's refusal (detail: its code), none configured, a CSV too large for an e-mail, the report that failed. */
export const SEND_FAILURES = ["transport", "no_transport", "too_large", "report", "reports_off"] as const;
export type SendFailure = (typeof SEND_FAILURES)[number];

export const ReportSchedule = z.object({
  id: z.number().int(),
  name: z.string(),
  report: z.enum(SCHEDULED_REPORTS),
  range: z.enum(SCHEDULE_RANGES),
  by: z.enum(REPORT_PERIODS).nullable(),
  frequency: z.enum(FREQUENCIES),
  weekday: z.number().int().nullable(),
  hour: z.number().int(),
  recipients: z.array(z.string()),
  active: z.boolean(),
  /** The next run, UTC; null while the schedule is paused. */
  next_run_at: z.string().nullable(),
  last_sent_at: z.string().nullable(),
  /** The last try's failure, null once a run was sent; `attempts`: tries of the run so far (given up at the limit). */
  last_error: z
    .object({
      kind: z.enum(SEND_FAILURES),
      detail: z.string().nullable(),
      at: z.string(),
      attempts: z.number().int(),
      given_up: z.boolean(),
    })
    .nullable(),
  created_by: z.string(),
});
export type ReportSchedule = z.infer<typeof ReportSchedule>;

const Schedules = z.object({
  data: z.array(ReportSchedule),
  /** The call centre's time zone: the hours are its. */
  time_zone: z.string(),
  /** The reports the gateway can send now (the others await their CSV). */
  reports: z.array(z.enum(SCHEDULED_REPORTS)),
});
export type Schedules = z.infer<typeof Schedules>;

const One = z.object({ data: ReportSchedule });
const MANAGERS = "Managers and above, in their own call centre.";
const TAGS = ["reports"];
const BODY_SUMMARY =
  "{name, report: agents | hours | campaigns | calls | compliance, range: yesterday | today | last_7_days | last_week | this_week | last_30_days | last_month | this_month (counted from the call centre's day it is sent), by: day | week | month (agents only, else null), frequency: daily | weekly, weekday: 0 Monday … 6 Sunday (weekly), hour: 0–23 (the call centre's), recipients: 1–20 addresses, active}";

export const listSchedules = defineEndpoint({
  method: "GET",
  path: "/reports/schedules",
  summary: `Not in the specification (issue 37): the scheduled e-mails of the caller's call centre, with its time zone and the reports that can be sent. 200 {data: [schedule], time_zone, reports}. ${MANAGERS}`,
  tags: TAGS,
  responses: { 200: Schedules },
});

export const createSchedule = defineEndpoint({
  method: "POST",
  path: "/reports/schedules",
  summary: `Not in the specification (issue 37): schedules a report by e-mail ${BODY_SUMMARY}; its next run is the next such hour of the call centre's time zone. 201 {data: schedule}; 422 per field (a report without a CSV yet is refused). Idempotency-Key supported. ${MANAGERS}`,
  tags: TAGS,
  body: ScheduleBody,
  responses: { 201: One, 422: ErrorBody },
  idempotent: true,
});

export const updateSchedule = defineEndpoint({
  method: "PUT",
  path: "/reports/schedules/:id",
  summary: `Not in the specification (issue 37): the whole schedule again ${BODY_SUMMARY}; the schedule starts over from its next run. 200 {data: schedule}; 404 for no such schedule in the caller's call centre; 422 per field. ${MANAGERS}`,
  tags: TAGS,
  params: idParam,
  body: ScheduleBody,
  responses: { 200: One, 404: ErrorBody, 422: ErrorBody },
});

export const deleteSchedule = defineEndpoint({
  method: "DELETE",
  path: "/reports/schedules/:id",
  summary: `Not in the specification (issue 37): stops and deletes a scheduled e-mail. 204; 404 for no such schedule in the caller's call centre. ${MANAGERS}`,
  tags: TAGS,
  params: idParam,
  responses: { 204: z.null(), 404: ErrorBody },
});

export const sendScheduleNow = defineEndpoint({
  method: "POST",
  path: "/reports/schedules/:id/send",
  summary: `Not in the specification (issue 37): sends the schedule's report now, for its range counted from the call centre's today, to its addresses (its next run stays). 200 {data: schedule, sent}: sent false when the mail was not sent (the schedule's last_error says why). 404 for no such schedule in the caller's call centre. Idempotency-Key supported. ${MANAGERS}`,
  tags: TAGS,
  params: idParam,
  responses: { 200: z.object({ data: ReportSchedule, sent: z.boolean() }), 404: ErrorBody },
  idempotent: true,
});
