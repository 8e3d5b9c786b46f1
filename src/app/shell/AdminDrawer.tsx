import { Classes, Drawer, DrawerSize, H3 } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router-dom";
import { holdsRoleAtLeast } from "../../contract/common";
import { ADMIN_SECTIONS } from "./adminLinks";

export function AdminDrawer({ isOpen, onClose, roles }: { isOpen: boolean; onClose: () => void; roles: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      title={t("admin.panel")}
      icon="cog"
      position="left"
      size={DrawerSize.SMALL}
    >
      <nav className={`${Classes.DRAWER_BODY} isi-admin-nav`} aria-label={t("admin.panel")}>
        {ADMIN_SECTIONS.map((section) => (
          <section key={section.key}>
            <H3 className="isi-admin-nav__section">{t(`admin.sections.${section.key}`)}</H3>
            <ul>
              {section.links.filter((link) => !link.minRole || holdsRoleAtLeast(roles, link.minRole)).map((link) => (
                <li key={link.path}>
                  <NavLink to={`/admin/${link.path}`} end onClick={onClose}>
                    {t(`admin.links.${link.key}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
    </Drawer>
  );
}
