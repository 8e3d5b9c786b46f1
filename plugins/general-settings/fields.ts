// The General Settings page's fields (admin-and-sign-in §3 Global settings keys), grouped as a manager thinks
// of them: each key with its unit and whether it is an on/off switch (0/1 on the wire).
import type { GlobalSettingKey } from "../../src/contract/settings";

export type Unit = "minutes" | "seconds" | "leads";
export interface GlobalField {
  key: GlobalSettingKey;
  /** A switch: 1 on, 0 off. */
  toggle?: true;
  unit?: Unit;
}
export interface GlobalGroup {
  id: "follow_ups" | "forwarding" | "auto_ready";
  fields: GlobalField[];
}

export const GLOBAL_GROUPS: GlobalGroup[] = [
  {
    id: "follow_ups",
    fields: [
      { key: "follow-up-window", unit: "minutes" },
      { key: "stack-rebuild", unit: "seconds" },
      { key: "new-leads-threshold", unit: "leads" },
    ],
  },
  {
    id: "forwarding",
    fields: [
      { key: "auto-forward-transfers:internal-enabled", toggle: true },
      { key: "auto-forward-transfers:internal-delay", unit: "seconds" },
      { key: "auto-forward-transfers:external-enabled", toggle: true },
      { key: "auto-forward-transfers:external-delay", unit: "seconds" },
    ],
  },
  {
    id: "auto_ready",
    fields: [
      { key: "auto-ready:follow-up-threshold", unit: "seconds" },
      { key: "auto-ready:after-call-work-threshold", unit: "seconds" },
      { key: "auto-ready:meeting-threshold", unit: "seconds" },
      { key: "auto-ready:coaching-threshold", unit: "seconds" },
    ],
  },
];

/** A key as a locale key and an element id (`auto-ready:meeting-threshold` → `auto-ready_meeting-threshold`). */
export const fieldId = (key: GlobalSettingKey) => key.replace(":", "_");

/** What the admin typed as a setting: a whole number, 0 or more; null when it is not one. */
export function typedNumber(text: string): number | null {
  const s = text.trim();
  if (!/^[0-9]{1,9}$/.test(s)) return null;
  return Number(s);
}
