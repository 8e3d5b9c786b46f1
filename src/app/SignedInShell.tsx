// The signed-in shell with Blueprint's hotkeys context around it (see App.tsx): loaded by routes.tsx on demand.
import { HotkeysProvider } from "@blueprintjs/core";
import Shell from "./shell/Shell";

export default function SignedInShell() {
  return (
    <HotkeysProvider>
      <Shell />
    </HotkeysProvider>
  );
}
