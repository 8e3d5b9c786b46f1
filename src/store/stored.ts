// What this browser keeps between visits, read without the store's libraries: the sign-in page's first
// download decides from it whether to load the workspace at once (src/main.tsx), and in which language to
// speak. The workspace's store (root.ts) writes both keys and is the judge of a stored session's shape.
import { LANGUAGES } from "../contract/constants";
import type { Language } from "../contract/common";
import { readJson, type KeyValueStorage } from "./storage";

/** The account with its token and acl, so a reload keeps the agent signed in. */
export const SESSION_KEY = "isi-dialer-session";
/** `{"user":{"language":"en"}}`: the UI language survives sign-out. */
export const PREFERENCES_KEY = "isi-dialer";

/** Whether a session is kept here (the workspace's store still checks its shape, and signs out an old one). */
export function hasStoredSession(storage: KeyValueStorage): boolean {
  const stored = readJson(storage, SESSION_KEY);
  return typeof stored === "object" && stored !== null && (stored as { acl?: unknown }).acl != null;
}

/** The UI language kept across sign-outs; English when none is kept or it is not one of ours. */
export function storedLanguage(storage: KeyValueStorage): Language {
  const prefs = readJson(storage, PREFERENCES_KEY) as { user?: { language?: unknown } } | undefined;
  const language = prefs?.user?.language;
  return (LANGUAGES as readonly unknown[]).includes(language) ? (language as Language) : "en";
}
