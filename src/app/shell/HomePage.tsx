import { H1 } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { AlertStack } from "../../alerts/AlertStack";
import { Overlays } from "../../workspace/Overlays";
import { Workspace } from "../../workspace/Workspace";
import { WithWorkspace } from "../../workspace/WorkspaceProvider";

/** Home: the alert stack over the agent's workspace of panels. */
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
            <AlertStack alerts={session.agent.store.alerts} service={session.agent.alerts} />
            <Workspace session={session} />
            <Overlays session={session} />
          </>
        )}
      </WithWorkspace>
    </main>
  );
}
