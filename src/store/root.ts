import { getSnapshot, onSnapshot, types, type Instance } from "mobx-state-tree";
import { z } from "zod";
import { Language } from "../contract/common";
import { Account, type AccountSnapshot } from "./account";
import { readJson, type KeyValueStorage } from "./storage";
import { PREFERENCES_KEY, SESSION_KEY, storedLanguage } from "./stored";
import { Ui } from "./ui";

export { PREFERENCES_KEY, SESSION_KEY };

export const RootStore = types.model("Root", {
  account: types.optional(Account, {}),
  ui: types.optional(Ui, {}),
});
export type RootStore = Instance<typeof RootStore>;

const StoredPreferences = z.object({ user: z.object({ language: Language }).partial().optional() }).loose();

/** Builds the store from what `storage` holds and keeps both keys up to date from then on. */
export function createRootStore({ storage }: { storage: KeyValueStorage }): RootStore {
  const root = RootStore.create({
    account: restoreAccount(storage),
    ui: { language: storedLanguage(storage) },
  });

  onSnapshot(root.account, (account) => {
    if (account.acl === null) storage.removeItem(SESSION_KEY);
    else storage.setItem(SESSION_KEY, JSON.stringify({ ...account, loggingIn: false }));
  });
  onSnapshot(root.ui, ({ language }) => {
    const prefs = StoredPreferences.safeParse(readJson(storage, PREFERENCES_KEY));
    const kept = prefs.success ? prefs.data : {};
    storage.setItem(PREFERENCES_KEY, JSON.stringify({ ...kept, user: { ...kept.user, language } }));
  });
  return root;
}

function restoreAccount(storage: KeyValueStorage): AccountSnapshot {
  const stored = readJson(storage, SESSION_KEY);
  // A session stored before the account kept its other fields (accountFields) is of an older shape too: the plugins'
  // account flags would all read as their defaults until the next sign-in.
  if (
    stored !== undefined &&
    Account.is(stored) &&
    (stored as AccountSnapshot).acl &&
    "accountFields" in stored
  ) {
    return { ...(stored as AccountSnapshot), loggingIn: false };
  }
  if (stored !== undefined) storage.removeItem(SESSION_KEY); // unreadable or from an older shape: start signed out
  return getSnapshot(Account.create({}));
}
