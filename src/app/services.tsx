import type { AxiosAdapter, AxiosInstance } from "axios";
import type { i18n as I18n } from "i18next";
import { reaction } from "mobx";
import { createContext, useContext } from "react";
import { axiosTransport, createHttp } from "../api/http";
import { createI18n, localesReady, resolveLocale } from "../i18n/i18n";
import { createRootStore, type RootStore } from "../store/root";
import type { KeyValueStorage } from "../store/storage";
import { createAuthService, type AuthService } from "./auth/authService";
import { createSignInClient, type SignInClient } from "./auth/signInClient";
import { createToastNotifier, type Notifier } from "./notifier";
import { createTenantService, type TenantService } from "./tenantService";
import { gatewayClock, systemClock, type Clock } from "../shared/clock";
import type { CatalogueSource } from "../core/plugin";
import type { VariantCatalogue } from "../core/variant";
import type { RealtimeClient, RealtimeDeps } from "../realtime/client";

/** Everything the screens reach for: state, the effects that change it, and how to speak to the agent. */
export interface AppServices {
  root: RootStore;
  http: AxiosInstance;
  i18n: I18n;
  notifier: Notifier;
  auth: AuthService;
  /** The sign-in pages' calls, on this client (after a sign-out, the workspace shows them itself). */
  signIn: SignInClient;
  tenant: TenantService;
  clock: Clock;
  storage: KeyValueStorage;
  /** Every plugin and variant of the product, handed in by the composition root (main.tsx). */
  catalogue: CatalogueSource;
  variants: VariantCatalogue;
  /** Opens the realtime socket; tests hand in a fake. Undefined means the real socket.io client. */
  connectRealtime?: (deps: RealtimeDeps) => RealtimeClient;
  /** The gateway ended the session (socket refused, session revoked): sign out here and say so once. */
  endSession(): void;
}

export interface ServiceOptions {
  storage: KeyValueStorage;
  notifier?: Notifier;
  /** The page's i18next instance when the sign-in page made it already (src/main.tsx); else a new one. */
  i18n?: I18n;
  /** Tests answer HTTP calls here. */
  adapter?: AxiosAdapter;
  clock?: Clock;
  catalogue?: CatalogueSource;
  variants?: VariantCatalogue;
  connectRealtime?: (deps: RealtimeDeps) => RealtimeClient;
}

export function createServices({
  storage,
  notifier = createToastNotifier(),
  i18n: given,
  adapter,
  clock: browserClock = systemClock(),
  catalogue = {},
  variants = NO_VARIANTS,
  connectRealtime,
}: ServiceOptions): AppServices {
  const root = createRootStore({ storage });
  // Everything on the page keeps the gateway's time, learned from its answers (a PC's clock may be hours off).
  const clock = gatewayClock(browserClock);
  const locale = () => resolveLocale(root.ui.language, root.ui.tenant?.country);
  const i18n = given ?? createI18n(locale());
  const showLocale = () => {
    if (typeof document === "undefined") return;
    document.documentElement.lang = i18n.resolvedLanguage ?? "en";
    document.title = i18n.t("app.name");
  };
  showLocale();
  // A language other than English arrives in its own chunk: title and lang follow once it is there.
  void localesReady(i18n).then(showLocale);
  if (given && given.language !== locale()) void given.changeLanguage(locale()).then(showLocale);
  reaction(locale, (next) => void i18n.changeLanguage(next).then(showLocale));

  const http = createHttp({
    session: root.account,
    clock,
    adapter,
    // The guard sees the cleared account and shows the login page.
    onSessionExpired: () => sessionExpired(),
  });
  const sessionExpired = () => {
    root.ui.setTenant(null);
    notifier.error(i18n.t("accounts.session_expired"));
  };
  return {
    root,
    http,
    i18n,
    notifier,
    auth: createAuthService({ http, root }),
    signIn: createSignInClient(axiosTransport(http)),
    tenant: createTenantService({ http, root }),
    clock,
    storage,
    catalogue,
    variants,
    connectRealtime,
    endSession() {
      if (!root.account.signedIn) return;
      root.account.signOut();
      sessionExpired();
    },
  };
}

const missing = () => Promise.reject(new Error("no variant catalogue was given to createServices()"));
const NO_VARIANTS: VariantCatalogue = { isius: missing, slica: missing };

const ServicesContext = createContext<AppServices | null>(null);
export const ServicesProvider = ServicesContext.Provider;

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error("useServices() needs a <ServicesProvider> above it");
  return services;
}
