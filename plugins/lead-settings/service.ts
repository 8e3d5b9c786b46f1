// The lead book's calls: each list (GET), create (POST {params}, 201) and edit (PUT {params}, 204), and the
// relations saved whole (a campaign's qualifiers by slug, a group's advisors and prefixes). Forms are checked
// with the gateway's own schemas before sending; a refusal's field errors come back by field name, in the
// manager's language, to show beside the fields. Each save reads the list and its last change again.
import type { z } from "zod";
import type { AnyEndpoint } from "../../src/contract/endpoint";
import {
  createLeadCampaign,
  createLeadGroup,
  createLeadPrefix,
  LEAD_BOOK_MESSAGES,
  LEAD_BOOK_SUBJECTS,
  LeadCampaignFields,
  LeadNameFields,
  listLeadCampaigns,
  listLeadGroups,
  listLeadPrefixes,
  readCampaignQualifiers,
  readGroupAdvisors,
  readGroupPrefixes,
  saveCampaignQualifiers,
  saveGroupAdvisors,
  saveGroupPrefixes,
  saveLeadCampaign,
  saveLeadGroup,
  saveLeadPrefix,
  type LeadBookAgent,
} from "../../src/contract/leadBook";
import { callEndpoint, unwrap, type PluginContext, type WriteOutcome } from "../../src/sdk";
import { lastSettingsChange, settingsRefusal, settingsSaved, type RelationItem } from "../../src/sdk/settings";
import type { LeadListKind, LeadSettingsStore } from "./model";

/** Each list's endpoints (read, create, edit), its audit subject and the form's fields. */
const LISTS = {
  campaigns: {
    list: listLeadCampaigns,
    create: createLeadCampaign,
    save: saveLeadCampaign,
    subject: LEAD_BOOK_SUBJECTS.campaigns,
    fields: LeadCampaignFields,
  },
  prefixes: { list: listLeadPrefixes, create: createLeadPrefix, save: saveLeadPrefix, subject: LEAD_BOOK_SUBJECTS.prefixes, fields: LeadNameFields },
  groups: { list: listLeadGroups, create: createLeadGroup, save: saveLeadGroup, subject: LEAD_BOOK_SUBJECTS.groups, fields: LeadNameFields },
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
      const read = await callEndpoint(ctx, LISTS[kind].list as AnyEndpoint);
      if (read.ok) return list.loaded((read.data as { data: never }).data);
      const message = settingsRefusal(read, ctx.language).message;
      list.loadFailed(message);
      ctx.notify.error(message);
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
      // The body is what the form's fields parsed: the endpoints' {params} of this list.
      const body = { params: checked.params };
      const saved =
        id === null
          ? await callEndpoint(ctx, LISTS[kind].create as AnyEndpoint, { body })
          : await callEndpoint(ctx, LISTS[kind].save as AnyEndpoint, { params: { id }, body });
      if (!saved.ok) {
        const r = refusal(saved);
        ctx.notify.error(r.message ?? Object.values(r.fields)[0] ?? settingsRefusal(saved, ctx.language).message);
        return r;
      }
      ctx.notify.success(settingsSaved(ctx.language));
      await service.load(kind);
      return null;
    },
    /** Saves one relation whole (its write's outcome); null when saved, else the dialog's lines. */
    async saveRelation(kind: LeadListKind, saved: WriteOutcome): Promise<string[] | null> {
      if (!saved.ok) {
        const refused = lines(saved);
        ctx.notify.error(refused[0]!);
        return refused;
      }
      ctx.notify.success(settingsSaved(ctx.language));
      await service.load(kind);
      return null;
    },
    /** A campaign's qualifiers: every qualifier of the call centre, and those assigned. */
    async campaignQualifiers(slug: string): Promise<{ items: RelationItem[]; chosen: number[] }> {
      const r = unwrap(await callEndpoint(ctx, readCampaignQualifiers, { params: { slug } })).data;
      return { items: r.agents.map((a) => ({ id: a.id, label: agentLabel(a) })), chosen: r.userIds };
    },
    saveCampaignQualifiers: async (slug: string, userIds: number[]) =>
      service.saveRelation("campaigns", await callEndpoint(ctx, saveCampaignQualifiers, { params: { slug }, body: { userIds } })),
    async groupAdvisors(id: number): Promise<{ items: RelationItem[]; chosen: number[] }> {
      const r = unwrap(await callEndpoint(ctx, readGroupAdvisors, { params: { id } })).data;
      return { items: r.agents.map((a) => ({ id: a.id, label: agentLabel(a) })), chosen: r.userIds };
    },
    saveGroupAdvisors: async (id: number, userIds: number[]) =>
      service.saveRelation("groups", await callEndpoint(ctx, saveGroupAdvisors, { params: { id }, body: { userIds } })),
    async groupPrefixes(id: number): Promise<{ items: RelationItem[]; chosen: number[] }> {
      const r = unwrap(await callEndpoint(ctx, readGroupPrefixes, { params: { id } })).data;
      return { items: r.prefixes.map((p) => ({ id: p.id, label: p.name })), chosen: r.prefixIds };
    },
    saveGroupPrefixes: async (id: number, prefixIds: number[]) =>
      service.saveRelation("groups", await callEndpoint(ctx, saveGroupPrefixes, { params: { id }, body: { prefixIds } })),
    /** A relation dialog's load failure, as lines. */
    failure: lines,
  };
  return service;
}
export type LeadSettingsService = ReturnType<typeof createLeadSettingsService>;
