// The attribute groups' calls, by their endpoints (src/contract/attributeGroups.ts): the list, create (POST, 201
// {id}) and edit (PUT, 204), and the two relations (GET and PUT /settings/attribute-groups/{id}/users and
// /attributes). A refusal comes back as the lines of a text block (admin-and-sign-in §8: field errors in dialogs
// appear as a text block), in the manager's language.
import {
  ATTRIBUTE_GROUP_MESSAGES,
  AttributeGroupBody,
  createAttributeGroup,
  listAttributeGroups,
  readGroupAttributes,
  readGroupUsers,
  saveAttributeGroup,
  saveGroupAttributes,
  saveGroupUsers,
} from "../../src/contract/attributeGroups";
import { callEndpoint, refusalOf, unwrap, type PluginContext, type Refusal } from "../../src/sdk";
import { lastSettingsChange, type RelationItem } from "../../src/sdk/settings";
import type { GroupsStore } from "./model";

/** The audit trail's subject of the groups' writes. */
const SUBJECT = "attribute-groups";
/** The form's editable fields. */
export type GroupForm = { name: string; shortName: string; provider: string; transferScore: number | null };
/** Null when it was saved; else the lines to show. */
export type SaveOutcome = string[] | null;

const KEYS: Record<string, string> = {
  [ATTRIBUTE_GROUP_MESSAGES.nameRequired]: "errors.name_required",
  [ATTRIBUTE_GROUP_MESSAGES.shortNameRequired]: "errors.short_name_required",
  [ATTRIBUTE_GROUP_MESSAGES.tooLong]: "errors.too_long",
  [ATTRIBUTE_GROUP_MESSAGES.transferScore]: "errors.transfer_score",
  [ATTRIBUTE_GROUP_MESSAGES.notAnAgent]: "errors.not_an_agent",
  [ATTRIBUTE_GROUP_MESSAGES.unknownAttribute]: "errors.unknown_attribute",
};
const FIELDS = ["name", "shortName", "provider", "transferScore", "userIds", "attributeIds"];

export function createGroupsService(ctx: PluginContext<GroupsStore>) {
  const { store, t } = ctx;
  const text = (m: string) => (KEYS[m] ? t(KEYS[m]) : m);
  /** One line per field ("Short name: Short name is required"), or the refusal's own text. */
  const lines = (r: Refusal): string[] => {
    if (r.status === 403) return [t("errors.forbidden")];
    if (r.status === 404) return [t("errors.not_found")];
    const fields = Object.entries(r.errors).filter(([, list]) => list.length);
    if (fields.length)
      return fields.map(([field, list]) =>
        FIELDS.includes(field) ? t("errors.field", { field: t(`fields.${field}`), message: text(list[0]!) }) : text(list[0]!),
      );
    return [r.message === null ? t("errors.failed") : text(r.message)];
  };
  /** The form checked as the gateway checks it, before sending. */
  const check = (form: GroupForm): { body: AttributeGroupBody } | { lines: string[] } => {
    const r = AttributeGroupBody.safeParse({ ...form, transferScore: form.transferScore ?? undefined });
    if (r.success) return { body: r.data };
    const seen = new Map<string, string>();
    for (const issue of r.error.issues) {
      const field = String(issue.path[0] ?? "");
      if (!seen.has(field)) seen.set(field, FIELDS.includes(field) ? t("errors.field", { field: t(`fields.${field}`), message: text(issue.message) }) : text(issue.message));
    }
    return { lines: [...seen.values()] };
  };

  const service = {
    async load() {
      store.loading();
      void lastSettingsChange(ctx, SUBJECT).then((c) => store.changedLast(c));
      const list = await callEndpoint(ctx, listAttributeGroups);
      if (list.ok) return store.loaded(list.data.data);
      store.loadFailed(lines(list).join(" "));
      ctx.notify.error(lines(list).join(" "));
    },
    /** Creates (id null) or edits a group; the list is read again after it. */
    async save(id: number | null, form: GroupForm): Promise<SaveOutcome> {
      const checked = check(form);
      if ("lines" in checked) return checked.lines;
      const saved =
        id === null
          ? await callEndpoint(ctx, createAttributeGroup, { body: checked.body })
          : await callEndpoint(ctx, saveAttributeGroup, { params: { id }, body: checked.body });
      if (!saved.ok) return lines(saved);
      ctx.notify.success(t("saved"));
      await service.load();
      return null;
    },
    /** A relation as the settings kit's dialog lists it: every choice and the ids chosen now (a refusal throws). */
    async relation(id: number, relation: "users" | "attributes"): Promise<{ items: RelationItem[]; chosen: number[] }> {
      if (relation === "users") {
        const r = unwrap(await callEndpoint(ctx, readGroupUsers, { params: { id } })).data;
        return { items: r.agents.map((a) => ({ id: a.id, label: a.extension ? `${a.full_name} (${a.extension})` : a.full_name })), chosen: r.userIds };
      }
      const r = unwrap(await callEndpoint(ctx, readGroupAttributes, { params: { id } })).data;
      return { items: r.attributes.map((a) => ({ id: a.id, label: a.name })), chosen: r.attributeIds };
    },
    /** Saves one relation whole: the group's agents or its attributes. */
    async saveRelation(id: number, relation: "users" | "attributes", ids: number[]): Promise<SaveOutcome> {
      const saved =
        relation === "users"
          ? await callEndpoint(ctx, saveGroupUsers, { params: { id }, body: { userIds: ids } })
          : await callEndpoint(ctx, saveGroupAttributes, { params: { id }, body: { attributeIds: ids } });
      if (!saved.ok) return lines(saved);
      ctx.notify.success(t("saved"));
      await service.load();
      return null;
    },
    /** A relation dialog's load failure, as lines. */
    failure: (e: unknown) => lines(refusalOf(e)),
  };
  return service;
}
export type GroupsService = ReturnType<typeof createGroupsService>;
