// Blueprint's blueprint.css carries the glyph table of the Blueprint icon *font*: 1,412 rules of the form
// `.bp6-icon-add::before{content:"\f109"}` (≈6 KiB gzip, 14 % of the file). We draw icons as SVG (the default
// loader) and never load the font (blueprint-icons.css, toolchain.md gotcha 7), so those rules can only paint a
// private-use character in a fallback font while an icon's SVG paths are still loading. This plugin removes
// exactly those rules, at top level, whole; every other rule, including the sizing of `span.bp6-icon-standard`,
// is left as it is. Applies to dev and build alike, so both show the same CSS.
import type { Plugin } from "vite";

const BLUEPRINT_CSS = /[\\/]@blueprintjs[\\/]core[\\/]lib[\\/]css[\\/]blueprint\.css$/;
/** A whole top-level rule: one `.bp6-icon-<name>::before` selector and one `content:"\fXXX"` declaration. */
const GLYPH_RULE = /^\.bp6-icon-[a-z0-9-]+::before\s*\{\s*content:\s*"\\[0-9a-f]{4}";?\s*\}[ \t]*\r?\n?/gm;

export function withoutIconFontGlyphs(css: string): { css: string; removed: number } {
  let removed = 0;
  const out = css.replace(GLYPH_RULE, () => {
    removed++;
    return "";
  });
  return { css: out, removed };
}

export function blueprintCssWithoutIconFont(): Plugin {
  return {
    name: "isi:blueprint-css-without-icon-font",
    enforce: "pre",
    transform(code, id) {
      if (!BLUEPRINT_CSS.test(id.split("?")[0])) return null;
      const { css, removed } = withoutIconFontGlyphs(code);
      // A Blueprint upgrade that reformats its CSS must not silently bring the glyph table back.
      if (removed < 1000)
        this.warn(`removed only ${removed} icon-font glyph rules from blueprint.css; check the pattern`);
      return { code: css, map: null };
    },
  };
}
