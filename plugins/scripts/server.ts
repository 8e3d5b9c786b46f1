// Gateway side of the scripts plugin: GET /scripts, the call script of the caller's call centre, refused where
// the call centre's scripts feature is off. The sentences are translated in the browser (contract.ts); the
// gateway gives the script's shape, the facts it quotes and the caller's first name.
import { eq } from "drizzle-orm";
import {
  definePluginServer,
  defineRoute,
  type PluginServerContext,
  type RouteDef,
  tenants,
  users,
} from "../../server/sdk";
import { SCRIPT_PAGES, scriptFacts } from "./content";
import { readScript } from "./contract";

/** Qualifiers (setters, and the managers above them) and advisors read the script (agent-workspace §6). */
const AGENTS = { roles: ["setter", "advisor"] } as const;

export function scriptsRoutes(ctx: PluginServerContext): RouteDef[] {
  return [
    defineRoute(readScript, {
      access: AGENTS,
      async handler({ caller }) {
        // Off for the call centre, the script does not exist there: the gateway answers 404 (manifest.ts).
        const [row] = await ctx.db
          .select({ firstName: users.firstName, country: tenants.country })
          .from(users)
          .innerJoin(tenants, eq(tenants.id, users.tenantId))
          .where(eq(users.id, caller.id));
        return {
          data: {
            pages: SCRIPT_PAGES,
            facts: scriptFacts(row?.country ?? ""),
            agent: { first_name: row?.firstName ?? "" },
          },
        };
      },
    }),
  ];
}

export default definePluginServer(scriptsRoutes);
