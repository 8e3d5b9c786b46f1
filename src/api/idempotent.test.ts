// A write that must not double, as the browser sends it: the same Idempotency-Key on every retry, retries only
// for what may pass later (no answer, 5xx, the key still being written), never for the gateway's refusal.
import axios from "axios";
import { describe, expect, it } from "vitest";
import { API_BASE } from "../contract/common";
import { IDEMPOTENCY_IN_PROGRESS } from "../contract/dispositions";
import { manualClock } from "../shared/clock";
import { fakeGateway } from "../test/fakeGateway";
import { postIdempotent } from "./idempotent";

function setup(replies: { status: number; data: unknown }[]) {
  let n = 0;
  const gateway = fakeGateway({ "POST /meetings": () => replies[Math.min(n++, replies.length - 1)]! });
  const http = axios.create({ baseURL: API_BASE, adapter: gateway.adapter });
  const clock = manualClock();
  return { gateway, clock, write: postIdempotent(http, clock, { url: "/meetings", body: { lead_id: 1 }, key: "k-1" }) };
}

/** Lets the retry timers run on the manual clock. */
async function settle(clock: ReturnType<typeof manualClock>, outcome: Promise<unknown>) {
  for (let i = 0; i < 10; i++) {
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    clock.advance(4000);
  }
  return outcome;
}

describe("postIdempotent", () => {
  it("retries the 409 of a key still being written, under the same key, and answers its result", async () => {
    const { gateway, clock, write } = setup([
      { status: 409, data: { message: IDEMPOTENCY_IN_PROGRESS } },
      { status: 201, data: { data: { meetingCrmId: "MTG-00000001" } } },
    ]);
    expect(await settle(clock, write)).toEqual({ ok: true, data: { data: { meetingCrmId: "MTG-00000001" } } });
    const sent = gateway.requests.filter((r) => r.url.endsWith("/meetings"));
    expect(sent).toHaveLength(2);
    expect(new Set(sent.map((r) => r.headers["idempotency-key"]))).toEqual(new Set(["k-1"]));
  });

  it("passes any other 409 back at once: it is the gateway's refusal (a lead already booked)", async () => {
    const { gateway, clock, write } = setup([
      { status: 409, data: { message: "This lead has been already booked. Current status: Appointment Setup" } },
    ]);
    expect(await settle(clock, write)).toEqual({
      ok: false,
      status: 409,
      retryable: false,
      message: "This lead has been already booked. Current status: Appointment Setup",
      errors: {},
    });
    expect(gateway.requests.filter((r) => r.url.endsWith("/meetings"))).toHaveLength(1);
  });
});
