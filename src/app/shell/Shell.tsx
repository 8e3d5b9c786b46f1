import { observer } from "mobx-react-lite";
import { Outlet } from "react-router-dom";
import { WorkspaceProvider } from "../../workspace/WorkspaceProvider";
import { TopBar } from "./TopBar";

/** Everything behind sign-in: the top bar over the page the route chose. */
export const Shell = observer(function Shell() {
  return (
    <WorkspaceProvider>
      <div className="isi-shell">
        <TopBar />
        <div className="isi-shell__main">
          <Outlet />
        </div>
      </div>
    </WorkspaceProvider>
  );
});
export default Shell;
