// The signed-in shell with Blueprint's hotkeys context around it (see App.tsx): loaded by routes.tsx on demand.
import { HotkeysProvider } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { addWorkspaceTexts } from "../i18n/workspaceTexts";
import Shell from "./shell/Shell";

export default function SignedInShell() {
  // The core's English beyond the sign-in pages arrives with this chunk; in before anything below renders.
  addWorkspaceTexts(useTranslation().i18n);
  return (
    <HotkeysProvider>
      <Shell />
    </HotkeysProvider>
  );
}
