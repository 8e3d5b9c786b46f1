// The wire contract shared by the browser and the gateway. Paths, status codes and field names are the
// specification's; this file holds the pieces every area uses.
import { z } from "zod";

import { LANGUAGES } from "./constants";

export { API_BASE } from "./constants";
/**
 * Every API answer carries the gateway's clock (ms since the epoch) in this header, so the page shows and waits
 * on the gateway's time whatever its PC's clock says (src/shared/clock.ts gatewayClock).
 */
export const SERVER_TIME_HEADER = "x-server-time";

/** Error body of every 4xx: a message plus messages per field (the specification's "errors per field"). */
export const ErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Roles in hierarchy order, lowest first: a check for one passes for it or any higher. */
export const HIERARCHY_ROLES = ["setter", "manager", "admin", "super", "operations-manager"] as const;
/**
 * Agent roles. 'outbound-eligible' is the specification's third group (booking-and-reference §1, §6): an
 * advisor who also dials leads outbound (outbound eligibility not 'none', not inbound-only). It widens the
 * disposition and reason lists; it grants no function of its own.
 */
export const AGENT_ROLES = ["qualifier", "advisor", "outbound-eligible"] as const;
export const Role = z.enum([...HIERARCHY_ROLES, ...AGENT_ROLES]);
export type Role = z.infer<typeof Role>;
export type HierarchyRole = (typeof HIERARCHY_ROLES)[number];

/** Passes when the held roles include `min` or a role above it in the hierarchy. */
export function holdsRoleAtLeast(held: readonly string[], min: HierarchyRole): boolean {
  const need = HIERARCHY_ROLES.indexOf(min);
  return held.some((r) => {
    const at = HIERARCHY_ROLES.indexOf(r as HierarchyRole);
    return at >= 0 && at >= need;
  });
}

export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;
/** The languages each variant's call centre works in (ISIUS English and Spanish, SLICA English and French). */
export const VARIANT_LANGUAGES: Record<"isius" | "slica", readonly Language[]> = {
  isius: ["en", "es"],
  slica: ["en", "fr"],
};

export const Variant = z.enum(["isius", "slica"]);
export type Variant = z.infer<typeof Variant>;

export const OutboundEligibility = z.enum(["old", "new", "both", "none"]);
