// The statements one whole dial cycle sends (issue 39: "the whole dial cycle in a bounded number of statements,
// checked by a test that counts them"): auto-dial, the call's events up to the hang-up, the settle, the disposition,
// Ready again, as an agent's page sends them (bench/dialer-load drives the same cycle). Each step has a budget, the
// count measured when it was set; a change that adds statements fails here with the statements it sent, and a
// change that saves some lowers the budget (bench/dialer-load/README.md keeps the history).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../test/harness";
import { countStatements } from "../test/statements";
import { dialerFixture, type DialerFixture } from "./testing";

/** Statements per step, at most (PGlite and PostgreSQL send the same). */
const BUDGET = { dial: 12, events: 10, settle: 3, dispose: 12, ready: 4 } as const;
/**
 * With a manager of the call centre watching, the call's events also have the floor read the agent's row and the
 * day's figures for the manager's wall, at most once a second of the clock (plugins/floor/server.ts); nothing else
 * changes. How many reads fall within the step depends on where the call's events land between the clock's steps
 * (4 here, 5 on a loaded CI machine), so the budget is per read: a row read at most 12 statements (11, and the live
 * transfer of a call under way), the figures 5, and the call centre's flags at most once per row read.
 */
const FLOOR_READ = { row: 12, figures: 5, flags: 1 } as const;
/** The events step runs 6 s of the clock: a read a second, and the one the first change sets off. */
const FLOOR_READS_AT_MOST = 7;
type Step = keyof typeof BUDGET;

let gw: TestGateway;
let fx: DialerFixture;
beforeAll(async () => {
  // A person answers every auto dial within the 5 s the cycle lets ring: the statements of a whole conversation
  // are counted at every run (with the default profile's chance, some runs' calls went unanswered and counted
  // fewer, and a run whose call was answered went over a budget set on the others).
  gw = await startTestGateway({
    listen: true,
    config: { simProfile: { outcomeWeights: { manual: { human: 1 }, auto: { human: 1 } }, answerAfterMs: { manual: [1000, 2000], auto: [1000, 2000] } } },
  });
  fx = await dialerFixture(gw);
});
afterAll(() => gw.close());

/** One whole cycle of a fresh agent, as its page sends it: the statements of each step. */
async function cycle(): Promise<Record<Step, string[]>> {
  const agent = await fx.agent();
  const c = await gw.signIn(agent.email);
  expect((await c.request("POST", "/agent-statuses", { status: "ready" })).statusCode).toBe(201);
  const leadId = await fx.lead();
  await gw.run(1_000, 250); // what the Ready set off (the floor's row of the agent) is not the dial's
  const log = await countStatements(gw.database);
  const sent: Record<Step, string[]> = { dial: [], events: [], settle: [], dispose: [], ready: [] };
  try {
    const dial = await c.request("POST", "/dials/auto", undefined, { "Idempotency-Key": randomUUID() });
    expect(dial.statusCode, dial.body).toBe(201);
    const { callId } = dial.json() as { callId: number; leadId: number };
    expect(dial.json()).toMatchObject({ leadId });
    sent.dial = log.take();

    await gw.run(5_000, 250);
    await gw.gw.calls.hangupFor(agent.id);
    await gw.gw.background.idle();
    await gw.run(1_000, 250);
    sent.events = log.take();

    const settle = await c.request("PUT", `/leads/${leadId}/calls/${callId}`, { extra_recording_index: 0 });
    expect(settle.statusCode, settle.body).toBe(202);
    sent.settle = log.take();

    const disposed = await c.request(
      "POST",
      `/leads/${leadId}/dispositions`,
      { disposition: { disposition: "Voicemail", notes: "" }, call_id: callId },
      { "Idempotency-Key": randomUUID() },
    );
    expect(disposed.statusCode, disposed.body).toBe(201);
    sent.dispose = log.take();

    expect((await c.request("POST", "/agent-statuses", { status: "ready" })).statusCode).toBe(201);
    sent.ready = log.take();
  } finally {
    log.stop();
  }
  if (process.env.SHOW_STATEMENTS) console.log(JSON.stringify(sent, null, 1));
  // The telephony lease's heartbeat is the instance's, not the cycle's: it lands in whichever step is under way.
  for (const step of Object.keys(sent) as Step[]) sent[step] = sent[step].filter((s) => !/\btelephony_leases\b/.test(s));
  return sent;
}

function expectWithin(sent: Record<Step, string[]>, budget: Record<Step, number>) {
  const counts = Object.fromEntries(Object.entries(sent).map(([step, s]) => [step, s.length]));
  for (const step of Object.keys(budget) as Step[])
    expect(sent[step].length, `${step}: ${JSON.stringify(counts)}\n${sent[step].join("\n")}`).toBeLessThanOrEqual(budget[step]);
}

describe("one dial cycle's statements", () => {
  it("stay within each step's budget, and the agent never waits on a session read or write", async () => {
    const sent = await cycle();
    expectWithin(sent, BUDGET);
    // Sessions: the cycle's requests are authenticated from memory; their upkeep is written in one batch a second.
    const sessionStatements = Object.values(sent)
      .flat()
      .filter((s) => /\bsessions\b/.test(s) && !/^update sessions s set last_seen_at/.test(s));
    expect(sessionStatements).toEqual([]);
    // Nobody watches the floor: it reads no row for it.
    expect(sent.events.filter((s) => /from "overstays"/.test(s))).toEqual([]);
  });

  it("with a manager watching the floor, add the rows read for the manager's wall, within their own budget", async () => {
    const manager = gw.socket(await gw.signIn((await fx.agent({ role: "manager" })).email));
    const accepted = new Promise<void>((r) => manager.once("status", () => r()));
    manager.connect();
    await accepted;
    try {
      const sent = await cycle();
      const rowReads = sent.events.filter((s) => /from "overstays"/.test(s)).length;
      const figuresReads = sent.events.filter((s) => /^select min\("started_at"\) from "calls"/.test(s)).length;
      expect(rowReads).toBeGreaterThan(0);
      expect(rowReads).toBeLessThanOrEqual(FLOOR_READS_AT_MOST);
      expect(figuresReads).toBeLessThanOrEqual(FLOOR_READS_AT_MOST);
      const perRow = FLOOR_READ.row + FLOOR_READ.flags;
      expectWithin(sent, { ...BUDGET, events: BUDGET.events + rowReads * perRow + figuresReads * FLOOR_READ.figures });
    } finally {
      manager.disconnect();
    }
  });
});
