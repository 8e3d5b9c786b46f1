// Loads and saves the transfer targets document as a whole (admin-and-sign-in §4 settings saves): success
// 'Changes applied successfully.', 404 'Could not find data location.', 403 'You are not authorized to do
// that.', 422 the first message error beside its field, otherwise the answer's message.
import { isAxiosError } from "axios";
import {
  DEFAULT_TRANSFER_TARGETS,
  TransferTargetSettings,
  type TransferTarget,
} from "../../src/contract/settings";
import type { PluginContext } from "../../src/sdk";
import type { TargetsStore } from "./model";

const URL = "/settings/external-transfers";
export type TargetList = "external" | "sunlife";

export function createTargetsService(ctx: PluginContext<TargetsStore>) {
  const { store } = ctx;
  const refusal = (e: unknown): { errors: Record<string, string[]>; message: string | null } => {
    const status = isAxiosError(e) ? e.response?.status : undefined;
    const body = isAxiosError(e) ? (e.response?.data as { message?: string; errors?: Record<string, string[]> }) : undefined;
    if (status === 422 && body?.errors) return { errors: body.errors, message: ctx.t("save.invalid") };
    if (status === 404) return { errors: {}, message: ctx.t("save.not_found") };
    if (status === 403) return { errors: {}, message: ctx.t("save.forbidden") };
    return { errors: {}, message: body?.message ?? ctx.t("save.failed") };
  };
  const draft = () => store.draft ?? DEFAULT_TRANSFER_TARGETS;

  return {
    async load() {
      store.loading();
      try {
        const { data } = await ctx.http.get(URL);
        store.loaded(TransferTargetSettings.parse(data));
      } catch (e) {
        store.loadFailed(refusal(e).message ?? ctx.t("load_failed"));
      }
    },
    async save() {
      const doc = draft();
      store.saving();
      try {
        await ctx.http.put(URL, doc);
        store.loaded(doc);
        ctx.notify.success(ctx.t("save.done"));
      } catch (e) {
        const r = refusal(e);
        store.saveFailed(r.errors, r.message);
        if (r.message) ctx.notify.error(r.message);
      }
    },
    add(list: TargetList) {
      const d = draft();
      store.edit({ ...d, [list]: [...d[list], { name: "", phone: "" }] });
    },
    remove(list: TargetList, index: number) {
      const d = draft();
      store.edit({ ...d, [list]: d[list].filter((_, i) => i !== index) });
    },
    change(list: TargetList, index: number, patch: Partial<TransferTarget>) {
      const d = draft();
      store.edit({ ...d, [list]: d[list].map((t, i) => (i === index ? { ...t, ...patch } : t)) });
    },
    matcha(patch: Partial<TransferTargetSettings["matcha"]>) {
      const d = draft();
      store.edit({ ...d, matcha: { ...d.matcha, ...patch } });
    },
  };
}
export type TargetsService = ReturnType<typeof createTargetsService>;
