// First: it must run before any zod schema is built (see the file).
import "./zodWithoutEval";
import "normalize.css";
import "@blueprintjs/core/lib/css/blueprint.css";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router-dom";
import { App } from "./app/App";
import { appRoutes } from "./app/routes";
import { createServices } from "./app/services";
import { localesReady } from "./i18n/i18n";
import type { CatalogueSource } from "./core/plugin";
import type { VariantCatalogue } from "./core/variant";

/** Starts the dialer with the product's plugins and variants (the composition root passes them in). */
export function startDialer({ catalogue, variants }: { catalogue: CatalogueSource; variants: VariantCatalogue }) {
  const services = createServices({ storage: window.localStorage, catalogue, variants });
  const router = createBrowserRouter(appRoutes());
  // English is in the page; another saved language loads first, so the first paint is already in it.
  return localesReady(services.i18n).then(() =>
    createRoot(document.getElementById("root")!).render(
      <StrictMode>
        <App services={services} router={router} />
      </StrictMode>,
    ),
  );
}
