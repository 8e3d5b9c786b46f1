// The lead book's calls: each list (GET), create (POST {params}, 201) and edit (PUT {params}, 204), and the
// relations saved whole (a campaign's qualifiers by slug, a group's advisors and prefixes). Forms are checked
// with the gateway's own schemas before sending; a refusal's field errors come back by field name, in the
// manager's language, to show beside the fields. Each save reads the list and its last change again.
import type { z } from "zod";
import {
  GroupPrefixes,
  LEAD_BOOK_MESSAGES,
  LEAD_BOOK_SUBJECTS,
  LeadCampaignFields,
  LeadCampaignList,
  LeadGroupList,
  LeadNameFields,
  LeadPrefixList,
  RelationUsers,
  type LeadBookAgent,
} from "../../src/contract/leadBook";
import type { PluginContext } from "../../src/sdk";
import { lastSettingsChange, settingsRefusal, settingsSaved, type RelationItem } from "../../src/sdk/settings";
import type { LeadListKind, LeadSettingsStore } from "./model";

const LISTS = {
  campaigns: { url: "/settings/lead-campaigns", subject: LEAD_BOOK_SUBJECTS.campaigns, list: LeadCampaignList, fields: LeadCampaignFields },
  prefixes: { url: "/settings/lead-prefixes", subject: LEAD_BOOK_SUBJECTS.prefixes, list: LeadPrefixList, fields: LeadNameFields },
  groups: { url: "/settings/lead-groups", subject: LEAD_BOOK_SUBJECTS.groups, list: LeadGroupList, fields: LeadNameFields },
} as const;

/** The gateway's English messages, by their locale key. */
const KEYS = new Map<string, string>(Object.entries(LEAD_BOOK_MESSAGES).map(([key, text]) => [text, `errors.${key}`]));

/** A refused form: the first message of each field, and a message for the whole (a 403, 404 or failure). */
export interface Refusal {
  fields: Record<string, string>;
  message: string | null;
}

export function createLeadSettingsService(ctx: PluginContext<LeadSettingsStore>) {
  const { store, t } = ctx;
  const text = (m: string) => {
    const key = KEYS.get(m);
    return key ? t(key) : m;
  };
  const agentLabel = (a: LeadBookAgent) => (a.extension ? `${a.full_name} (${a.extension})` : a.full_name);
  /** A failed call as the specification's settings outcome, its field messages in the manager's language. */
  const refusal = (e: unknown): Refusal => {
    const r = settingsRefusal(e, ctx.language);
    const fields = Object.fromEntries(
      Object.entries(r.errors)
        .filter(([, list]) => list.length > 0)
        .map(([field, list]) => [field, text(list[0]!)]),
    );
    return { fields, message: r.status === 422 ? null : r.message };
  };
  /** A relation dialog's lines: each field's message, or the refusal's own text. */
  const lines = (e: unknown): string[] => {
    const r = refusal(e);
    const fields = Object.values(r.fields);
    return fields.length ? fields : [r.message ?? settingsRefusal(e, ctx.language).message];
  };

  const readLastChange = async (kind: LeadListKind) =>
    store[kind].changedLast(await lastSettingsChange(ctx, LISTS[kind].subject));

  const service = {
    async load(kind: LeadListKind) {
      const list = store[kind];
      list.loading();
      void readLastChange(kind);
      try {
        const { data } = await ctx.http.get(LISTS[kind].url);
        list.loaded(LISTS[kind].list.parse(data).data as never);
      } catch (e) {
        const message = settingsRefusal(e, ctx.language).message;
        list.loadFailed(message);
        ctx.notify.error(message);
      }
    },
    /** The form checked as the gateway checks it: the body's fields, or the first message of each field. */
    check(kind: LeadListKind, form: unknown): { params?: unknown; fields?: Record<string, string> } {
      const r = (LISTS[kind].fields as z.ZodType).safeParse(form);
      if (r.success) return { params: r.data };
      const fields: Record<string, string> = {};
      for (const issue of r.error.issues) fields[String(issue.path[0] ?? "")] ??= text(issue.message);
      return { fields };
    },
    /** Creates (id null) or edits one; null when saved, else what to show. */
    async save(kind: LeadListKind, id: number | null, form: unknown): Promise<Refusal | null> {
      const checked = service.check(kind, form);
      if (checked.fields) return { fields: checked.fields, message: null };
      const { url } = LISTS[kind];
      try {
        if (id === null) await ctx.http.post(url, { params: checked.params });
        else await ctx.http.put(`${url}/${id}`, { params: checked.params });
      } catch (e) {
        const r = refusal(e);
        ctx.notify.error(r.message ?? Object.values(r.fields)[0] ?? settingsRefusal(e, ctx.language).message);
        return r;
      }
      ctx.notify.success(settingsSaved(ctx.language));
      await service.load(kind);
      return null;
    },
    /** Saves one relation whole; null when saved, else the dialog's lines. */
    async saveRelation(kind: LeadListKind, url: string, body: unknown): Promise<string[] | null> {
      try {
        await ctx.http.put(url, body);
      } catch (e) {
        const refused = lines(e);
        ctx.notify.error(refused[0]!);
        return refused;
      }
      ctx.notify.success(settingsSaved(ctx.language));
      await service.load(kind);
      return null;
    },
    /** A campaign's qualifiers: every qualifier of the call centre, and those assigned. */
    async campaignQualifiers(slug: string): Promise<{ items: RelationItem[]; chosen: number[] }> {
      const { data } = await ctx.http.get(`${LISTS.campaigns.url}/${encodeURIComponent(slug)}/agents`);
      const r = RelationUsers.parse(data).data;
      return { items: r.agents.map((a) => ({ id: a.id, label: agentLabel(a) })), chosen: r.userIds };
    },
    saveCampaignQualifiers: (slug: string, userIds: number[]) =>
      service.saveRelation("campaigns", `${LISTS.campaigns.url}/${encodeURIComponent(slug)}/agents`, { userIds }),
    async groupAdvisors(id: number): Promise<{ items: RelationItem[]; chosen: number[] }> {
      const { data } = await ctx.http.get(`${LISTS.groups.url}/${id}/advisors`);
      const r = RelationUsers.parse(data).data;
      return { items: r.agents.map((a) => ({ id: a.id, label: agentLabel(a) })), chosen: r.userIds };
    },
    saveGroupAdvisors: (id: number, userIds: number[]) => service.saveRelation("groups", `${LISTS.groups.url}/${id}/advisors`, { userIds }),
    async groupPrefixes(id: number): Promise<{ items: RelationItem[]; chosen: number[] }> {
      const { data } = await ctx.http.get(`${LISTS.groups.url}/${id}/prefixes`);
      const r = GroupPrefixes.parse(data).data;
      return { items: r.prefixes.map((p) => ({ id: p.id, label: p.name })), chosen: r.prefixIds };
    },
    saveGroupPrefixes: (id: number, prefixIds: number[]) => service.saveRelation("groups", `${LISTS.groups.url}/${id}/prefixes`, { prefixIds }),
    /** A relation dialog's load failure, as lines. */
    failure: lines,
  };
  return service;
}
export type LeadSettingsService = ReturnType<typeof createLeadSettingsService>;
