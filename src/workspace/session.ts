// One workspace per sign-in: the tenant's variant, the registry resolved for this agent, and the agent's
// layout restored. Disposed at sign-out.
import type { AxiosInstance } from "axios";
import type { i18n as I18n } from "i18next";
import type { TenantFeatures } from "../contract/tenant";
import type { Clock } from "../core/clock";
import { createEventBus, type EventBus } from "../core/events";
import type { Catalogue } from "../core/plugin";
import { createRegistry, type Registry } from "../core/registry";
import { agentKey, busKey, clockKey, httpKey, i18nKey, notifyKey, variantKey, type AgentInfo, type Notify } from "../core/services";
import { defaultLayoutFor, type VariantCatalogue } from "../core/variant";
import type { KeyValueStorage } from "../store/storage";
import { fromDefault } from "./layout";
import { LayoutModel } from "./LayoutModel";
import { createLayoutService, type LayoutService } from "./layoutService";

export interface WorkspaceSession {
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
  notify: Notify;
  catalogue: Catalogue;
  variants: VariantCatalogue;
  tenant: TenantFeatures;
  agent: AgentInfo;
  mode: "development" | "production";
  log?: (message: string, detail?: unknown) => void;
}

export async function createWorkspaceSession(deps: WorkspaceDeps): Promise<WorkspaceSession> {
  const variant = (await deps.variants[deps.tenant.variant]()).default;
  const bus = createEventBus((name, e) => deps.log?.(`a handler of ${name} failed`, e));
  const core = new Map<string, unknown>([
    [httpKey.id, deps.http],
    [clockKey.id, deps.clock],
    [i18nKey.id, deps.i18n],
    [busKey.id, bus],
    [agentKey.id, deps.agent],
    [variantKey.id, variant],
    [notifyKey.id, deps.notify],
  ]);
  const registry = await createRegistry({
    variant,
    tenantFeatures: deps.tenant.features,
    agent: deps.agent,
    catalogue: deps.catalogue,
    core,
    i18n: deps.i18n,
    mode: deps.mode,
    bus,
    log: deps.log,
  });
  const layout = LayoutModel.create({ items: [] });
  const layoutService = createLayoutService({
    http: deps.http,
    clock: deps.clock,
    storage: deps.storage,
    layout,
    agentId: deps.agent.id,
    variant: variant.id,
  });
  const defaultItems = () => fromDefault(defaultLayoutFor(variant, deps.agent.roles), registry.panels);
  await layoutService.load(registry.panels, defaultItems());
  const onHide = () => void layoutService.flush();
  globalThis.addEventListener?.("pagehide", onHide);
  return {
    registry,
    layout,
    layoutService,
    bus,
    defaultItems,
    dispose() {
      globalThis.removeEventListener?.("pagehide", onHide);
      void layoutService.flush();
      registry.dispose();
    },
  };
}
