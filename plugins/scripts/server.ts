// Gateway side of the scripts plugin: GET /scripts, the call script of the caller's call centre, refused where
// the call centre's scripts feature is off. The sentences are translated in the browser (contract.ts); the
// gateway gives the script's shape, the facts it quotes and the caller's first name.
import { eq } from "drizzle-orm";
import { ErrorBody } from "../../src/contract/common";
import {
  definePluginServer,
  defineRoute,
  type PluginServerContext,
  type RouteDef,
  tenants,
  users,
} from "../../server/sdk";
import { SCRIPT_PAGES, scriptFacts } from "./content";
import { ScriptsResponse } from "./contract";

/** Qualifiers (setters, and the managers above them) and advisors read the script (agent-workspace §6). */
const AGENTS = { roles: ["setter", "advisor"] } as const;

export function scriptsRoutes(ctx: PluginServerContext): RouteDef[] {
  return [
    defineRoute({
      method: "GET",
      url: "/scripts",
      summary:
        "The call script (agent-workspace §3, booking-and-reference §1): its pages, the four steps (verify_identity, insurance_questions, set_appointment, recap) each with its sub-parts (intro, insurance_type, conditions, medications, income, meeting_setup, recap) as keys of the browser's translated texts; the facts the texts quote (visit hours, quotes, providers, verification minutes); and the caller's first name. 404 when the call centre's scripts feature is off.",
      tags: ["scripts"],
      access: AGENTS,
      response: { 200: ScriptsResponse, 404: ErrorBody },
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
