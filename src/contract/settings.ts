import { z } from "zod";

/** Global settings keys (admin-and-sign-in §3), every value a number on the wire. */
export const GLOBAL_SETTING_KEYS = [
  "follow-up-window",
  "stack-rebuild",
  "new-leads-threshold",
  "auto-forward-transfers:internal-enabled",
  "auto-forward-transfers:internal-delay",
  "auto-forward-transfers:external-enabled",
  "auto-forward-transfers:external-delay",
  "auto-ready:follow-up-threshold",
  "auto-ready:after-call-work-threshold",
  "auto-ready:meeting-threshold",
  "auto-ready:coaching-threshold",
] as const;
export type GlobalSettingKey = (typeof GLOBAL_SETTING_KEYS)[number];

export const GlobalSettings = z.strictObject(
  Object.fromEntries(GLOBAL_SETTING_KEYS.map((k) => [k, z.number().finite().min(0)])) as Record<
    GlobalSettingKey,
    z.ZodNumber
  >,
);
export type GlobalSettings = z.infer<typeof GlobalSettings>;

export const DEFAULT_GLOBAL_SETTINGS: GlobalSettings = {
  "follow-up-window": 15,
  "stack-rebuild": 60,
  "new-leads-threshold": 1,
  "auto-forward-transfers:internal-enabled": 0,
  "auto-forward-transfers:internal-delay": 30,
  "auto-forward-transfers:external-enabled": 0,
  "auto-forward-transfers:external-delay": 30,
  "auto-ready:follow-up-threshold": 300,
  "auto-ready:after-call-work-threshold": 120,
  "auto-ready:meeting-threshold": 1800,
  "auto-ready:coaching-threshold": 1800,
};

/**
 * Telephony settings of the call centre (not shown in the specification): the number inbound callers dial
 * (routes their calls to this centre) and the extension whose agent sees the 'Inbound Call Alert' popup.
 */
export const TelephonySettings = z.strictObject({
  inbound_did: z
    .string()
    .regex(/^\+?[0-9]{3,15}$/, "Invalid phone")
    .nullable(),
  inbound_alert_extension: z
    .string()
    .regex(/^[0-9]{2,10}$/, "Invalid extension")
    .nullable(),
});
export type TelephonySettings = z.infer<typeof TelephonySettings>;
