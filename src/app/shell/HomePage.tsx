import { H1 } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { AlertStack, AlertToasts } from "../../alerts/AlertStack";
import { Overlays } from "../../workspace/Overlays";
import { Workspace } from "../../workspace/Workspace";
import { WithWorkspace } from "../../workspace/WorkspaceProvider";

/**
 * Home: the agent's workspace of panels, with the alerts in the row above it. Toasts float just below that row
 * (inside it, positioned under the persistent alerts), so a manager's notice never covers a banner.
 */
export default function HomePage() {
  const { t } = useTranslation();
  return (
    <main className="isi-home" aria-labelledby="workspace-title">
      <H1 id="workspace-title" className="isi-sr-only">
        {t("home.title")}
      </H1>
      <WithWorkspace>
        {(session) => (
          <>
            <Workspace
              session={session}
              alerts={
                <>
                  <AlertStack alerts={session.agent.store.alerts} service={session.agent.alerts} />
                  <AlertToasts alerts={session.agent.store.alerts} service={session.agent.alerts} />
                </>
              }
            />
            <Overlays session={session} />
          </>
        )}
      </WithWorkspace>
    </main>
  );
}
