// Gateway side of the lead lists (issue 36): a manager's list imports (./imports), the lists (./lists.ts) and the
// publishers' keys and post (./publishers), the managers' lead search (./book). Import jobs run in the background on any instance: a poll every few
// seconds takes a job whose lease is free (a new one, or one an instance that died left), and a route that queues
// work asks at once.
import { randomUUID } from "node:crypto";
import { definePluginServer, type PluginServerContext, type RouteDef } from "../../server/sdk";
import { leadImportChanged } from "./contract";
import { ImportJobs, SWEEP_EVERY_MS } from "./imports/job.server";
import { importRoutes, importsOf } from "./imports/routes.server";
import { bookRoutes } from "./book/routes.server";
import { listRoutes } from "./lists.server";
import { publisherRoutes } from "./publishers/routes.server";
import { leadImports } from "./tables";
import { eq } from "drizzle-orm";

/** How often an instance looks for import work nobody runs. */
export const IMPORT_POLL_MS = 3000;
/** Progress pushes per import, at most one a second. */
const PUSH_EVERY_MS = 1000;

export function leadListRoutes(ctx: PluginServerContext): RouteDef[] {
  const lastPush = new Map<number, number>();
  const jobs = new ImportJobs(ctx, `gateway-${process.pid}-${randomUUID().slice(0, 8)}`, {
    changed(importId) {
      const now = ctx.clock.now();
      if (now - (lastPush.get(importId) ?? 0) < PUSH_EVERY_MS) return;
      lastPush.set(importId, now);
      ctx.background("lead import push", async () => {
        const [row] = await ctx.db.select({ tenantId: leadImports.tenantId }).from(leadImports).where(eq(leadImports.id, importId));
        if (!row) return;
        const [wire] = await importsOf(ctx.db, row.tenantId, importId);
        if (wire) ctx.realtime.toManagers(leadImportChanged, row.tenantId, wire);
      });
    },
  });
  let running = false;
  const runJobs = () =>
    ctx.background("lead imports", async () => {
      if (running) return;
      running = true;
      try {
        await jobs.runAll();
      } finally {
        running = false;
      }
    });
  // The next poll is set once this one has run: when the gateway closes, background work is refused and the
  // polling ends by itself.
  // Each instance sweeps at most every SWEEP_EVERY_MS (its own last time: a sweep repeated by another is harmless).
  let sweptAt = -Infinity;
  const poll = () =>
    ctx.background("lead import poll", async () => {
      runJobs();
      if (ctx.clock.now() - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = ctx.clock.now();
        ctx.background("lead import sweep", async () => {
          const swept = await jobs.sweep();
          if (swept.abandoned || swept.filesDropped) ctx.log.info(swept, "lead imports: unusable stored files dropped");
        });
      }
      ctx.clock.setTimeout(poll, IMPORT_POLL_MS);
    });
  ctx.afterStart("lead import poll", async () => poll());
  return [...importRoutes(ctx, runJobs), ...listRoutes(ctx), ...publisherRoutes(ctx), ...bookRoutes(ctx)];
}

export default definePluginServer(leadListRoutes);
