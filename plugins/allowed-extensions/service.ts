// Loads, adds and deletes the call centre's allowed extensions. The rule is checked before sending (the same
// validator as the gateway's, src/contract/allowedExtensions.ts); the gateway's refusals show beside the field
// ('Invalid extension format', 'Extension already exists', another call centre's extension) or as a notice.
import { isAxiosError } from "axios";
import {
  AllowedExtensionList,
  EXTENSION_MESSAGES,
  isValidExtension,
} from "../../src/contract/allowedExtensions";
import { ErrorBody } from "../../src/contract/common";
import { OWNERSHIP_MESSAGES } from "../../src/contract/ownership";
import { httpStatus, type PluginContext } from "../../src/sdk";
import { lastSettingsChange } from "../../src/sdk/settings";
import type { ExtensionsStore } from "./model";

const URL = "/allowed-extensions";

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
  const failure = (e: unknown, fallback: string) => {
    const status = httpStatus(e);
    if (status === 403) return t("errors.forbidden");
    const body = ErrorBody.safeParse(isAxiosError(e) ? e.response?.data : undefined);
    return body.success ? body.data.message : fallback;
  };

  const readLastChange = async () => store.changedLast(await lastSettingsChange(ctx, "allowed-extensions"));

  return {
    async load() {
      void readLastChange();
      store.loading();
      try {
        const { data } = await ctx.http.get(URL);
        store.loaded(AllowedExtensionList.parse(data).data.map((e) => e.extension));
      } catch (e) {
        store.loadFailed(failure(e, t("errors.load_failed")));
      }
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
      try {
        await ctx.http.post(URL, { extension });
        store.added(extension);
        ctx.notify.success(t("added", { extension }));
        void readLastChange();
        return true;
      } catch (e) {
        const body = ErrorBody.safeParse(isAxiosError(e) ? e.response?.data : undefined);
        const onField = body.success ? body.data.errors?.extension?.[0] : undefined;
        // 422 (format, duplicate) and 409 (another call centre's extension) are about what was typed.
        if ((httpStatus(e) === 422 || httpStatus(e) === 409) && onField) store.refused(fieldText(onField));
        else {
          store.refused(null);
          ctx.notify.error(failure(e, t("errors.add_failed")));
        }
        return false;
      } finally {
        store.setBusy(false);
      }
    },
    async remove(extension: string) {
      store.setBusy(true);
      try {
        await ctx.http.delete(`${URL}/${encodeURIComponent(extension)}`);
        store.removed(extension);
        ctx.notify.success(t("deleted", { extension }));
        void readLastChange();
      } catch (e) {
        // Already gone (another manager deleted it): the list says so now.
        if (httpStatus(e) === 404) store.removed(extension);
        ctx.notify.error(httpStatus(e) === 404 ? t("errors.not_found", { extension }) : failure(e, t("errors.delete_failed")));
      } finally {
        store.setBusy(false);
      }
    },
    clearError() {
      if (store.fieldError) store.refused(null);
    },
  };
}
export type ExtensionsService = ReturnType<typeof createExtensionsService>;
