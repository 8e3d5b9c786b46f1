// PostgreSQL stores neither a NUL character (U+0000) in text nor an unpaired UTF-16 surrogate in JSON: such a
// value used to reach the database and come back as a 500 whose log held the request's values. The gateway
// refuses them at the door instead, for every route and socket event, before any schema or handler runs.

/** NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- finding NUL is this pattern's job
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_MESSAGE = "must not contain NUL characters or unpaired surrogates";

export const isStorableText = (s: string) => !UNSTORABLE.test(s);

/**
 * The dotted path of the first string (value or object key) PostgreSQL could not store, "" for the value
 * itself, or null when everything is storable. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function unstorablePath(value: unknown): string | null {
  const stack: { v: unknown; path: string }[] = [{ v: value, path: "" }];
  while (stack.length > 0) {
    const { v, path } = stack.pop()!;
    if (typeof v === "string") {
      if (!isStorableText(v)) return path;
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ v: item, path: join(path, String(i)) }));
    } else if (v !== null && typeof v === "object") {
      for (const [k, item] of Object.entries(v)) {
        const at = join(path, isStorableText(k) ? k : "(key)");
        if (!isStorableText(k)) return at;
        stack.push({ v: item, path: at });
      }
    }
  }
  return null;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
