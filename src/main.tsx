// First: it must run before any zod schema is built (see the file).
import "./zodWithoutEval";
import "normalize.css";
import "@blueprintjs/core/lib/css/blueprint.css";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { SignInApp } from "./app/auth/SignInApp";
import { fetchTransport } from "./api/wire";
import { createSignInClient } from "./app/auth/signInClient";
import { createToastNotifier } from "./app/notifier";
import { createI18n, localesReady } from "./i18n/i18n";
import { hasStoredSession, storedLanguage } from "./store/stored";
import type { LoginResponse } from "./contract/auth";
import type { CatalogueSource } from "./core/plugin";
import type { VariantCatalogue } from "./core/variant";

/**
 * Starts the dialer with the product's plugins and variants (the composition root passes them in).
 *
 * The page's first download is the sign-in page alone: React, the router, i18next, the sign-in forms and their
 * English (docs/decisions.md "Sign-in page split"). The workspace (its store, the gateway client, the contract's
 * schemas, the shell) loads in one step after sign-in, fetched ahead while the agent types; a browser that keeps
 * a session loads it at once.
 */
export function startDialer({
  catalogue,
  variants,
}: {
  catalogue: CatalogueSource;
  variants: VariantCatalogue;
}) {
  const storage = window.localStorage;
  const notifier = createToastNotifier();
  // A saved language other than English loads first, so the first paint is already in it. Before sign-in nobody's
  // call centre is known, so the locale is the language alone (as the workspace's store resolves it signed out).
  const i18n = createI18n(storedLanguage(storage));
  const root = createRoot(document.getElementById("root")!);
  const workspace = () => import("./app/workspaceApp");
  const enter = (signedIn?: { account: LoginResponse; token: string }) =>
    workspace().then(({ startWorkspace }) =>
      startWorkspace({ root, storage, i18n, notifier, catalogue, variants, signedIn }),
    );

  return localesReady(i18n).then(() => {
    if (hasStoredSession(storage)) return void enter();
    root.render(
      <StrictMode>
        <SignInApp
          i18n={i18n}
          prefetch={() => workspace().then((m) => m.prefetchWorkspace())}
          port={{
            client: createSignInClient(fetchTransport()),
            notifier,
            signedIn: (account, token) => enter({ account, token }).then(() => undefined),
          }}
        />
      </StrictMode>,
    );
  });
}
