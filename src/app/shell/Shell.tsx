import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { Outlet } from "react-router-dom";
import { useServices } from "../services";
import { TopBar } from "./TopBar";

/** Everything behind sign-in: the top bar over the page the route chose. */
export const Shell = observer(function Shell() {
  const { tenant, root } = useServices();
  const needsTenant = root.ui.tenant === null;
  useEffect(() => {
    if (needsTenant) void tenant.load();
  }, [needsTenant, tenant]);

  return (
    <div className="isi-shell">
      <TopBar />
      <div className="isi-shell__main">
        <Outlet />
      </div>
    </div>
  );
});
export default Shell;
