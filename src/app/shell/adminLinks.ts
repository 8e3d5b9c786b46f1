import type { HierarchyRole } from "../../contract/common";

/** The Admin Panel drawer's links (admin-and-sign-in §2), grouped as the drawer shows them. */
export interface AdminLink {
  /** Path under /admin/. */
  path: string;
  /** Key of the link text under `admin.links`. */
  key: string;
  /** Who sees the link, when more than the drawer's managers: that role or higher. */
  minRole?: HierarchyRole;
}

export const ADMIN_SECTIONS: { key: "users" | "notifications" | "settings"; links: AdminLink[] }[] = [
  {
    key: "users",
    links: [
      { path: "users/managers", key: "managers" },
      { path: "users", key: "users" },
      { path: "users/accounts", key: "accounts" },
    ],
  },
  { key: "notifications", links: [{ path: "notifications/create", key: "notifications_create" }] },
  {
    key: "settings",
    links: [
      "globals",
      "configurations",
      "operation-hours",
      "dialing-sequence",
      "user-quotas",
      "qualifier-dials-per-level",
      "lead-campaigns",
      "lead-prefixes",
      "lead-groups",
      "attribute-groups",
      "allowed-extensions",
      "webrtc-users",
      "retreaver-mappings",
      "publisher-suppression",
      // Not in the specification's list: the call centre's transfer targets (plugins/transfer-targets).
      "external-transfers",
    ]
      .map((page): AdminLink => ({ path: `settings/${page}`, key: page.replaceAll("-", "_") }))
      // Not in the specification's list: an admin turns the variant's plugins and features on or off
      // (plugins/plugin-settings; the design card's "call-centre admins enabling variant plugins").
      .concat({ path: "settings/plugins", key: "plugins", minRole: "admin" }),
  },
];

export const ADMIN_LINKS: AdminLink[] = ADMIN_SECTIONS.flatMap((section) => section.links);
