import { vi } from "vitest";
import type { LoginResponse } from "../contract/auth";
import type { Notifier } from "../app/notifier";
import type { Notify } from "../core/services";
import { defineVariant, type VariantCatalogue } from "../core/variant";
import type { AgentStatus, AgentStatusSnapshot } from "../contract/status";

/** A sign-in answer for Dana Reyes, qualifier; override what a test is about. */
export function loginResponse(overrides: Partial<LoginResponse> = {}): LoginResponse {
  return {
    access_token: "token-1",
    auto_answer: false,
    auto_answer_time: 3,
    id: 42,
    tenant_id: 1,
    deactivated: "0",
    email: "dana.reyes@example.com",
    extension: "2042",
    has_webrtc: true,
    first_name: "Dana",
    last_name: "Reyes",
    language: "en",
    roles: ["qualifier"],
    inbound_only: false,
    can_transfer_to_sunlife: false,
    is_iapp2_agent: false,
    can_transfer_to_matcha: true,
    is_external: false,
    health_licenses: ["TX"],
    permissions: ["has_auto_ready"],
    ...overrides,
  };
}

/** Remembers every toast instead of drawing it. */
export function recordingNotifier() {
  const shown: {
    intent: "success" | "warning" | "error" | "info";
    text: string;
    key?: string;
    persistent?: boolean;
  }[] = [];
  const notifier: Notifier & { shown: typeof shown } & Pick<Notify, "show" | "dismissKey"> = {
    shown,
    show: vi.fn((text: string, o: Parameters<Notify["show"]>[1] = {}) => {
      if (o.key) shown.splice(0, shown.length, ...shown.filter((s) => s.key !== o.key));
      shown.push({ intent: o.type ?? "error", text, key: o.key, persistent: o.timeout === null });
      return String(shown.length);
    }),
    dismissKey: vi.fn(
      (key: string) => void shown.splice(0, shown.length, ...shown.filter((s) => s.key !== key)),
    ),
    success: vi.fn((text: string) => void shown.push({ intent: "success", text })),
    warning: vi.fn((text: string) => void shown.push({ intent: "warning", text })),
    error: vi.fn((text: string) => void shown.push({ intent: "error", text })),
    clear: vi.fn(() => void shown.splice(0)),
  };
  return notifier;
}

/** Two variants with no plugins: the shell and workspace of the core alone. */
export const emptyVariants: VariantCatalogue = {
  isius: async () => ({ default: bareVariant("isius", "US", ["en", "es"]) }),
  slica: async () => ({ default: bareVariant("slica", "CA", ["en", "fr"]) }),
};

function bareVariant(id: "isius" | "slica", country: "US" | "CA", languages: ("en" | "fr" | "es")[]) {
  return defineVariant({
    id,
    code: id.toUpperCase(),
    country,
    plugins: [],
    features: {},
    clientsPerLead: id === "isius" ? 1 : 2,
    languages,
    postal: { label: "address.zip", mask: "#####", maxLength: 5, pattern: "^\\d{5}$" },
    config: {},
    defaultLayouts: { qualifier: [], advisor: [] },
  });
}

/** GET /agents/me/status as the gateway answers it: a qualifier with nothing going on; override what matters. */
export function statusSnapshotReply(
  status: AgentStatus = "offline",
  overrides: Partial<AgentStatusSnapshot> = {},
) {
  const snapshot: AgentStatusSnapshot = {
    status,
    since: "2026-01-05T15:00:00Z",
    duration: 0,
    active: status === "ready" || status === "idle",
    deactivated: false,
    selectable: ["offline", "ready", "break", "after_call_work"],
    overstay: null,
    allowance: {
      breaks_taken: 0,
      breaks_max: 2,
      break_seconds_today: 0,
      lunches_taken: 0,
      lunches_max: 1,
      cumulative_breaks: false,
    },
    call: null,
    auto_ready: null,
    server_time: "2026-01-05T15:00:00Z",
    ...overrides,
  };
  return { status: 200, data: { data: snapshot } };
}
