// Every locale speaks the whole product: a key one language lacks would show its raw path to an agent.
import { describe, expect, it } from "vitest";
import en from "./en.json";
import enCa from "./en_ca.json";
import es from "./es.json";
import fr from "./fr.json";
import frCa from "./fr_ca.json";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const full = { en: flatten(en), fr: flatten(fr), es: flatten(es) };
const overrides = { en_ca: flatten(enCa), fr_ca: flatten(frCa) };
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

// Product names and the logo read the same in every language; so does a word both languages share.
const SAME_IN_ALL = new Set(["app.name", "app.logo"]);
const SAME_IN = { fr: new Set(["admin.sections.notifications"]), es: new Set<string>(["calls.type.manual"]) };

describe("locales", () => {
  it.each(["fr", "es"] as const)("%s has exactly the keys en has", (lang) => {
    const missing = [...full.en.keys()].filter((k) => !full[lang].has(k));
    const extra = [...full[lang].keys()].filter((k) => !full.en.has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(["en_ca", "fr_ca"] as const)("%s only overrides keys en has", (lang) => {
    const unknown = [...overrides[lang].keys()].filter((k) => !full.en.has(k));
    expect(unknown).toEqual([]);
  });

  it.each(["en_ca", "fr_ca"] as const)("%s overrides only postal/zip wording and branding", (lang) => {
    const other = [...overrides[lang].keys()].filter(
      (k) => k !== "app.name" && k !== "app.logo" && !k.startsWith("address.postal."),
    );
    expect(other).toEqual([]);
  });

  it.each(["fr", "es"] as const)("%s keeps every {{placeholder}} of en", (lang) => {
    const differing = [...full.en].filter(
      ([k, text]) => placeholders(text).join() !== placeholders(full[lang].get(k) ?? "").join(),
    );
    expect(differing.map(([k]) => k)).toEqual([]);
  });

  it.each(["fr", "es"] as const)("%s is translated (no English text left)", (lang) => {
    const untranslated = [...full.en]
      .filter(([k, text]) => !SAME_IN_ALL.has(k) && !SAME_IN[lang].has(k) && full[lang].get(k) === text)
      .map(([k]) => k);
    expect(untranslated).toEqual([]);
  });

  it("has no empty texts", () => {
    const empty = Object.entries({ ...full, ...overrides }).flatMap(([lang, texts]) =>
      [...texts].filter(([, text]) => text.trim() === "").map(([k]) => `${lang}:${k}`),
    );
    expect(empty).toEqual([]);
  });
});
