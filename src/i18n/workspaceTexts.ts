// The core's English for everything after sign-in. The sign-in page ships only the sections it shows
// (i18n.ts imports them by name, so the bundler leaves the rest out of its chunk); this module, loaded with
// the signed-in shell, adds the whole file. `?raw` makes it a module of its own: a second import of the same
// JSON would pull every section back into the sign-in chunk, which the bundle budget counts.
import type { i18n as I18n } from "i18next";
import enRaw from "../../locales/en.json?raw";
import { CORE_NS } from "./i18n";

let english: Record<string, unknown> | undefined;
const added = new WeakSet<I18n>();

/** Adds the core's full English to the instance (idempotent), before any signed-in screen renders. */
export function addWorkspaceTexts(i18n: I18n): void {
  if (added.has(i18n)) return;
  added.add(i18n);
  english ??= JSON.parse(enRaw) as Record<string, unknown>;
  i18n.addResourceBundle("en", CORE_NS, english, true, false);
}
