import { BlueprintProvider } from "@blueprintjs/core";
import { I18nextProvider } from "react-i18next";
import { RouterProvider, type createBrowserRouter } from "react-router-dom";
import { ServicesProvider, type AppServices } from "./services";

type Router = ReturnType<typeof createBrowserRouter>;

export function App({ services, router }: { services: AppServices; router: Router }) {
  return (
    <ServicesProvider value={services}>
      <I18nextProvider i18n={services.i18n}>
        <BlueprintProvider>
          <RouterProvider router={router} />
        </BlueprintProvider>
      </I18nextProvider>
    </ServicesProvider>
  );
}
