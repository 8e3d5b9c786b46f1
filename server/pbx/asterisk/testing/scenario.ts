// Scenarios in the shape of Asterisk's testsuite test-config.yaml (ari-requests, ari-events{match,count}),
// written as TS objects so the fake can be checked against Asterisk's own expectations. Matching follows the
// testsuite: a string is a regular expression matched at the start of the value, an object matches
// partially, an array element by element.
import type { ManualClock } from "../../../../src/shared/clock";
import { connectClient, type TestAriClient } from "./client";
import type { FakeAri } from "./server";

export interface ScenarioRequest {
  method: "get" | "post" | "put" | "delete";
  uri: string;
  params?: Record<string, string | number>;
  body?: unknown;
  /** The HTTP status Asterisk answers. */
  expect?: number;
}
export interface ScenarioEvent {
  match: Record<string, unknown>;
  /** Exactly n matching events, or ">1" for at least one (testsuite `count`). Default 1. */
  count?: number | ">1";
  /** Sent when the n-th matching event arrives (testsuite `ari-requests` under `ari-events`). */
  requests?: ScenarioRequest[];
}
export interface Scenario {
  name: string;
  /** Sent at start (testsuite `ari-start`). */
  requests?: ScenarioRequest[];
  events: ScenarioEvent[];
  /** How far the clock may run (default 60 s, in 100-ms steps). */
  runForMs?: number;
  /** Something the world does at start (e.g. register a contact). */
  setup?: (fake: FakeAri) => void;
}
export interface ScenarioResult {
  ok: boolean;
  failures: string[];
  events: Record<string, unknown>[];
}

export function matches(pattern: unknown, value: unknown): boolean {
  if (typeof pattern === "string") return typeof value === "string" && new RegExp(`^(?:${pattern})`).test(value);
  if (Array.isArray(pattern)) {
    return Array.isArray(value) && value.length === pattern.length && pattern.every((p, i) => matches(p, value[i]));
  }
  if (pattern !== null && typeof pattern === "object") {
    if (value === null || typeof value !== "object") return false;
    return Object.entries(pattern).every(([k, p]) => matches(p, (value as Record<string, unknown>)[k]));
  }
  return pattern === value;
}

async function send(client: TestAriClient, reqs: ScenarioRequest[] | undefined, failures: string[]): Promise<void> {
  for (const r of reqs ?? []) {
    const params = Object.fromEntries(Object.entries(r.params ?? {}).map(([k, v]) => [k, String(v)]));
    const res = await client.request(r.method, r.uri, params, r.body);
    if (r.expect !== undefined && res.status !== r.expect) {
      failures.push(`${r.method.toUpperCase()} ${r.uri}: expected ${r.expect}, got ${res.status} ${JSON.stringify(res.body)}`);
    }
  }
}

export async function runScenario(
  fake: FakeAri,
  clock: ManualClock,
  scenario: Scenario,
  auth: { user: string; password: string; app?: string },
): Promise<ScenarioResult> {
  const client = await connectClient(fake, auth);
  const failures: string[] = [];
  const seen = scenario.events.map(() => 0);
  const fired = scenario.events.map(() => false);
  let processed = 0;
  const want = (e: ScenarioEvent) => (e.count === ">1" ? 1 : (e.count ?? 1));
  const pump = async () => {
    await client.caughtUp();
    while (processed < client.events.length) {
      const ev = client.events[processed++];
      for (const [i, step] of scenario.events.entries()) {
        if (!matches(step.match, ev)) continue;
        seen[i]++;
        if (!fired[i] && seen[i] >= want(step)) {
          fired[i] = true;
          await send(client, step.requests, failures);
          await client.caughtUp();
        }
      }
    }
  };
  try {
    scenario.setup?.(fake);
    await send(client, scenario.requests, failures);
    await pump();
    for (let t = 0; t < (scenario.runForMs ?? 60_000); t += 100) {
      if (fired.every(Boolean)) break;
      clock.advance(100);
      await pump();
    }
    await pump();
    scenario.events.forEach((step, i) => {
      const ok = step.count === ">1" ? seen[i] >= 1 : seen[i] === want(step);
      if (!ok) failures.push(`event ${JSON.stringify(step.match)}: expected ${step.count ?? 1}, saw ${seen[i]}`);
    });
    await fake.settled().catch((e: unknown) => failures.push(String(e)));
  } finally {
    client.close();
  }
  return { ok: failures.length === 0, failures, events: client.events };
}
