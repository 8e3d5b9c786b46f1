import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AGENT_ROLES, HIERARCHY_ROLES, Role } from "../../contract/common";
import { canEnter, type AccessData, type RouteAccess } from "./canEnter";

const role = fc.constantFrom(...Role.options);
const permission = fc.constantFrom("has_auto_ready", "users.manage", "settings.edit", "reports.view");
const acl: fc.Arbitrary<AccessData> = fc.record({
  roles: fc.uniqueArray(role, { maxLength: 4 }),
  permissions: fc.uniqueArray(permission, { maxLength: 3 }),
});
const privateRoute = fc.record(
  { kind: fc.constant("private" as const), roles: fc.uniqueArray(role, { maxLength: 3 }), permission },
  { requiredKeys: ["kind"] },
);
const anyRoute: fc.Arbitrary<RouteAccess> = fc.oneof(
  fc.constant({ kind: "login" } as const),
  fc.constant({ kind: "public" } as const),
  privateRoute,
);
const rank = (r: string) => (HIERARCHY_ROLES as readonly string[]).indexOf(r);

describe("canEnter (admin-and-sign-in §2 route guard)", () => {
  it("without access data only the /auth pages open; everything else goes to login", () => {
    fc.assert(
      fc.property(anyRoute, (route) => {
        const verdict = canEnter(route, null);
        if (route.kind === "private") expect(verdict).toEqual({ allow: false, redirectTo: "/auth/login" });
        else expect(verdict).toEqual({ allow: true });
      }),
    );
  });

  it("a signed-in agent opening the login page is sent to /", () => {
    fc.assert(
      fc.property(acl, (a) => {
        expect(canEnter({ kind: "login" }, a)).toEqual({ allow: false, redirectTo: "/" });
      }),
    );
  });

  it("a signed-in agent is never sent to login, and a refusal always goes to /", () => {
    fc.assert(
      fc.property(anyRoute, acl, (route, a) => {
        const verdict = canEnter(route, a);
        if (!verdict.allow) expect(verdict.redirectTo).toBe("/");
      }),
    );
  });

  it("passes exactly when a required role is held (hierarchy: it or above) and the permission is held", () => {
    fc.assert(
      fc.property(privateRoute, acl, (route, a) => {
        const roles = route.roles ?? [];
        const roleOk =
          roles.length === 0 ||
          roles.some((r) => (rank(r) >= 0 ? a.roles.some((h) => rank(h) >= rank(r)) : a.roles.includes(r)));
        const permissionOk = route.permission === undefined || a.permissions.includes(route.permission);
        expect(canEnter(route, a).allow).toBe(roleOk && permissionOk);
      }),
    );
  });

  it("holding more roles or permissions never closes a door", () => {
    fc.assert(
      fc.property(privateRoute, acl, acl, (route, a, more) => {
        const wider = {
          roles: [...new Set([...a.roles, ...more.roles])],
          permissions: [...new Set([...a.permissions, ...more.permissions])],
        };
        if (canEnter(route, a).allow) expect(canEnter(route, wider).allow).toBe(true);
      }),
    );
  });

  it("operations-manager passes every hierarchy role; agent roles count only for themselves", () => {
    fc.assert(
      fc.property(fc.constantFrom(...HIERARCHY_ROLES), (required) => {
        const route: RouteAccess = { kind: "private", roles: [required] };
        expect(canEnter(route, { roles: ["operations-manager"], permissions: [] }).allow).toBe(true);
        expect(canEnter(route, { roles: [...AGENT_ROLES], permissions: [] }).allow).toBe(false);
      }),
    );
    expect(
      canEnter({ kind: "private", roles: ["advisor"] }, { roles: ["operations-manager"], permissions: [] })
        .allow,
    ).toBe(false);
    expect(
      canEnter({ kind: "private", roles: ["manager"] }, { roles: ["setter"], permissions: [] }).allow,
    ).toBe(false);
    expect(
      canEnter({ kind: "private", roles: ["manager"] }, { roles: ["admin"], permissions: [] }).allow,
    ).toBe(true);
  });
});
