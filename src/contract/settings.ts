import { z } from "zod";
import { ErrorBody } from "./common";
import { defineEndpoint } from "./endpoint";

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

/**
 * Where overstay notices go besides the managers' feed (agent-workspace §10: "overstay notifications to a chat
 * service", path not shown): an incoming-webhook address of the call centre's chat (Slack, Microsoft Teams, or
 * anything that takes `{"text": …}` as JSON). https only: the address carries the webhook's secret. null: none.
 */
export const CHAT_WEBHOOK_MAX = 500;
/** The settings document's key (GET/PUT /settings/chat-notices). */
export const CHAT_NOTICE_SETTING = "chat-notices";
export const CHAT_NOTICE_MESSAGES = {
  notHttps: "The webhook address must start with https://",
} as const;
export const ChatNoticeSettings = z.strictObject({
  overstay_webhook_url: z
    .string()
    .trim()
    .max(CHAT_WEBHOOK_MAX)
    .url()
    .refine((u) => /^https:\/\//i.test(u), CHAT_NOTICE_MESSAGES.notHttps)
    .nullable(),
});
export type ChatNoticeSettings = z.infer<typeof ChatNoticeSettings>;
export const DEFAULT_CHAT_NOTICE_SETTINGS: ChatNoticeSettings = { overstay_webhook_url: null };

// ---------------------------------------------------------------- transfer targets (agent-workspace §3 Statics)

/** An external transfer target or a Sunlife agent: who the agent picks, and the number the gateway dials. */
export const TransferTarget = z.strictObject({
  name: z.string().trim().min(1, "name is required").max(100),
  phone: z.string().trim().regex(/^\+?[0-9]{3,15}$/, "Invalid phone"),
});
export type TransferTarget = z.infer<typeof TransferTarget>;

/**
 * The call centre's transfer targets, one settings document (GET/PUT /settings/external-transfers): the
 * external targets (GET /external/transfers), the Sunlife agents (GET /external/agents/sunlife) and Matcha's
 * number with its on/off flag (Matcha transfers also need the agent's canTransferToMatcha). Phones are dialled
 * through the compliance gate like any number.
 */
export const TransferTargetSettings = z.strictObject({
  external: z.array(TransferTarget).max(100),
  sunlife: z.array(TransferTarget).max(100),
  matcha: z.strictObject({
    enabled: z.boolean(),
    phone: z.string().trim().regex(/^\+?[0-9]{3,15}$/, "Invalid phone").nullable(),
  }),
});
export type TransferTargetSettings = z.infer<typeof TransferTargetSettings>;

export const TRANSFER_TARGETS_SETTING_KEY = "external-transfers";

export const DEFAULT_TRANSFER_TARGETS: TransferTargetSettings = {
  external: [],
  sunlife: [],
  matcha: { enabled: false, phone: null },
};

/**
 * The settings audit trail (issue 18 item 4): one change of one settings subject (a document's key such as
 * `operation-hours` or `quotas:dials`, an entity list such as `lead-campaigns`, or `plugins`), who made it, when,
 * and the values before and after. `by` is the person's name (null once the account is gone).
 */
export const SettingsChange = z.object({
  subject: z.string(),
  at: z.string(),
  by: z.string().nullable(),
  old: z.unknown(),
  new: z.unknown(),
});
export type SettingsChange = z.infer<typeof SettingsChange>;
export const SettingsChanges = z.object({ changes: z.array(SettingsChange) });
export type SettingsChanges = z.infer<typeof SettingsChanges>;
/** A subject is a settings key: lower-case words, digits, `-` and `:`. */
export const SETTINGS_SUBJECT = z.string().min(1).max(64).regex(/^[a-z0-9][a-z0-9:-]*$/);
export const SettingsChangesQuery = z.object({
  subject: SETTINGS_SUBJECT.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * The read (GET) and save (PUT, whole set, 204) endpoints of one settings document at `path` (the settings kit's
 * `settingsDocumentService({ read, save })` takes them): `what` says the document, in both summaries; `body` is
 * the PUT's schema when it normalises what it takes (negatives made 0), else the document's.
 */
export function settingsDocumentEndpoints<S extends z.ZodType, B extends z.ZodType = S>(
  path: string,
  what: string,
  schema: S,
  body?: B,
) {
  return {
    read: defineEndpoint({ method: "GET", path, summary: `${what} Defaults when never saved.`, tags: ["settings"], responses: { 200: schema } }),
    save: defineEndpoint({
      method: "PUT",
      path,
      summary: `Saves the whole set. ${what} 204.`,
      tags: ["settings"],
      body: (body ?? schema) as B,
      responses: { 204: z.null(), 422: ErrorBody },
    }),
  };
}

/** General Settings (admin-and-sign-in §3): every global key as a number. */
export const readGlobalSettings = defineEndpoint({
  method: "GET",
  path: "/settings/globals",
  summary: "General Settings: every global key as a number.",
  tags: ["settings"],
  responses: { 200: GlobalSettings },
});
export const saveGlobalSettings = defineEndpoint({
  method: "PUT",
  path: "/settings/globals",
  summary: "Saves the whole set of global settings.",
  tags: ["settings"],
  body: GlobalSettings,
  responses: { 204: z.null(), 422: ErrorBody },
});

/** Where overstay notices go besides the managers' feed. */
export const readChatNotices = defineEndpoint({
  method: "GET",
  path: "/settings/chat-notices",
  summary:
    "Not in the specification's paths (agent-workspace §10 names the notice): where overstay notices go besides the managers' feed, {overstay_webhook_url}: a chat's incoming webhook (https), or null for none.",
  tags: ["settings"],
  responses: { 200: ChatNoticeSettings },
});
export const saveChatNotices = defineEndpoint({
  method: "PUT",
  path: "/settings/chat-notices",
  summary: `Saves the chat webhook for overstay notices: an https address of at most ${CHAT_WEBHOOK_MAX} characters, or null. Each overstay that reaches the real-time viewer is then posted as JSON {text} (Slack and Microsoft Teams incoming webhooks take it), in the background and retried, never holding up a status change. 204; 422 for an address that is not https. Audited (subject \`chat-notices\`).`,
  tags: ["settings"],
  body: ChatNoticeSettings,
  responses: { 204: z.null(), 422: ErrorBody },
});

/** The call centre's transfer targets, one document (the transfer targets page). */
export const { read: readTransferTargets, save: saveTransferTargets } = settingsDocumentEndpoints(
  "/settings/external-transfers",
  "Not in the specification: the call centre's transfer targets: {external: [{name, phone}] (GET /external/transfers), sunlife: [{name, phone}] (GET /external/agents/sunlife), matcha: {enabled, phone}} (Matcha transfers need enabled, a phone and the agent's canTransferToMatcha). Up to 100 targets of each.",
  TransferTargetSettings,
);

/** The settings audit trail, newest first (`lastSettingsChange` of the settings kit reads its latest). */
export const listSettingsChanges = defineEndpoint({
  method: "GET",
  path: "/settings/changes",
  summary:
    "Not in the specification (issue 18): the settings audit trail, newest first: {changes: [{subject, at, by, old, new}]}. `subject` narrows it to one settings key or list (operation-hours, quotas:dials, lead-campaigns, plugins…); limit 1 to 100, default 20.",
  tags: ["settings"],
  query: SettingsChangesQuery,
  responses: { 200: SettingsChanges },
});
