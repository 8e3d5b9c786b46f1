import { holdsRoleAtLeast } from "../../contract/common";
import type { AdminPageDef } from "../../core/plugin";
import type { Registry } from "../../core/registry";

export type AdminSection = AdminPageDef["section"];
/** An admin page of an enabled plugin, with the drawer link it declares. */
export type AdminLink = AdminPageDef & { pluginId: string };

/**
 * The drawer's sections, in the order it shows them (admin-and-sign-in §2), each titled `admin.sections.<key>`.
 * A record, so a section added to {@link AdminPageDef} cannot be left out of the drawer.
 */
const SECTION_PLACE: Record<AdminSection, number> = { users: 0, leads: 1, reports: 2, notifications: 3, settings: 4 };
export const ADMIN_SECTIONS = (Object.keys(SECTION_PLACE) as AdminSection[]).sort(
  (a, b) => SECTION_PLACE[a] - SECTION_PLACE[b],
);

/**
 * The Admin Panel's links this account sees: the enabled plugins' admin pages (the registry's), by section then
 * order, without those whose `minRole` the account does not hold.
 */
export function adminLinks(
  registry: Pick<Registry, "adminPages"> | undefined,
  roles: readonly string[],
): AdminLink[] {
  return [...(registry?.adminPages.values() ?? [])]
    .filter((page) => !page.minRole || holdsRoleAtLeast(roles, page.minRole))
    .sort((a, b) => SECTION_PLACE[a.section] - SECTION_PLACE[b.section] || a.order - b.order);
}
