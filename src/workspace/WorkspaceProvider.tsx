// Opens the agent's workspace once the tenant is known (one tab per agent), and closes it at sign-out.
import { Callout, NonIdealState, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useServices } from "../app/services";
import { agentFlagsReader } from "../core/agentFlags";
import { claimTab, type TabLock } from "../realtime/tabLock";
import type { ClockTimer } from "../shared/clock";
import { createWorkspaceSession, type WorkspaceSession } from "./session";

type State =
  | { kind: "opening" }
  | { kind: "open"; session: WorkspaceSession }
  | { kind: "failed"; error: Error }
  /** Another tab of this browser holds the dialer, or the gateway refused this page as a second tab. */
  | { kind: "duplicate" };

/**
 * A page the gateway refused as a second tab tries again this often, and opens once the agent's socket is free: the
 * other page closed, or it was on a gateway instance that died, whose claim lapses within 15 s (PRESENCE_TTL_MS).
 */
export const REFUSED_TAB_RETRY_MS = 5_000;

const Ctx = createContext<State>({ kind: "opening" });

/** One claim per page: a reload or a re-sign-in in the same tab keeps its place. */
let tabLock: TabLock | undefined;

export const WorkspaceProvider = observer(function WorkspaceProvider({ children }: { children: ReactNode }) {
  const services = useServices();
  const { root } = services;
  const tenant = root.ui.tenant;
  const account = root.account;
  const [state, setState] = useState<State>({ kind: "opening" });
  const [ownsTab, setOwnsTab] = useState(false);
  /** Tries at opening the workspace after the gateway refused this page as a second tab. */
  const [retries, setRetries] = useState(0);

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

  // One tab per agent: a second tab waits, showing only the duplicate-tab message, and takes over when the
  // first one closes.
  useEffect(() => {
    if (!account.signedIn) return;
    tabLock ??= claimTab();
    let cancelled = false;
    void tabLock.leader.then((leader) => {
      if (cancelled) return;
      if (leader) setOwnsTab(true);
      else {
        setState({ kind: "duplicate" });
        void tabLock!.takenOver.then(() => !cancelled && setOwnsTab(true));
      }
    });
    return () => {
      cancelled = true;
    };
  }, [account.signedIn]);

  useEffect(() => {
    if (!tenant || !account.signedIn || !ownsTab) return;
    let session: WorkspaceSession | undefined;
    let cancelled = false;
    let retry: ClockTimer | undefined;
    /** The gateway refused this page as a second tab: the session is not shown, a retry follows. */
    let refused = false;
    const log = (message: string, detail?: unknown) => console.warn(message, detail ?? "");
    // A retry keeps the second-tab message until the workspace opens (no spinner flashing every few seconds).
    if (retries === 0) setState({ kind: "opening" });
    createWorkspaceSession({
      http: services.http,
      i18n: services.i18n,
      clock: services.clock,
      storage: services.storage,
      catalogue: services.catalogue,
      variants: services.variants,
      connect: services.connectRealtime,
      tenant,
      agent: {
        id: account.id,
        tenantId: account.tenantId,
        roles: [...(account.acl?.roles ?? [])],
        permissions: [...(account.acl?.permissions ?? [])],
        extension: account.extension,
        hasWebRtc: account.hasWebRtc,
        deactivated: account.deactivated,
        autoAnswer: account.autoAnswer,
        autoAnswerTime: account.autoAnswerTime,
        flags: agentFlagsReader(account.accountFields, log),
      },
      mode: import.meta.env.DEV ? "development" : "production",
      log,
      token: () => account.accessToken,
      setDeactivated: (on) => account.setDeactivated(on),
      onSessionEnded: () => services.endSession(),
      onDuplicateTab: () => {
        if (cancelled) return;
        refused = true;
        setState({ kind: "duplicate" });
        retry ??= services.clock.setTimeout(() => !cancelled && setRetries((n) => n + 1), REFUSED_TAB_RETRY_MS);
      },
    }).then(
      (s) => {
        // Refused while it opened: the retry opens another.
        if (cancelled || refused) s.dispose();
        else {
          session = s;
          setState({ kind: "open", session: s });
        }
      },
      (error: Error) => !cancelled && setState({ kind: "failed", error }),
    );
    return () => {
      cancelled = true;
      if (retry) services.clock.clearTimeout(retry);
      session?.dispose();
    };
    // A new workspace per signed-in agent and tenant (and per retry of a refused page); other account changes do
    // not rebuild it.
  }, [tenant, account.id, account.signedIn, ownsTab, services, retries]);

  return <Ctx.Provider value={state}>{children}</Ctx.Provider>;
});

export function useWorkspaceState(): State {
  return useContext(Ctx);
}

export function useOpenWorkspace(): WorkspaceSession | undefined {
  const state = useWorkspaceState();
  return state.kind === "open" ? state.session : undefined;
}

/** The whole page of a refused second tab (agent-workspace §8). */
export function DuplicateTab() {
  const { t } = useTranslation();
  return <NonIdealState icon="duplicate" title={t("connection.duplicate_tab")} className="isi-duplicate-tab" />;
}

/** Renders children with the open workspace; a spinner while it opens; the reason when it cannot. */
export function WithWorkspace({ children }: { children: (session: WorkspaceSession) => ReactNode }) {
  const state = useWorkspaceState();
  const { t } = useTranslation();
  if (state.kind === "opening") return <Spinner className="isi-loading" aria-label={t("workspace.opening")} />;
  if (state.kind === "duplicate") return null;
  if (state.kind === "failed") {
    return (
      <Callout intent="danger" role="alert" title={t("workspace.open_failed")} className="isi-page">
        {state.error.message}
      </Callout>
    );
  }
  return <>{children(state.session)}</>;
}
