import {
  Alignment,
  Button,
  Classes,
  Colors,
  Navbar,
  NavbarDivider,
  NavbarGroup,
  Tag,
  Tooltip,
} from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { holdsRoleAtLeast } from "../../contract/common";
import { useServices } from "../services";
import { StatusSelector } from "../../status/StatusSelector";
import { CallAnnouncer } from "../../call/CallAnnouncer";
import { CallTypeLabel } from "../../call/CallTypeLabel";
import { useOpenWorkspace } from "../../workspace/WorkspaceProvider";
import { AdminDrawer } from "./AdminDrawer";
import { UserMenu } from "./UserMenu";

export const TopBar = observer(function TopBar() {
  const { root } = useServices();
  const { t } = useTranslation();
  const [adminOpen, setAdminOpen] = useState(false);
  const { account } = root;
  const isManager = holdsRoleAtLeast(account.acl?.roles ?? [], "manager");
  const workspace = useOpenWorkspace();
  const roles: readonly string[] = account.acl?.roles ?? [];
  // Timers and statuses are the agents' (qualifiers and advisors).
  const agentRole = roles.includes("advisor") ? "advisor" : roles.includes("qualifier") ? "qualifier" : null;

  return (
    <>
      <Navbar
        // A manager disabled calling: the whole bar turns the danger colour (agent-workspace §2).
        className={account.deactivated ? `${Classes.DARK} isi-topbar isi-topbar--deactivated` : "isi-topbar"}
        style={account.deactivated ? { backgroundColor: Colors.RED3 } : undefined}
      >
        <NavbarGroup align={Alignment.START}>
          {isManager && (
            <Tooltip
              content={t("admin.panel")}
              hoverCloseDelay={200}
              placement="bottom"
              openOnTargetFocus={false}
            >
              <Button
                variant="minimal"
                icon="cog"
                aria-label={t("admin.panel")}
                onClick={() => setAdminOpen(true)}
              />
            </Tooltip>
          )}
          <Link to="/" className="isi-topbar__logo">
            <img src={t("app.logo")} alt="" width={28} height={28} />
            <span className="isi-topbar__product">{t("app.name")}</span>
          </Link>
          {account.deactivated ? (
            <>
              <NavbarDivider />
              <Tag intent="danger" size="large" icon="disable" className="isi-topbar__deactivated">
                {t("topbar.deactivated")}
              </Tag>
            </>
          ) : (
            workspace &&
            agentRole && (
              <>
                <NavbarDivider />
                <StatusSelector
                  status={workspace.agent.store.status}
                  api={workspace.agent.status}
                  role={agentRole}
                />
                <CallTypeLabel call={workspace.agent.store.call} />
                <CallAnnouncer call={workspace.agent.store.call} />
              </>
            )
          )}
        </NavbarGroup>
        <NavbarGroup align={Alignment.END}>
          <UserMenu />
        </NavbarGroup>
      </Navbar>
      {isManager && (
        <AdminDrawer
          isOpen={adminOpen}
          onClose={() => setAdminOpen(false)}
          roles={roles}
          registry={workspace?.registry}
        />
      )}
    </>
  );
});
