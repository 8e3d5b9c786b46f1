// The agent's own panel layout per variant (agents hot-desk, so it lives on the gateway).
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { ErrorBody, Variant } from "../../../src/contract/common";
import { LayoutResponse, SavedLayout } from "../../../src/contract/layout";
import { agentLayouts } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { defineRoute, type RouteDef } from "../../http/route";

const Params = z.strictObject({ variant: Variant });

export function layoutRoutes(gw: Gateway): RouteDef[] {
  return [
    defineRoute({
      method: "GET",
      url: "/agents/me/layouts/:variant",
      summary:
        "The caller's saved workspace layout for a variant; data is null until the agent arranges one.",
      tags: ["workspace"],
      access: {},
      params: Params,
      response: { 200: LayoutResponse },
      async handler({ caller, params }) {
        const row = (
          await gw.db
            .select()
            .from(agentLayouts)
            .where(and(eq(agentLayouts.userId, caller.id), eq(agentLayouts.variant, params.variant)))
            .limit(1)
        )[0];
        if (!row) return { data: null };
        // The plugins' layout migrations the items went through go back with them, so none runs twice.
        return {
          data: {
            version: row.version,
            items: row.items,
            ...(row.migrations ? { migrations: row.migrations } : {}),
          },
        };
      },
    }),
    defineRoute({
      method: "PUT",
      url: "/agents/me/layouts/:variant",
      summary: "Saves the caller's workspace layout for a variant (after a drag, resize, add or remove).",
      tags: ["workspace"],
      access: {},
      params: Params,
      body: SavedLayout,
      response: { 204: z.null(), 422: ErrorBody },
      example: {
        body: {
          version: 1,
          items: [{ i: "goals.progress", panel: "goals.progress", x: 0, y: 0, w: 4, h: 6 }],
        },
      },
      async handler({ caller, params, body }, reply) {
        const at = new Date(gw.clock.now());
        const migrations = body.migrations ?? null;
        await gw.db
          .insert(agentLayouts)
          .values({
            userId: caller.id,
            variant: params.variant,
            version: body.version,
            items: body.items,
            migrations,
            updatedAt: at,
          })
          .onConflictDoUpdate({
            target: [agentLayouts.userId, agentLayouts.variant],
            set: { version: body.version, items: body.items, migrations, updatedAt: at },
          });
        reply.code(204);
        return null;
      },
    }),
  ];
}
