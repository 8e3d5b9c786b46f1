import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { useServices } from "../services";

/** The agent's name; opens the language switch (when the call centre has two) and Logout. */
export const UserMenu = observer(function UserMenu() {
  const { root, auth } = useServices();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { ui, account } = root;

  const logout = async () => {
    await auth.logout();
    navigate("/auth/login", { replace: true });
  };

  const menu = (
    <Menu aria-label={t("topbar.user_menu")}>
      {ui.languages.length > 1 && (
        <>
          <MenuDivider title={t("topbar.language")} />
          {ui.languages.map((language) => (
            <MenuItem
              key={language}
              text={language.toUpperCase()}
              icon={language === ui.language ? "tick" : "blank"}
              aria-current={language === ui.language ? "true" : undefined}
              onClick={() => void auth.chooseLanguage(language)}
            />
          ))}
          <MenuDivider />
        </>
      )}
      <MenuItem icon="log-out" text={t("accounts.logout")} onClick={logout} />
    </Menu>
  );

  return (
    // Blueprint 6 warns that the classic Popover misplaces content under React 19.
    <PopoverNext content={menu} placement="bottom-end">
      <Button variant="minimal" icon="user" endIcon="caret-down" text={account.fullName} />
    </PopoverNext>
  );
});
