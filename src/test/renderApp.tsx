import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter } from "react-router-dom";
import { App } from "../app/App";
import { appRoutes } from "../app/routes";
import { createServices } from "../app/services";
import type { LoginResponse } from "../contract/auth";
import type { Catalogue } from "../core/plugin";
import type { VariantCatalogue } from "../core/variant";
import type { Clock } from "../shared/clock";
import { memoryStorage } from "../store/storage";
import { fakeGateway } from "./fakeGateway";
import { emptyVariants, recordingNotifier } from "./fixtures";
import { fakeRealtime } from "./fakeRealtime";

interface RenderAppOptions {
  path?: string;
  /** Router location state, as one sign-in page hands it to the next. */
  state?: unknown;
  gateway?: ReturnType<typeof fakeGateway>;
  storage?: ReturnType<typeof memoryStorage>;
  /** Starts signed in with this account. */
  signedInAs?: LoginResponse;
  realtime?: ReturnType<typeof fakeRealtime>;
  /** The plugins and variants the workspace opens with; by default, variants without plugins. */
  catalogue?: Catalogue;
  variants?: VariantCatalogue;
  /** The browser's clock (a manual one moves only when the test says); the system's by default. */
  clock?: Clock;
}

/** The whole app in memory: real store, services and routes; a fake gateway; toasts recorded. */
export function renderApp({
  path = "/",
  state,
  gateway = fakeGateway(),
  storage = memoryStorage(),
  signedInAs,
  realtime = fakeRealtime(),
  catalogue = {},
  variants = emptyVariants,
  clock,
}: RenderAppOptions = {}) {
  const notifier = recordingNotifier();
  const services = createServices({
    storage,
    notifier,
    adapter: gateway.adapter,
    catalogue,
    variants,
    connectRealtime: realtime.connect,
    ...(clock && { clock }),
  });
  if (signedInAs) services.root.account.signIn(signedInAs);
  const router = createMemoryRouter(appRoutes(), { initialEntries: [{ pathname: path, state }] });
  const user = userEvent.setup();
  const view = render(<App services={services} router={router} />);
  return { ...view, services, router, notifier, gateway, storage, user, realtime };
}
