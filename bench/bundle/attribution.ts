// Which package the bytes of a built chunk came from, read from its source map: every mapped segment of the
// minified output is charged to its source file, and the file to its node_modules package (or to the app).
import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";

interface SourceMapV3 {
  sources: string[];
  mappings: string;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** Decodes one segment's base64 VLQ fields. */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`bad VLQ digit ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

/** Characters of generated code per source index (-1 = unmapped), from the map's mappings and the code's lines. */
export function charsPerSource(code: string, map: SourceMapV3): Map<number, number> {
  const out = new Map<number, number>();
  const add = (source: number, n: number) => n > 0 && out.set(source, (out.get(source) ?? 0) + n);
  const lines = code.split("\n");
  const mapped = map.mappings.split(";");
  let source = 0;
  for (let l = 0; l < lines.length; l++) {
    const length = lines[l].length + (l < lines.length - 1 ? 1 : 0);
    const segments = (mapped[l] ?? "").split(",").filter(Boolean);
    let column = 0;
    let from = 0;
    let owner = -1;
    for (const segment of segments) {
      const [dColumn, dSource] = decodeSegment(segment);
      column += dColumn;
      add(owner, column - from);
      from = column;
      if (dSource !== undefined) {
        source += dSource;
        owner = source;
      } else owner = -1;
    }
    add(owner, length - from);
  }
  return out;
}

/** "react-dom", "@blueprintjs/core", or "app: src/app" for the project's own files (`source` relative to the root). */
export function packageOf(source: string): string {
  const path = source.replace(/\\/g, "/");
  const at = path.lastIndexOf("node_modules/");
  if (at >= 0) {
    const [scope, name] = path.slice(at + "node_modules/".length).split("/");
    return scope.startsWith("@") ? `${scope}/${name}` : scope;
  }
  if (path.includes("\0") || path.startsWith("vite/") || path.includes("rolldown"))
    return "(bundler runtime)";
  const parts = path.replace(/^(\.\.\/)+/, "").split("/");
  const top = parts[0] === "src" && parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
  return `app: ${top}`;
}

/**
 * Characters of one chunk per source file (relative to `root`), from `<file>.map`; unmapped code is
 * "(unmapped)". Undefined when the chunk has no map.
 */
export function charsPerFile(file: string, root: string): Map<string, number> | undefined {
  if (!existsSync(`${file}.map`)) return undefined;
  const code = readFileSync(file, "utf8");
  const map = JSON.parse(readFileSync(`${file}.map`, "utf8")) as SourceMapV3 & { sourceRoot?: string };
  const base = resolve(dirname(file), map.sourceRoot ?? "");
  const result = new Map<string, number>();
  for (const [source, chars] of charsPerSource(code, map)) {
    const raw = map.sources[source];
    const name =
      source < 0 || raw === undefined
        ? "(unmapped)"
        : raw.includes("\0")
          ? raw
          : relative(root, resolve(base, raw));
    result.set(name, (result.get(name) ?? 0) + chars);
  }
  return result;
}

/** Characters of one chunk per package (see packageOf). */
export function charsPerPackage(file: string, root: string): Map<string, number> | undefined {
  const files = charsPerFile(file, root);
  if (!files) return undefined;
  const result = new Map<string, number>();
  for (const [source, chars] of files) {
    const name = source === "(unmapped)" ? source : packageOf(source);
    result.set(name, (result.get(name) ?? 0) + chars);
  }
  return result;
}
