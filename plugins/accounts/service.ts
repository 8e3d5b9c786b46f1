// Loads the call centre's accounts one page at a time and makes the account changes. The gateway's field
// refusals come back as i18n keys of this plugin when they are the contract's own texts (ACCOUNT_MESSAGES), so
// they show in the manager's language under their field; any other text shows as the gateway wrote it.
import { AllowedExtensionList } from "../../src/contract/allowedExtensions";
import { isAxiosError } from "axios";
import {
  ACCOUNT_MESSAGES,
  AccountListResponse,
  CreatedAccount,
  type AccountBody,
  type AccountListItem,
} from "../../src/contract/accounts";
import { ErrorBody } from "../../src/contract/common";
import { httpStatus, type PluginContext } from "../../src/sdk";
import type { AccountsStore } from "./model";

/** The translation key of each of the contract's refusal texts. */
const MESSAGE_KEYS = new Map<string, string>(
  Object.entries(ACCOUNT_MESSAGES).map(([name, text]) => [text, `errors.${name}`]),
);
/** A refusal text as a key of this plugin when it is one of the contract's, else the text itself. */
export const messageKey = (message: string) => MESSAGE_KEYS.get(message) ?? message;

export type SaveOutcome =
  | { ok: true; temporaryPassword?: string }
  | { ok: false; fields: Record<string, string>; message: string };

export function createAccountsService(ctx: PluginContext<AccountsStore>) {
  const { store, t } = ctx;
  const bodyOf = (e: unknown) => ErrorBody.safeParse(isAxiosError(e) ? e.response?.data : undefined);
  /** A refusal in the manager's language: 403 the page's own text, else the gateway's message translated. */
  const refusal = (e: unknown, fallback: string) => {
    if (httpStatus(e) === 403) {
      const body = bodyOf(e);
      const key = body.success ? messageKey(body.data.message) : "";
      return key.startsWith("errors.") ? t(key) : t("errors.forbidden");
    }
    const body = bodyOf(e);
    if (!body.success) return fallback;
    const key = messageKey(body.data.message);
    return key === body.data.message ? key : t(key);
  };
  const saveFailed = (e: unknown): SaveOutcome => {
    const body = bodyOf(e);
    const fields: Record<string, string> = {};
    if (httpStatus(e) === 422 && body.success)
      for (const [field, messages] of Object.entries(body.data.errors ?? {})) if (messages[0]) fields[field] = messageKey(messages[0]);
    const message = refusal(e, t("errors.save_failed"));
    ctx.notify.error(message);
    return { ok: false, fields, message };
  };

  /** Each load's turn: an answer to an older search (typed faster than answered) is dropped. */
  let turn = 0;
  const load = async () => {
    const mine = ++turn;
    store.loading();
    try {
      const params: Record<string, string> = { page: String(store.page), per_page: String(store.perPage) };
      if (store.query.trim()) params.query = store.query.trim();
      const { data } = await ctx.http.get(`/accounts?${new URLSearchParams(params)}`);
      const page = AccountListResponse.parse(data);
      if (mine === turn) store.loaded(page.data, page.meta.total);
    } catch (e) {
      if (mine === turn) store.loadFailed(refusal(e, t("errors.load_failed")));
    }
  };

  /** A row action: the gateway's answer as a notice, then the page again. */
  const act = async (account: AccountListItem, run: () => Promise<unknown>, done: string) => {
    store.setBusy(account.id);
    try {
      await run();
      ctx.notify.success(t(done, { name: account.full_name }));
    } catch (e) {
      ctx.notify.error(refusal(e, t("errors.save_failed")));
    } finally {
      store.setBusy(null);
    }
    await load();
  };

  return {
    load,
    async search(query: string) {
      store.searched(query);
      await load();
    },
    async goTo(page: number) {
      store.paged(Math.min(Math.max(1, page), store.pages));
      await load();
    },
    async resize(perPage: 10 | 25 | 50 | 100) {
      store.sized(perPage);
      await load();
    },
    /** The allowed extensions no account holds, offered as the form's extension (typing any other still works). */
    async loadFreeExtensions() {
      try {
        const { data } = await ctx.http.get("/allowed-extensions?free=true");
        store.freeExtensionsLoaded(AllowedExtensionList.parse(data).data.map((e) => e.extension));
      } catch {
        store.freeExtensionsLoaded([]);
      }
    },
    /** The call centre's managers, offered as the agent's team. */
    async loadManagers() {
      try {
        const { data } = await ctx.http.get("/accounts?role=manager&per_page=100");
        store.managersLoaded(AccountListResponse.parse(data).data.filter((m) => !m.disabled));
      } catch {
        store.managersLoaded([]);
      }
    },
    /** Creates the account; `key` is the dialog's Idempotency-Key, so a repeated submit creates it once. */
    async create(body: AccountBody, key: string): Promise<SaveOutcome> {
      try {
        const { data } = await ctx.http.post("/accounts", body, { headers: { "Idempotency-Key": key } });
        const created = CreatedAccount.parse(data);
        ctx.notify.success(t("created", { name: `${body.first_name} ${body.last_name}`.trim() }));
        await load();
        return { ok: true, temporaryPassword: created.temporary_password };
      } catch (e) {
        return saveFailed(e);
      }
    },
    async update(id: number, body: AccountBody): Promise<SaveOutcome> {
      try {
        await ctx.http.put(`/accounts/${id}`, body);
        ctx.notify.success(t("saved", { name: `${body.first_name} ${body.last_name}`.trim() }));
        await load();
        return { ok: true };
      } catch (e) {
        return saveFailed(e);
      }
    },
    deactivate: (account: AccountListItem) => act(account, () => ctx.http.post(`/accounts/${account.id}/deactivation`), "deactivated"),
    reactivate: (account: AccountListItem) => act(account, () => ctx.http.delete(`/accounts/${account.id}/deactivation`), "reactivated"),
    resetPassword: (account: AccountListItem) => act(account, () => ctx.http.post(`/accounts/${account.id}/password-reset`), "reset_sent"),
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
