import { HIERARCHY_ROLES, holdsRoleAtLeast, type HierarchyRole, type Role } from "../../contract/common";

/** Roles and permissions of the signed-in agent; null while nobody is signed in. */
export interface AccessData {
  readonly roles: readonly string[];
  readonly permissions: readonly string[];
}

/**
 * Who may open a route (admin-and-sign-in §2 "Route guard"):
 * - "login": the sign-in page, which a signed-in agent skips;
 * - "public": the other /auth pages, open to anyone;
 * - "private": needs a session, plus any one of `roles` (hierarchy roles count for themselves and above)
 *   and the one `permission`, when given.
 */
export type RouteAccess =
  { kind: "login" } | { kind: "public" } | { kind: "private"; roles?: readonly Role[]; permission?: string };

export type Verdict = { allow: true } | { allow: false; redirectTo: "/auth/login" | "/" };

const ALLOW: Verdict = { allow: true };
const TO_LOGIN: Verdict = { allow: false, redirectTo: "/auth/login" };
const TO_HOME: Verdict = { allow: false, redirectTo: "/" };

const isHierarchyRole = (role: string): role is HierarchyRole =>
  (HIERARCHY_ROLES as readonly string[]).includes(role);

export function holdsRole(held: readonly string[], required: Role): boolean {
  return isHierarchyRole(required) ? holdsRoleAtLeast(held, required) : held.includes(required);
}

export function canEnter(route: RouteAccess, acl: AccessData | null): Verdict {
  switch (route.kind) {
    case "public":
      return ALLOW;
    case "login":
      return acl ? TO_HOME : ALLOW;
    case "private": {
      if (!acl) return TO_LOGIN;
      const roles = route.roles ?? [];
      if (roles.length > 0 && !roles.some((role) => holdsRole(acl.roles, role))) return TO_HOME;
      if (route.permission !== undefined && !acl.permissions.includes(route.permission)) return TO_HOME;
      return ALLOW;
    }
  }
}
