import { describe, expect, it } from "vitest";
import type { DbNotifications, NoticeHandler } from "../db/notifications";
import { AUTH_CHANNEL, SessionCache } from "./sessionCache";

/** Notices a test sends by hand. */
function fakeNotices() {
  const handlers = new Set<NoticeHandler>();
  const n = {
    live: true,
    subscribe(channel: string, h: NoticeHandler) {
      expect(channel).toBe(AUTH_CHANNEL);
      handlers.add(h);
      return () => handlers.delete(h);
    },
    close: async () => undefined,
    send: (payload: string) => handlers.forEach((h) => h.notice(payload)),
    lose() {
      n.live = false;
      handlers.forEach((h) => h.gap());
    },
  };
  return n satisfies DbNotifications & object;
}

describe("the sessions an instance keeps", () => {
  it("keeps what was read, and forgets a session, an account's sessions or all of them when told", () => {
    const notices = fakeNotices();
    const cache = new SessionCache<string>(notices, () => 0);
    cache.set("a", 1, "A", cache.epoch);
    cache.set("b", 1, "B", cache.epoch);
    cache.set("c", 2, "C", cache.epoch);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual(["A", "B", "C"]);
    notices.send("s:a");
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, "B", "C"]);
    notices.send("u:1");
    expect([cache.get("b"), cache.get("c")]).toEqual([undefined, "C"]);
    notices.send("*");
    expect(cache.get("c")).toBeUndefined();
    cache.set("d", 3, "D", cache.epoch);
    notices.send("something new");
    expect(cache.get("d")).toBeUndefined();
  });

  it("never keeps a read that a notice overtook: a sign-out racing a request is not lost", () => {
    const notices = fakeNotices();
    const cache = new SessionCache<string>(notices, () => 0);
    const before = cache.epoch; // the read begins
    notices.send("s:a"); // the sign-out commits while it runs
    cache.set("a", 1, "signed in", before); // the read's answer, from before the sign-out
    expect(cache.get("a")).toBeUndefined();
  });

  it("keeps and serves nothing while notices cannot arrive, and forgets all it kept when they stopped", () => {
    const notices = fakeNotices();
    const cache = new SessionCache<string>(notices, () => 0);
    cache.set("a", 1, "A", cache.epoch);
    notices.lose();
    expect(cache.get("a")).toBeUndefined();
    cache.set("b", 1, "B", cache.epoch);
    expect(cache.get("b")).toBeUndefined();
    notices.live = true;
    expect(cache.get("a")).toBeUndefined();
    expect(new SessionCache<string>(undefined, () => 0).get("a")).toBeUndefined();
  });

  it("reads a session again after its age limit, and keeps at most its limit of sessions, the oldest going first", () => {
    let now = 0;
    const cache = new SessionCache<string>(fakeNotices(), () => now, { maxAgeMs: 1000, maxEntries: 2 });
    cache.set("a", 1, "A", cache.epoch);
    now = 999;
    expect(cache.get("a")).toBe("A");
    now = 1000;
    expect(cache.get("a")).toBeUndefined();
    cache.set("a", 1, "A", cache.epoch);
    cache.set("b", 1, "B", cache.epoch);
    cache.set("c", 1, "C", cache.epoch);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, "B", "C"]);
    cache.update("b", (v) => `${v}!`);
    expect(cache.get("b")).toBe("B!");
  });
});
