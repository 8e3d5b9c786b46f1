// The one mapping between the role order's names and the agent roles.
import { describe, expect, it } from "vitest";
import { AGENT_ROLES, HIERARCHY_ROLES, Role } from "./common";
import {
  accessRolesOf,
  DISPOSING_ACCESS_ROLES,
  DISPOSING_ROLES,
  rolesHeldBy,
  RUNG_OF_AGENT_ROLE,
} from "./roles";

describe("role names", () => {
  it("puts qualifiers on the setter rung, and no other agent role on a rung", () => {
    expect(RUNG_OF_AGENT_ROLE).toEqual({ qualifier: "setter", advisor: null, "outbound-eligible": null });
    expect(rolesHeldBy("qualifier")).toEqual(["qualifier", "setter"]);
    expect(rolesHeldBy("advisor")).toEqual(["advisor"]);
  });

  it("maps every agent role to a valid role name, a rung of the order or itself", () => {
    for (const r of AGENT_ROLES) {
      const [mapped] = accessRolesOf([r]);
      expect(Role.safeParse(mapped).success, r).toBe(true);
      expect(mapped === r || (HIERARCHY_ROLES as readonly string[]).includes(mapped!), r).toBe(true);
    }
  });

  it("lets qualifiers and advisors dispose, the first by its rung in an access policy", () => {
    expect(DISPOSING_ROLES).toEqual(["qualifier", "advisor"]);
    expect(DISPOSING_ACCESS_ROLES).toEqual(["setter", "advisor"]);
  });
});
