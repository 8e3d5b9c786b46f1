import { Classes, Drawer, DrawerSize, H3, Spinner } from "@blueprintjs/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router-dom";
import type { Registry } from "../../core/registry";
import { ADMIN_SECTIONS, adminLinks, type AdminLink, type AdminSection } from "./adminLinks";

/** The Admin Panel: the admin pages of the agent's enabled plugins, each under the section its plugin chose. */
export function AdminDrawer({
  isOpen,
  onClose,
  roles,
  registry,
}: {
  isOpen: boolean;
  onClose: () => void;
  roles: readonly string[];
  /** The open workspace's; none while it opens, and then the drawer has no links yet. */
  registry: Pick<Registry, "adminPages"> | undefined;
}) {
  const { t } = useTranslation();
  const links = adminLinks(registry, roles);
  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      title={t("admin.panel")}
      icon="cog"
      position="left"
      size={DrawerSize.SMALL}
    >
      <nav className={`${Classes.DRAWER_BODY} isi-admin-nav`} aria-label={t("admin.panel")} aria-busy={!registry}>
        {/* Opened right after sign-in, the workspace (and so the plugins' pages) may still be loading. */}
        {!registry && (
          <p className="isi-admin-nav__loading" role="status">
            <Spinner size={16} /> {t("admin.loading")}
          </p>
        )}
        {ADMIN_SECTIONS.map((section) => (
          <Section
            key={section}
            section={section}
            links={links.filter((link) => link.section === section)}
            onClose={onClose}
          />
        ))}
      </nav>
    </Drawer>
  );
}

function Section({
  section,
  links,
  onClose,
}: {
  section: AdminSection;
  links: AdminLink[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  // A section no enabled plugin links into says nothing: no heading over an empty list.
  if (!links.length) return null;
  return (
    <section aria-labelledby={titleId}>
      <H3 id={titleId} className="isi-admin-nav__section">
        {t(`admin.sections.${section}`)}
      </H3>
      <ul>
        {links.map((link) => (
          <li key={link.path}>
            <NavLink to={`/admin/${link.path}`} end onClick={onClose}>
              {t(link.title, { ns: link.pluginId })}
            </NavLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
