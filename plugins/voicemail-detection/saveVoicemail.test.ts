// Saving an automatic Voicemail: one key per attempt, reused by every retry; only transient failures retried.
import axios from "axios";
import { describe, expect, it } from "vitest";
import { API_BASE } from "../../src/contract/common";
import { IDEMPOTENCY_HEADER } from "../../src/contract/dispositions";
import { manualClock } from "../../src/core/clock";
import { fakeGateway, NETWORK_DOWN, type Reply } from "../../src/test/fakeGateway";
import { newIdempotencyKey, RETRY_DELAYS_MS, saveVoicemail, type SaveOutcome } from "./saveVoicemail";

const URL = "POST /leads/5/dispositions";
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(answers: (Reply | typeof NETWORK_DOWN)[]) {
  const gateway = fakeGateway({ [URL]: () => answers.shift() ?? NETWORK_DOWN });
  const http = axios.create({ baseURL: API_BASE, adapter: gateway.adapter });
  const keys: unknown[] = [];
  http.interceptors.request.use((c) => (keys.push(c.headers.get(IDEMPOTENCY_HEADER)), c));
  const clock = manualClock();
  let outcome: SaveOutcome | null = null;
  void saveVoicemail(http, clock, { leadId: 5, callId: 9, key: "k-1" }).then((o) => (outcome = o));
  return { gateway, clock, keys, outcome: () => outcome };
}

describe("saveVoicemail", () => {
  it("saves at once when the gateway answers 201", async () => {
    const s = setup([{ status: 201, data: {} }]);
    await settle();
    expect(s.outcome()).toEqual({ ok: true });
    expect(s.keys).toEqual(["k-1"]);
  });

  it("retries network failures and 5xx after 1, 2 and 4 s with the same key, then gives up as retryable", async () => {
    const s = setup([NETWORK_DOWN, { status: 500 }, { status: 502 }, { status: 503 }]);
    for (const delay of RETRY_DELAYS_MS) {
      await settle();
      expect(s.outcome()).toBeNull();
      s.clock.advance(delay - 1);
      await settle();
      const before = s.gateway.requests.length;
      s.clock.advance(1);
      await settle();
      expect(s.gateway.requests.length).toBe(before + 1);
    }
    await settle();
    expect(s.outcome()).toEqual({ ok: false, retryable: true });
    expect(s.keys).toEqual(["k-1", "k-1", "k-1", "k-1"]);
  });

  it("does not retry a refusal", async () => {
    const s = setup([{ status: 422, data: { message: "invalid" } }]);
    await settle();
    expect(s.outcome()).toEqual({ ok: false, retryable: false });
    s.clock.advance(60_000);
    await settle();
    expect(s.gateway.requests).toHaveLength(1);
  });
});

describe("newIdempotencyKey", () => {
  it("is a fresh v4 UUID each time", () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
