// @vitest-environment node
import { describe, expect, it } from "vitest";
import { RequestsInFlight, STALE_REQUEST_MS } from "./requestsInFlight";

describe("RequestsInFlight", () => {
  it("lets background work go once the requests in flight have ended", async () => {
    const requests = new RequestsInFlight();
    const a = {};
    const b = {};
    requests.begin(a);
    requests.begin(b);
    let settled = false;
    const wait = requests.settled(10_000).then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    requests.end(a);
    requests.end(a); // a response after an abort
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    requests.end(b);
    await wait;
    expect(requests.waiting()).toBe(0);
  });

  it("waits no longer than it is told, however many requests keep coming", async () => {
    const requests = new RequestsInFlight();
    requests.begin({});
    const t = performance.now();
    await requests.settled(30);
    expect(performance.now() - t).toBeGreaterThanOrEqual(25);
    expect(requests.waiting()).toBe(1);
  });

  it("does not count a request open longer than a stream's threshold (an upload, a recording played)", async () => {
    let now = 0;
    const requests = new RequestsInFlight(() => now);
    requests.begin({});
    expect(requests.waiting()).toBe(1);
    now = STALE_REQUEST_MS + 1;
    expect(requests.waiting()).toBe(0);
    await requests.settled(60_000); // resolves at once: nothing is waiting
  });
});
