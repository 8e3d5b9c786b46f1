// Opens the agent's workspace once the tenant is known, and closes it at sign-out.
import { Callout, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useServices } from "../app/services";
import { createWorkspaceSession, type WorkspaceSession } from "./session";

type State = { kind: "opening" } | { kind: "open"; session: WorkspaceSession } | { kind: "failed"; error: Error };

const Ctx = createContext<State>({ kind: "opening" });

export const WorkspaceProvider = observer(function WorkspaceProvider({ children }: { children: ReactNode }) {
  const services = useServices();
  const { root } = services;
  const tenant = root.ui.tenant;
  const account = root.account;
  const [state, setState] = useState<State>({ kind: "opening" });

  // The tenant's variant and flags come first; without them there is no workspace to open.
  useEffect(() => {
    if (tenant || !account.signedIn) return;
    let cancelled = false;
    void services.tenant.load().then((ok) => {
      if (!ok && !cancelled) setState({ kind: "failed", error: new Error(services.i18n.t("workspace.tenant_failed")) });
    });
    return () => {
      cancelled = true;
    };
  }, [tenant, account.signedIn, services]);

  useEffect(() => {
    if (!tenant || !account.signedIn) return;
    let session: WorkspaceSession | undefined;
    let cancelled = false;
    setState({ kind: "opening" });
    createWorkspaceSession({
      http: services.http,
      i18n: services.i18n,
      clock: services.clock,
      storage: services.storage,
      notify: services.notifier,
      catalogue: services.catalogue,
      variants: services.variants,
      tenant,
      agent: {
        id: account.id,
        tenantId: account.tenantId,
        roles: [...(account.acl?.roles ?? [])],
        permissions: [...(account.acl?.permissions ?? [])],
        extension: account.extension,
        hasWebRtc: account.hasWebRtc,
        deactivated: account.deactivated,
      },
      mode: import.meta.env.DEV ? "development" : "production",
      log: (message, detail) => console.warn(message, detail ?? ""),
    }).then(
      (s) => {
        session = s;
        if (cancelled) s.dispose();
        else setState({ kind: "open", session: s });
      },
      (error: Error) => !cancelled && setState({ kind: "failed", error }),
    );
    return () => {
      cancelled = true;
      session?.dispose();
    };
    // A new workspace per signed-in agent and tenant; other account changes do not rebuild it.
  }, [tenant, account.id, account.signedIn, services]);

  return <Ctx.Provider value={state}>{children}</Ctx.Provider>;
});

export function useWorkspaceState(): State {
  return useContext(Ctx);
}

/** Renders children with the open workspace; a spinner while it opens; the reason when it cannot. */
export function WithWorkspace({ children }: { children: (session: WorkspaceSession) => ReactNode }) {
  const state = useWorkspaceState();
  const { t } = useTranslation();
  if (state.kind === "opening") return <Spinner className="isi-loading" aria-label={t("workspace.opening")} />;
  if (state.kind === "failed") {
    return (
      <Callout intent="danger" role="alert" title={t("workspace.open_failed")} className="isi-page">
        {state.error.message}
      </Callout>
    );
  }
  return <>{children(state.session)}</>;
}
