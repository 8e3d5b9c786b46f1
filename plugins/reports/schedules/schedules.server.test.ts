// Scheduled report e-mails on a real test gateway (issue 37, part 6), its mail going to a fake SMTP server (the
// production path: nodemailer over SMTP) and to the development mailbox. The routes: create, list, update, delete
// and send now, their 422s per field, the Idempotency-Key, and another call centre's schedules out of reach. The
// poll: a due run sent once at its local hour with the report's CSV, across days, a daylight-saving change and a
// weekday; two pollers on one database never send a run twice; a failed send recorded, tried again, given up.
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MailNotSent, manualClock, type PluginServerContext } from "../../../server/sdk";
import {
  devMailbox,
  pluginContextOf,
  startFakeSmtp,
  startTestGateway,
  users,
  type FakeSmtp,
  type TestClient,
  type TestGateway,
} from "../../../server/sdk/testing";
import { reportAgentHours } from "../tables";
import { ReportSchedule, SCHEDULE_MESSAGES, type ScheduleBody } from "./contract";
import { MAX_ATTEMPTS, POLL_MS, ScheduleRunner } from "./sender.server";
import { reportSchedules } from "./tables";

const MINUTE = 60_000;

let gw: TestGateway;
let smtp: FakeSmtp;
let manager: TestClient;
let ctx: PluginServerContext;
const LOGS: string[] = [];

beforeAll(async () => {
  smtp = await startFakeSmtp();
  // Monday 2026-01-05 10:00 in New York (the demo ISIUS call centre's zone).
  gw = await startTestGateway({
    config: { smtpUrl: smtp.url, mailFrom: "reports@callcentre.test" },
    logLines: LOGS,
    logLevel: "info",
  });
  manager = await gw.signIn("manager.isius@demo.test");
  ctx = pluginContextOf(gw, "reports");
});
afterAll(async () => {
  await gw?.close();
  await smtp?.close();
});

const daily = (over: Partial<ScheduleBody> = {}): ScheduleBody => ({
  name: "Yesterday on the floor",
  report: "agents",
  range: "yesterday",
  frequency: "daily",
  hour: 7,
  recipients: ["manager.isius@demo.test", "Owner@Example.test"],
  ...over,
});

async function create(body: ScheduleBody, headers?: Record<string, string>): Promise<ReportSchedule> {
  const r = await manager.request("POST", "/reports/schedules", body, headers);
  expect(r.statusCode, r.body).toBe(201);
  return ReportSchedule.parse((r.json() as { data: unknown }).data);
}
const list = async () =>
  manager.request("GET", "/reports/schedules").then((r) => r.json()) as Promise<{
    data: ReportSchedule[];
    time_zone: string;
    reports: string[];
  }>;
const read = async (id: number) => (await list()).data.find((s) => s.id === id)!;
const remove = (id: number) => manager.request("DELETE", `/reports/schedules/${id}`);

/** Moves the gateway's clock to `at` (firing its own poll on the way) and lets the background work finish; signs in again (the access token has lapsed). */
async function moveTo(at: string) {
  gw.clock.set(Date.parse(at));
  await gw.gw.background.idle();
  manager = await gw.signIn("manager.isius@demo.test");
}

/** The mails the fake SMTP server got, whose subject names the schedule. */
const mailsOf = (name: string) => smtp.received.filter((m) => m.data.includes(name));
/** A mail's text as read (quoted-printable's soft line breaks joined again). */
const textOf = (m: { data: string } | undefined) => m!.data.replace(/=\r\n/g, "");

/** A MIME part's body, decoded (base64 or quoted-printable), of the message's attachment. */
function attachmentOf(raw: string): { name: string; text: string } {
  const part = raw.split(/\r\n--[^\r\n]+/).find((p) => /Content-Disposition: attachment/i.test(p));
  if (!part) throw new Error("no attachment");
  const split = part.indexOf("\r\n\r\n");
  const head = part.slice(0, split);
  const body = part.slice(split + 4);
  const name = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1] ?? "";
  const bytes = /Content-Transfer-Encoding: base64/i.test(head)
    ? Buffer.from(body.replace(/\s+/g, ""), "base64")
    : Buffer.from(
        body
          .replace(/=\r\n/g, "")
          .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
        "latin1",
      );
  return { name, text: bytes.toString("utf8") };
}

