// Loads, adds and deletes the call centre's allowed extensions. The rule is checked before sending (the same
// validator as the gateway's, src/contract/allowedExtensions.ts); the gateway's refusals show beside the field
// ('Invalid extension format', 'Extension already exists', another call centre's extension) or as a notice.
import {
  addAllowedExtension,
  EXTENSION_MESSAGES,
  isValidExtension,
  listAllowedExtensions,
  removeAllowedExtension,
} from "../../src/contract/allowedExtensions";
import { OWNERSHIP_MESSAGES } from "../../src/contract/ownership";
import { callEndpoint, type PluginContext, type Refusal } from "../../src/sdk";
import { lastSettingsChange } from "../../src/sdk/settings";
import type { ExtensionsStore } from "./model";

export function createExtensionsService(ctx: PluginContext<ExtensionsStore>) {
  const { store, t } = ctx;
  /** The gateway's English texts of this rule, in the manager's language. */
  const fieldText = (message: string) =>
    message === EXTENSION_MESSAGES.duplicate
      ? t("errors.duplicate")
      : message === EXTENSION_MESSAGES.invalid
        ? t("errors.invalid")
        : message === OWNERSHIP_MESSAGES.extensionTaken
          ? t("errors.taken_elsewhere")
          : message;
  const failure = (r: Refusal, fallback: string) => {
    if (r.status === 403) return t("errors.forbidden");
    return r.message ?? fallback;
  };

  const readLastChange = async () => store.changedLast(await lastSettingsChange(ctx, "allowed-extensions"));

  return {
    async load() {
      void readLastChange();
      store.loading();
      const list = await callEndpoint(ctx, listAllowedExtensions);
      if (list.ok) store.loaded(list.data.data.map((e) => e.extension));
      else store.loadFailed(failure(list, t("errors.load_failed")));
    },
    /** True when it was added (the field then empties). */
    async add(typed: string): Promise<boolean> {
      const extension = typed.trim();
      if (!isValidExtension(extension)) {
        store.refused(t("errors.invalid"));
        return false;
      }
      if (store.extensions.includes(extension)) {
        store.refused(t("errors.duplicate"));
        return false;
      }
      store.setBusy(true);
      const added = await callEndpoint(ctx, addAllowedExtension, { body: { extension } });
      store.setBusy(false);
      if (added.ok) {
        store.added(extension);
        ctx.notify.success(t("added", { extension }));
        void readLastChange();
        return true;
      }
      const onField = added.errors.extension?.[0];
      // 422 (format, duplicate) and 409 (another call centre's extension) are about what was typed.
      if ((added.status === 422 || added.status === 409) && onField) store.refused(fieldText(onField));
      else {
        store.refused(null);
        ctx.notify.error(failure(added, t("errors.add_failed")));
      }
      return false;
    },
    async remove(extension: string) {
      store.setBusy(true);
      const removed = await callEndpoint(ctx, removeAllowedExtension, { params: { extension } });
      store.setBusy(false);
      if (removed.ok) {
        store.removed(extension);
        ctx.notify.success(t("deleted", { extension }));
        void readLastChange();
        return;
      }
      // Already gone (another manager deleted it): the list says so now.
      if (removed.status === 404) store.removed(extension);
      ctx.notify.error(removed.status === 404 ? t("errors.not_found", { extension }) : failure(removed, t("errors.delete_failed")));
    },
    clearError() {
      if (store.fieldError) store.refused(null);
    },
  };
}
export type ExtensionsService = ReturnType<typeof createExtensionsService>;
