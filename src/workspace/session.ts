// One workspace per sign-in: the tenant's variant, the registry resolved for this agent, and the agent's
// layout restored. Disposed at sign-out.
import type { AxiosInstance } from "axios";
import type { i18n as I18n } from "i18next";
import type { TenantFeatures } from "../contract/tenant";
import type { Clock } from "../shared/clock";
import { createEventBus, type EventBus } from "../core/events";
import type { CatalogueSource } from "../core/plugin";
import { createRegistry, type Registry } from "../core/registry";
import {
  agentKey,
  callKey,
  clockKey,
  httpKey,
  i18nKey,
  leadsKey,
  notifyKey,
  statusKey,
  variantKey,
  type AgentInfo,
} from "../core/services";
import { defaultLayoutFor, type VariantCatalogue } from "../core/variant";
import type { KeyValueStorage } from "../store/storage";
import { openAgentSession, type AgentSession } from "../session/agentSession";
import type { RealtimeClient, RealtimeDeps } from "../realtime/client";
import { fromDefault } from "./layout";
import { LayoutModel } from "./LayoutModel";
import { createLayoutService, type LayoutService } from "./layoutService";
import { addWorkspaceTexts } from "../i18n/workspaceTexts";

export interface WorkspaceSession {
  /** Socket, status and alerts of the signed-in agent. */
  agent: AgentSession;
  registry: Registry;
  layout: LayoutModel;
  layoutService: LayoutService;
  bus: EventBus;
  /** The variant's default arrangement for this agent's role ("Reset layout"). */
  defaultItems(): ReturnType<typeof fromDefault>;
  dispose(): void;
}

export interface WorkspaceDeps {
  http: AxiosInstance;
  i18n: I18n;
  clock: Clock;
  storage: KeyValueStorage;
  catalogue: CatalogueSource;
  variants: VariantCatalogue;
  tenant: TenantFeatures;
  agent: AgentInfo;
  mode: "development" | "production";
  log?: (message: string, detail?: unknown) => void;
  token(): string | null;
  setDeactivated(on: boolean): void;
  onSessionEnded(): void;
  onDuplicateTab(): void;
  /** Tests hand in a fake socket. */
  connect?: (deps: RealtimeDeps) => RealtimeClient;
}

export async function createWorkspaceSession(deps: WorkspaceDeps): Promise<WorkspaceSession> {
  addWorkspaceTexts(deps.i18n);
  const variant = (await deps.variants[deps.tenant.variant]()).default;
  const bus = createEventBus((name, e) => deps.log?.(`a handler of ${name} failed`, e));
  const agent = await openAgentSession({
    http: deps.http,
    clock: deps.clock,
    bus,
    t: deps.i18n.t.bind(deps.i18n),
    agent: {
      role: deps.agent.roles.includes("advisor")
        ? "advisor"
        : deps.agent.roles.includes("qualifier")
          ? "qualifier"
          : (deps.agent.roles[0] ?? ""),
      extension: deps.agent.extension,
      hasWebRtc: deps.agent.hasWebRtc,
      permissions: deps.agent.permissions,
    },
    token: deps.token,
    setDeactivated: deps.setDeactivated,
    onSessionEnded: deps.onSessionEnded,
    onDuplicateTab: deps.onDuplicateTab,
    connect: deps.connect,
  });
  const core = new Map<string, unknown>([
    [httpKey.id, deps.http],
    [clockKey.id, deps.clock],
    [i18nKey.id, deps.i18n],
    [agentKey.id, deps.agent],
    [variantKey.id, variant],
    [notifyKey.id, agent.alerts],
    [statusKey.id, agent.status],
    [callKey.id, agent.calls],
    [leadsKey.id, agent.leads],
  ]);
  let registry: Registry;
  try {
    registry = await createRegistry({
      variant,
      tenantFeatures: deps.tenant.features,
      agent: deps.agent,
      catalogue: typeof deps.catalogue === "function" ? await deps.catalogue() : deps.catalogue,
      core,
      i18n: deps.i18n,
      mode: deps.mode,
      bus,
      forwardPush: (name, schema) => agent.realtime.forward(name, schema),
      log: deps.log,
    });
  } catch (e) {
    agent.dispose();
    throw e;
  }
  // What the enabled plugins keep about each call goes with its settle.
  agent.calls.setCallStates(registry.callStates);
  const layout = LayoutModel.create({ items: [] });
  const layoutService = createLayoutService({
    http: deps.http,
    clock: deps.clock,
    storage: deps.storage,
    layout,
    agentId: deps.agent.id,
    variant: variant.id,
    log: deps.log,
  });
  const defaultItems = () => fromDefault(defaultLayoutFor(variant, deps.agent.roles), registry.panels);
  await layoutService.load(registry.panels, defaultItems(), registry.layoutMigrations);
  const onHide = () => void layoutService.flush({ keepalive: true });
  // Persistent alerts (offline, inactive, calling disabled…) follow a language switch instead of staying in
  // the language they were shown in.
  // A language's texts may arrive after the switch (a plugin's chunk): reword again when they do.
  const retranslate = () => agent.alerts.retranslate();
  deps.i18n.on("languageChanged", retranslate);
  deps.i18n.store?.on("added", retranslate);
  globalThis.addEventListener?.("pagehide", onHide);
  return {
    agent,
    registry,
    layout,
    layoutService,
    bus,
    defaultItems,
    dispose() {
      globalThis.removeEventListener?.("pagehide", onHide);
      deps.i18n.off("languageChanged", retranslate);
      deps.i18n.store?.off("added", retranslate);
      void layoutService.flush();
      registry.dispose();
      agent.dispose();
    },
  };
}
