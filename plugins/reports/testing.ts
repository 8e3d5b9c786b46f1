// What the reports' page tests share.
import en from "./locales/en.json";

/**
 * Every English text of the page that the language says otherwise (interpolations left out), as a whole word; a
 * part's own texts (its folder's locales) given as `english`.
 */
export function englishLeft(other: object, english: object = en): string[] {
  const texts = (o: object, w: object): [string, string][] =>
    Object.entries(o).flatMap(([k, v]) => {
      const x = (w as Record<string, unknown>)[k];
      return typeof v === "string" ? [[v, String(x)] as [string, string]] : texts(v as object, x as object);
    });
  const page = document.body.textContent ?? "";
  return texts(english, other)
    .filter(([e, f]) => e !== f && !e.includes("{{") && e.length > 3)
    .map(([e]) => e)
    .filter((e) =>
      new RegExp(`(^|[^\\p{L}])${e.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "u").test(page),
    );
}
