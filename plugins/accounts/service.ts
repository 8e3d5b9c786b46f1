// Loads the call centre's accounts one page at a time and makes the account changes. The gateway's field
// refusals come back as i18n keys of this plugin when they are the contract's own texts (ACCOUNT_MESSAGES), so
// they show in the manager's language under their field; any other text shows as the gateway wrote it.
import {
  ACCOUNT_MESSAGES,
  createAccount,
  deactivateAccount,
  listAccounts,
  reactivateAccount,
  resetAccountPassword,
  saveAccount,
  type AccountBody,
  type AccountListItem,
  type AccountListQuery,
} from "../../src/contract/accounts";
import { listAllowedExtensions } from "../../src/contract/allowedExtensions";
import { callEndpoint, type PluginContext, type Refusal, type WriteOutcome } from "../../src/sdk";
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
  /** A refusal in the manager's language: 403 the page's own text, else the gateway's message translated. */
  const refusal = (r: Refusal, fallback: string) => {
    if (r.status === 403) {
      const key = r.message === null ? "" : messageKey(r.message);
      return key.startsWith("errors.") ? t(key) : t("errors.forbidden");
    }
    if (r.message === null) return fallback;
    const key = messageKey(r.message);
    return key === r.message ? key : t(key);
  };
  const saveFailed = (r: Refusal): SaveOutcome => {
    const fields: Record<string, string> = {};
    if (r.status === 422) for (const [field, messages] of Object.entries(r.errors)) if (messages[0]) fields[field] = messageKey(messages[0]);
    const message = refusal(r, t("errors.save_failed"));
    ctx.notify.error(message);
    return { ok: false, fields, message };
  };

  /** Each load's turn: an answer to an older search (typed faster than answered) is dropped. */
  let turn = 0;
  const load = async () => {
    const mine = ++turn;
    store.loading();
    const query = store.query.trim();
    const read = await callEndpoint(ctx, listAccounts, {
      query: {
        page: store.page,
        per_page: String(store.perPage) as NonNullable<AccountListQuery["per_page"]>,
        ...(query && { query }),
      },
    });
    if (mine !== turn) return;
    if (read.ok) store.loaded(read.data.data, read.data.meta.total);
    else store.loadFailed(refusal(read, t("errors.load_failed")));
  };

  /** A row action: the gateway's answer as a notice, then the page again. */
  const act = async (account: AccountListItem, run: () => Promise<WriteOutcome>, done: string) => {
    store.setBusy(account.id);
    const outcome = await run();
    if (outcome.ok) ctx.notify.success(t(done, { name: account.full_name }));
    else ctx.notify.error(refusal(outcome, t("errors.save_failed")));
    store.setBusy(null);
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
      const free = await callEndpoint(ctx, listAllowedExtensions, { query: { free: "true" } });
      store.freeExtensionsLoaded(free.ok ? free.data.data.map((e) => e.extension) : []);
    },
    /** The call centre's managers, offered as the agent's team. */
    async loadManagers() {
      const managers = await callEndpoint(ctx, listAccounts, { query: { role: "manager", per_page: "100" } });
      store.managersLoaded(managers.ok ? managers.data.data.filter((m) => !m.disabled) : []);
    },
    /** Creates the account; `key` is the dialog's Idempotency-Key, so a repeated submit creates it once. */
    async create(body: AccountBody, key: string): Promise<SaveOutcome> {
      const created = await callEndpoint(ctx, createAccount, { body, idempotencyKey: key });
      if (!created.ok) return saveFailed(created);
      ctx.notify.success(t("created", { name: `${body.first_name} ${body.last_name}`.trim() }));
      await load();
      return { ok: true, temporaryPassword: created.data.temporary_password };
    },
    async update(id: number, body: AccountBody): Promise<SaveOutcome> {
      const saved = await callEndpoint(ctx, saveAccount, { params: { id }, body });
      if (!saved.ok) return saveFailed(saved);
      ctx.notify.success(t("saved", { name: `${body.first_name} ${body.last_name}`.trim() }));
      await load();
      return { ok: true };
    },
    deactivate: (account: AccountListItem) =>
      act(account, () => callEndpoint(ctx, deactivateAccount, { params: { id: account.id } }), "deactivated"),
    reactivate: (account: AccountListItem) =>
      act(account, () => callEndpoint(ctx, reactivateAccount, { params: { id: account.id } }), "reactivated"),
    resetPassword: (account: AccountListItem) =>
      act(account, () => callEndpoint(ctx, resetAccountPassword, { params: { id: account.id } }), "reset_sent"),
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