describe("schedules: the routes", () => {
  it("creates a daily schedule, its next run at 7:00 in New York, and lists it with the call centre's zone", async () => {
    const made = await create(daily());
    expect(made).toMatchObject({
      report: "agents",
      by: "day",
      weekday: null,
      recipients: ["manager.isius@demo.test", "owner@example.test"],
      active: true,
      // Tuesday 7:00 EST.
      next_run_at: "2026-01-06T12:00:00.000Z",
      last_sent_at: null,
      last_error: null,
      created_by: "Dana Whitfield",
    });
    const all = await list();
    expect(all.time_zone).toBe("America/New_York");
    expect(all.reports).toEqual(expect.arrayContaining(["agents", "hours"]));
    expect(all.data.map((s) => s.id)).toContain(made.id);
    expect((await remove(made.id)).statusCode).toBe(204);
    expect((await remove(made.id)).statusCode).toBe(404);
  });

  it("refuses what a schedule cannot be, per field", async () => {
    const refused = async (body: unknown) => {
      const r = await manager.request("POST", "/reports/schedules", body);
      expect(r.statusCode).toBe(422);
      return (r.json() as { errors: Record<string, string[]> }).errors;
    };
    expect(
      await refused({
        ...daily(),
        name: "",
        hour: 24,
        range: "forever",
        recipients: ["a@b.test", "not an address", "A@B.test"],
      }),
    ).toMatchObject({
      name: [SCHEDULE_MESSAGES.name],
      hour: [SCHEDULE_MESSAGES.hour],
      range: [SCHEDULE_MESSAGES.range],
      "recipients.1": [SCHEDULE_MESSAGES.email],
    });
    expect(await refused({ ...daily(), recipients: [] })).toMatchObject({
      recipients: [SCHEDULE_MESSAGES.recipients],
    });
    expect(
      await refused({ ...daily(), recipients: Array.from({ length: 21 }, (_, i) => `m${i}@x.test`) }),
    ).toMatchObject({ recipients: [SCHEDULE_MESSAGES.recipients] });
    expect(await refused({ ...daily(), recipients: ["a@b.test", "A@b.test "] })).toMatchObject({
      "recipients.1": [SCHEDULE_MESSAGES.duplicate],
    });
    expect(await refused({ ...daily(), frequency: "weekly" })).toMatchObject({
      weekday: [SCHEDULE_MESSAGES.weekday],
    });
    expect(await refused({ ...daily(), report: "hours", by: "week" })).toMatchObject({
      by: [SCHEDULE_MESSAGES.byAgentsOnly],
    });
    expect(await refused({ ...daily(), report: "payroll" })).toMatchObject({
      report: [SCHEDULE_MESSAGES.report],
    });
  });

  it("creates once per Idempotency-Key, edits (starting over from the next run), and pauses", async () => {
    const key = { "Idempotency-Key": "schedule-create-1" };
    const first = await create(daily({ name: "Once" }), key);
    const again = await manager.request("POST", "/reports/schedules", daily({ name: "Once" }), key);
    expect(again.statusCode).toBe(201);
    expect((again.json() as { data: { id: number } }).data.id).toBe(first.id);
    expect((await list()).data.filter((s) => s.name === "Once")).toHaveLength(1);

    const edited = await manager.request("PUT", `/reports/schedules/${first.id}`, {
      ...daily({ name: "Once a week" }),
      frequency: "weekly",
      weekday: 4,
      hour: 17,
      report: "hours",
      range: "last_week",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Friday 2026-01-09 17:00 EST.
    expect((edited.json() as { data: ReportSchedule }).data).toMatchObject({
      name: "Once a week",
      report: "hours",
      by: null,
      next_run_at: "2026-01-09T22:00:00.000Z",
    });
    const paused = await manager.request("PUT", `/reports/schedules/${first.id}`, {
      ...daily(),
      active: false,
    });
    expect((paused.json() as { data: ReportSchedule }).data).toMatchObject({
      active: false,
      next_run_at: null,
    });
    expect(
      (await manager.request("PUT", `/reports/schedules/${first.id}`, { ...daily(), hour: -1 })).statusCode,
    ).toBe(422);
    await remove(first.id);
  });

  it("keeps every call centre's schedules its own", async () => {
    const [theirs] = await gw.db
      .insert(reportSchedules)
      .values({
        tenantId: 2,
        name: "SLICA's",
        report: "agents",
        range: "yesterday",
        by: "day",
        frequency: "daily",
        hour: 7,
        recipients: ["someone@slica.test"],
        nextRunAt: new Date("2099-01-01T00:00:00Z"),
        createdAt: new Date(gw.clock.now()),
      })
      .returning({ id: reportSchedules.id });
    const id = theirs!.id;
    expect((await list()).data.map((s) => s.id)).not.toContain(id);
    expect((await manager.request("PUT", `/reports/schedules/${id}`, daily())).statusCode).toBe(404);
    expect((await manager.request("POST", `/reports/schedules/${id}/send`)).statusCode).toBe(404);
    expect((await remove(id)).statusCode).toBe(404);
    const [still] = await gw.db.select().from(reportSchedules).where(eq(reportSchedules.id, id));
    expect(still).toMatchObject({ name: "SLICA's", lastSentAt: null });
    await gw.db.delete(reportSchedules).where(eq(reportSchedules.id, id));
  });

  it("is for managers and above", async () => {
    const agent = await gw.signIn("qualifier.isius@demo.test");
    expect((await agent.request("GET", "/reports/schedules")).statusCode).toBe(403);
    expect((await agent.request("POST", "/reports/schedules", daily())).statusCode).toBe(403);
  });
});

describe("schedules: the e-mails", () => {
  /**
   * A poller of another instance with a clock of its own: it moves across days and months while the gateway's clock
   * (and the gateway's other timers) stay put.
   */
  const instance = (id: string, over: Partial<PluginServerContext> = {}) => {
    const clock = manualClock(gw.clock.now());
    return { clock, runner: new ScheduleRunner({ ...ctx, clock, ...over }, id) };
  };

  it("the gateway's poll sends a due run once, at its local hour, with the report's CSV", async () => {
    // Yesterday's (Sunday's) figures of an agent, as the rollups hold them.
    const [agent] = await gw.db
      .select({ id: users.id, first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.email, "qualifier.isius@demo.test"));
    await gw.db.insert(reportAgentHours).values({
      tenantId: 1,
      agentId: agent!.id,
      hour: "2026-01-04 10:00:00",
      dials: 12,
      contacts: 3,
      talkSeconds: 600,
    });
    // 11:00 in New York, today (it is 10:00).
    const s = await create(daily({ name: "Floor daily", hour: 11 }));
    expect(s.next_run_at).toBe("2026-01-05T16:00:00.000Z");

    await moveTo("2026-01-05T15:58:00Z");
    expect(mailsOf("Floor daily")).toHaveLength(0);
    await gw.run(4 * MINUTE, POLL_MS);
    await gw.gw.background.idle();
    expect(mailsOf("Floor daily")).toHaveLength(1);
    const [mail] = mailsOf("Floor daily");
    expect(mail!.to).toEqual(["manager.isius@demo.test", "owner@example.test"]);
    expect(mail!.from).toBe("reports@callcentre.test");
    expect(textOf(mail)).toContain("Agent performance, Yesterday: 2026-01-04 (America/New_York time).");
    const csv = attachmentOf(mail!.data);
    expect(csv.name).toBe("agents-2026-01-04.csv");
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    // The page's CSV columns (its English labels), after the period.
    expect(lines[0]).toMatch(
      /^Period,Agent,Logged in,Ready,On a call,After-call work,Breaks and away,Overstays,Dials,Contacts,Contact rate,Talk time,Avg handle,Avg wrap,Bookings,Transfers sent,Transfers taken,Sales,Goals met,Dials target,/,
    );
    // Overstays, dials, contacts, contact rate, talk time, then handle = (talk + wrap) / contacts.
    expect(lines.find((l) => l.startsWith(`2026-01-04,${agent!.first} ${agent!.last},`))).toMatch(
      /,0,12,3,25%,10:00,\d+:\d\d,/,
    );
    expect(lines.at(-1)).toMatch(/^2026-01-04,Team total,.*,12,3,25%,/);

    // The development mailbox keeps each address's copy, the attachment as its name and size.
    const [kept] = await gw.db
      .select()
      .from(devMailbox)
      .where(eq(devMailbox.to, "owner@example.test"))
      .orderBy(desc(devMailbox.id))
      .limit(1);
    expect(kept!.body).toContain(
      `Attached: agents-2026-01-04.csv (${Buffer.byteLength(csv.text, "utf8")} bytes)`,
    );

    expect(await read(s.id)).toMatchObject({
      last_sent_at: "2026-01-05T16:00:00.000Z",
      next_run_at: "2026-01-06T16:00:00.000Z",
      last_error: null,
    });
    // Nothing more the same day.
    await gw.run(5 * MINUTE, POLL_MS);
    expect(mailsOf("Floor daily")).toHaveLength(1);
    await remove(s.id);
  });

  it("sends the latest missed run once after days down, then at the same local hour across a daylight-saving change", async () => {
    const s = await create(daily({ name: "Across the change", hour: 11 }));
    const { clock, runner } = instance("instance-dst");
    // Saturday 7 March 10:00 EST: the gateway was down since the first run was due.
    clock.set(Date.parse("2026-03-07T15:00:00Z"));
    expect(await runner.runDue()).toBe(1);
    expect(mailsOf("Across the change")).toHaveLength(1);
    expect(textOf(mailsOf("Across the change")[0])).toContain("Yesterday: 2026-03-05");
    expect((await read(s.id)).next_run_at).toBe("2026-03-07T16:00:00.000Z");
    clock.set(Date.parse("2026-03-07T16:01:00Z"));
    expect(await runner.runDue()).toBe(1);
    // Sunday 8 March: New York is on daylight time from 2:00, so 11:00 is 15:00 UTC.
    expect((await read(s.id)).next_run_at).toBe("2026-03-08T15:00:00.000Z");
    clock.set(Date.parse("2026-03-08T14:59:00Z"));
    expect(await runner.runDue()).toBe(0);
    clock.set(Date.parse("2026-03-08T15:00:30Z"));
    expect(await runner.runDue()).toBe(1);
    expect(mailsOf("Across the change")).toHaveLength(3);
    expect(textOf(mailsOf("Across the change")[2])).toContain("Yesterday: 2026-03-07");
    expect(await read(s.id)).toMatchObject({
      last_sent_at: "2026-03-08T15:00:30.000Z",
      next_run_at: "2026-03-09T15:00:00.000Z",
    });
    await remove(s.id);
  });

  it("sends a weekly one on its weekday, last week's Monday to Sunday", async () => {
    // Wednesdays at 8:00 in New York.
    const s = await create(
      daily({
        name: "Weekly hours",
        report: "hours",
        range: "last_week",
        frequency: "weekly",
        weekday: 2,
        hour: 8,
      }),
    );
    expect(s.next_run_at).toBe("2026-01-07T13:00:00.000Z");
    const { clock, runner } = instance("instance-weekly");
    clock.set(Date.parse("2026-01-06T13:30:00Z"));
    expect(await runner.runDue()).toBe(0);
    clock.set(Date.parse("2026-01-07T13:01:00Z"));
    expect(await runner.runDue()).toBe(1);
    const [mail] = mailsOf("Weekly hours");
    expect(textOf(mail)).toContain(
      "Hours of the week, Last week (Monday to Sunday): 2025-12-29 to 2026-01-04 (America/New_York time).",
    );
    expect(
      attachmentOf(mail!.data)
        .text.replace(/^\uFEFF/, "")
        .split("\r\n")[0],
    ).toBe("Weekday,Hour,Days in range,Dials,Contacts,Contact rate,Agent hours logged in");
    expect((await read(s.id)).next_run_at).toBe("2026-01-14T13:00:00.000Z");
    await remove(s.id);
  });

  it("is sent once however many instances poll at once", async () => {
    const s = await create(daily({ name: "Raced", hour: 9 }));
    const at = Date.parse(s.next_run_at!) + MINUTE;
    const pollers = ["instance-a", "instance-b", "instance-c"].map((id) => {
      const p = instance(id);
      p.clock.set(at);
      return p.runner;
    });
    const tried = await Promise.all(pollers.map((p) => p.runDue()));
    expect(tried.reduce((a, b) => a + b, 0)).toBe(1);
    expect(mailsOf("Raced")).toHaveLength(1);
    expect(await Promise.all(pollers.map((p) => p.runDue()))).toEqual([0, 0, 0]);
    await remove(s.id);
  });

  it("records a failed send, tries it again on the next polls, and gives it up after a few", async () => {
    const s = await create(daily({ name: "Refused", hour: 10 }));
    let tries = 0;
    const refuse = async () => {
      tries++;
      throw new MailNotSent("EENVELOPE");
    };
    const { clock, runner } = instance("refusing-instance", { mail: { send: refuse } });
    clock.set(Date.parse(s.next_run_at!) + MINUTE);
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      // One try per poll.
      expect(await runner.runDue()).toBe(1);
      const now = await read(s.id);
      expect(now.last_error).toMatchObject({
        kind: "transport",
        detail: "EENVELOPE",
        attempts: i,
        given_up: i === MAX_ATTEMPTS,
      });
      expect(now.last_sent_at).toBeNull();
      clock.advance(POLL_MS);
    }
    expect(tries).toBe(MAX_ATTEMPTS);
    // Given up: nothing left to try until the next run, which goes as usual.
    expect(await runner.runDue()).toBe(0);
    expect(mailsOf("Refused")).toHaveLength(0);
    const { clock: later, runner: working } = instance("working-instance");
    later.set(Date.parse((await read(s.id)).next_run_at!) + MINUTE);
    expect(await working.runDue()).toBe(1);
    expect(mailsOf("Refused")).toHaveLength(1);
    expect(await read(s.id)).toMatchObject({ last_error: null });
    await remove(s.id);
  });

  it("sends now on a manager's request, once per Idempotency-Key, and says when the mail server is gone", async () => {
    const s = await create(daily({ name: "Asked now", range: "today" }));
    const key = { "Idempotency-Key": "send-now-1" };
    const sent = await manager.request("POST", `/reports/schedules/${s.id}/send`, undefined, key);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      sent: true,
      data: { id: s.id, last_error: null, next_run_at: s.next_run_at },
    });
    expect(
      (await manager.request("POST", `/reports/schedules/${s.id}/send`, undefined, key)).statusCode,
    ).toBe(200);
    expect(mailsOf("Asked now")).toHaveLength(1);

    // Every report of the reports can be sent: each one's CSV reaches the mail server.
    for (const report of ["hours", "campaigns", "calls", "compliance"] as const) {
      const one = await create(daily({ name: `Every report: ${report}`, report, range: "last_7_days" }));
      const r = await manager.request("POST", `/reports/schedules/${one.id}/send`);
      expect(r.json(), report).toMatchObject({ sent: true });
      const csv = attachmentOf(mailsOf(`Every report: ${report}`)[0]!.data);
      expect(csv.name).toBe(`${report}-2025-12-29-to-2026-01-04.csv`);
      // One byte-order mark, then the header.
      expect(csv.text).toMatch(/^\uFEFF[^\uFEFF]/);
      await remove(one.id);
    }

    await smtp.close();
    const refused = await manager.request("POST", `/reports/schedules/${s.id}/send`);
    expect(refused.statusCode).toBe(200);
    const body = refused.json() as { sent: boolean; data: ReportSchedule };
    expect(body.sent).toBe(false);
    expect(body.data.last_error).toMatchObject({ kind: "transport" });
    expect(body.data.last_sent_at).not.toBeNull();
    // Neither the addresses nor the report reach the log.
    expect(LOGS.join("\n")).not.toMatch(/owner@example\.test|manager\.isius@demo\.test/);
  });
});
