// The workspace's start, loaded by the sign-in page (src/main.tsx) once an account has signed in, or at once
// when this browser keeps a session: the store, the gateway client, the router and everything behind sign-in.
// Nothing here is in the sign-in page's first download (tests/bundle/budget.ts checks it).
import { StrictMode } from "react";
import type { Root } from "react-dom/client";
import { createBrowserRouter } from "react-router-dom";
import type { i18n as I18n } from "i18next";
import type { LoginResponse } from "../contract/auth";
import type { CatalogueSource } from "../core/plugin";
import type { VariantCatalogue } from "../core/variant";
import type { KeyValueStorage } from "../store/storage";
import { App } from "./App";
import type { Notifier } from "./notifier";
import { appRoutes } from "./routes";
import { createServices } from "./services";

export interface WorkspaceStart {
  root: Root;
  storage: KeyValueStorage;
  i18n: I18n;
  notifier: Notifier;
  catalogue: CatalogueSource;
  variants: VariantCatalogue;
  /** The account that signed in on the sign-in page, if that is how the workspace was reached. */
  signedIn?: { account: LoginResponse; token: string };
}

/** Renders the workspace into the page's React root, in place of the sign-in page. */
export function startWorkspace({
  root,
  storage,
  i18n,
  notifier,
  catalogue,
  variants,
  signedIn,
}: WorkspaceStart) {
  const services = createServices({ storage, i18n, notifier, catalogue, variants });
  if (signedIn) {
    services.auth.enter(signedIn.account, signedIn.token);
    // Home, as the workspace's own sign-in opens it.
    window.history.replaceState(null, "", "/");
  }
  const router = createBrowserRouter(appRoutes());
  root.render(
    <StrictMode>
      <App services={services} router={router} />
    </StrictMode>,
  );
  return services;
}

/** The chunks a first signed-in page needs, fetched while the agent types the password. */
export function prefetchWorkspace() {
  return Promise.all([import("./SignedInShell"), import("./shell/HomePage")]).then(() => undefined);
}
