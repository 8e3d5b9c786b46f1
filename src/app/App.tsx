import { OverlaysProvider, PortalProvider } from "@blueprintjs/core";
import { I18nextProvider } from "react-i18next";
import { RouterProvider, type createBrowserRouter } from "react-router-dom";
import { ServicesProvider, type AppServices } from "./services";

type Router = ReturnType<typeof createBrowserRouter>;

// Blueprint's <BlueprintProvider> is PortalProvider + OverlaysProvider + HotkeysProvider. The hotkeys part (its
// dialog, overlay and key icons) is only needed after sign-in, so it wraps the lazily loaded shell instead
// (./SignedInShell.tsx) and stays out of the sign-in page's first download.
export function App({ services, router }: { services: AppServices; router: Router }) {
  return (
    <ServicesProvider value={services}>
      <I18nextProvider i18n={services.i18n}>
        <PortalProvider>
          <OverlaysProvider>
            <RouterProvider router={router} />
          </OverlaysProvider>
        </PortalProvider>
      </I18nextProvider>
    </ServicesProvider>
  );
}
