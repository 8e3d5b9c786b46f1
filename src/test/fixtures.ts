import { vi } from "vitest";
import type { LoginResponse } from "../contract/auth";
import type { Notifier } from "../app/notifier";

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
  const shown: { intent: "success" | "warning" | "error"; text: string }[] = [];
  const notifier: Notifier & { shown: typeof shown } = {
    shown,
    success: vi.fn((text: string) => void shown.push({ intent: "success", text })),
    warning: vi.fn((text: string) => void shown.push({ intent: "warning", text })),
    error: vi.fn((text: string) => void shown.push({ intent: "error", text })),
    clear: vi.fn(() => void shown.splice(0)),
  };
  return notifier;
}
