// The Publishers page's calls to the gateway, by their endpoints (the keys, their create and revoke, the intake
// setting, and the call centre's campaigns for their prefixes), and what the page says of a refusal: the gateway's
// known texts in the manager's language (the locale's `publishers.errors.*`), anything else as the SDK words it.
import type { TFunction } from "i18next";
import { listLeadCampaigns, type LeadCampaign } from "../../../src/contract/leadBook";
import type { LeadIntakeSettings } from "../../../src/contract/leadIntake";
import { callEndpoint, type EndpointCaller, type Refusal } from "../../../src/sdk";
import { settingsRefusal } from "../../../src/sdk/settings";
import {
  createPublisherKey,
  EXAMPLE_LEAD,
  listPublisherKeys,
  PUBLISHER_MESSAGES,
  readIntakeSettings,
  revokePublisherKey,
  saveIntakeSettings,
  type CreatePublisherKeyBody,
} from "./contract";

export function publishersClient(ctx: EndpointCaller) {
  return {
    keys: () => callEndpoint(ctx, listPublisherKeys),
    campaigns: () => callEndpoint(ctx, listLeadCampaigns),
    /** Under the dialog's own Idempotency-Key: a second click after a lost answer makes no second key. */
    create: (body: CreatePublisherKeyBody, idempotencyKey: string) =>
      callEndpoint(ctx, createPublisherKey, { body, idempotencyKey }),
    revoke: (id: number) => callEndpoint(ctx, revokePublisherKey, { params: { id } }),
    settings: () => callEndpoint(ctx, readIntakeSettings),
    saveSettings: (body: LeadIntakeSettings) => callEndpoint(ctx, saveIntakeSettings, { body }),
  };
}
export type PublishersClient = ReturnType<typeof publishersClient>;

/** A prefix a key may be given: the campaign's main or additional marketing-id prefix, with its campaign's name. */
export interface PrefixOption {
  prefix: string;
  campaign: string;
  active: boolean;
}

/** Every prefix of the call centre's campaigns, once each, in campaign order. */
export function prefixOptions(campaigns: readonly LeadCampaign[]): PrefixOption[] {
  const seen = new Set<string>();
  const out: PrefixOption[] = [];
  for (const c of campaigns)
    for (const raw of [c.prefix, ...c.prefixes]) {
      const prefix = raw.trim().toUpperCase();
      if (!prefix || seen.has(prefix)) continue;
      seen.add(prefix);
      out.push({ prefix, campaign: c.name, active: c.active });
    }
  return out;
}

/** A shell command that posts the example lead with the key to this gateway, ready to paste. */
export function curlExample(origin: string, key: string, prefix: string): string {
  const marketingId = `${prefix}000123`;
  const body = JSON.stringify({ ...EXAMPLE_LEAD, marketing_id: marketingId }, null, 2);
  return [
    `curl -X POST "${origin}/api/v1/lead-intake" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -H "X-API-Key: ${key}" \\`,
    `  -H "Idempotency-Key: lead-${marketingId}" \\`,
    `  -d '${body}'`,
  ].join("\n");
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Each gateway text as a pattern, its {{values}} captured. */
const PATTERNS = Object.entries(PUBLISHER_MESSAGES).map(([key, template]) => {
  const names: string[] = [];
  const source = template
    .split(/(\{\{\w+\}\})/)
    .map((part) => {
      const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
      if (!name) return escape(part);
      names.push(name);
      return "(.+?)";
    })
    .join("");
  return { key, names, re: new RegExp(`^${source}$`) };
});

/** A gateway text in the manager's language when it is one of the page's, else as it came. */
export function sayGateway(t: TFunction, text: string): string {
  for (const p of PATTERNS) {
    const m = p.re.exec(text);
    if (m) return t(`publishers.errors.${p.key}`, Object.fromEntries(p.names.map((n, i) => [n, m[i + 1]])));
  }
  return text;
}

/** A refused call: its field errors (first message of each, translated) and a message for the whole. */
export interface PageRefusal {
  fields: Record<string, string>;
  message: string | null;
}

export function refusalOf(t: TFunction, language: string, r: Refusal): PageRefusal {
  const words = settingsRefusal(r, language);
  const fields = Object.fromEntries(
    Object.entries(words.errors)
      .filter(([, list]) => list.length > 0)
      .map(([field, list]) => [field.split(".")[0]!, list.map((m) => sayGateway(t, m)).join(" ")]),
  );
  const whole =
    r.status === 422 && Object.keys(fields).length > 0
      ? null
      : sayGateway(t, r.message && r.status !== 403 && r.status !== 404 ? r.message : words.message);
  return { fields, message: whole };
}
