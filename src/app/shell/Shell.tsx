import { observer } from "mobx-react-lite";
import { Outlet } from "react-router-dom";
import { DuplicateTab, useWorkspaceState, WorkspaceProvider } from "../../workspace/WorkspaceProvider";
import { TopBar } from "./TopBar";

/** Everything behind sign-in: the top bar over the page the route chose. */
export const Shell = observer(function Shell() {
  return (
    <WorkspaceProvider>
      <ShellBody />
    </WorkspaceProvider>
  );
});
export default Shell;

const ShellBody = observer(function ShellBody() {
  // A second tab of the same agent shows nothing but the message.
  if (useWorkspaceState().kind === "duplicate") return <DuplicateTab />;
  return (
    <div className="isi-shell">
      <TopBar />
      <div className="isi-shell__main">
        <Outlet />
      </div>
    </div>
  );
});
