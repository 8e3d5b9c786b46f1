import { describe, expect, it, vi } from "vitest";
import { adminQuery } from "./admin";
import { pgNotifications } from "./notifications";

const url = process.env.DATABASE_URL;

describe.skipIf(!url)("the database's notices on PostgreSQL", () => {
  it("arrive while listening; a lost connection is a gap, nothing is kept meanwhile, and it listens again by itself", async () => {
    const channel = `test_notices_${process.pid}`;
    const notices = pgNotifications({ url: url!, retryMs: 200 });
    const got: string[] = [];
    const gap = vi.fn();
    const stop = notices.subscribe(channel, { notice: (p) => got.push(p), gap });
    try {
      await vi.waitFor(() => expect(notices.live).toBe(true), { timeout: 5000 });
      await adminQuery(url!, `NOTIFY ${channel}, 'one'`);
      await vi.waitFor(() => expect(got).toEqual(["one"]), { timeout: 2000 });
      const gapsBefore = gap.mock.calls.length;

      // The server ends the listening connection (a restart, a failover, an administrator).
      await adminQuery(
        url!,
        `select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN ${channel}'`,
      );
      await vi.waitFor(() => expect(notices.live).toBe(false), { timeout: 2000 });
      expect(gap.mock.calls.length).toBeGreaterThan(gapsBefore);

      await vi.waitFor(() => expect(notices.live).toBe(true), { timeout: 5000 });
      await adminQuery(url!, `NOTIFY ${channel}, 'two'`);
      await vi.waitFor(() => expect(got).toEqual(["one", "two"]), { timeout: 2000 });
    } finally {
      stop();
      await notices.close();
    }
    expect(notices.live).toBe(false);
  });
});
