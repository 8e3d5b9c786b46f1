// How an answer is written: checked against its route's response schema (an answer that does not match is a 500,
// logged by errors.ts, and never sent), keys the schema does not name dropped, then JSON.
//
// fastify-type-provider-zod's own serializer checks with zod's encode, which, on every schema node that has checks
// (each `.int()`), parses the value twice and never uses zod's compiled object parsers: a month's agent report
// (5,600 rows) took 190–850 ms of the gateway's event loop to encode, against 10–50 ms to parse, while every dial
// of the floor waited behind it (bench/reports). Encode and parse differ only where a schema runs one way: a
// transform, a codec or pipe, a default, a prefault, a catch, an overwrite. A schema with none of those accepts the
// same values both ways and gives the same output, so it is parsed; any other is encoded, as before.
import { randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest, FastifySerializerCompiler } from "fastify";
import { ResponseSerializationError } from "fastify-type-provider-zod";
import { z } from "zod";
import { $ZodType } from "zod/v4/core";

/** Types that read the same both ways and hold no other schema. */
const LEAVES = new Set([
  "string",
  "number",
  "int",
  "boolean",
  "bigint",
  "symbol",
  "null",
  "undefined",
  "void",
  "never",
  "any",
  "unknown",
  "date",
  "enum",
  "literal",
  "nan",
  "template_literal",
  "custom",
  "file",
]);

/** Types that wrap one schema and read the same both ways if it does. */
const WRAPPERS = new Set(["optional", "nullable", "nonoptional", "readonly"]);

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string } } }[];
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  keyType?: $ZodType;
  valueType?: $ZodType;
  items?: $ZodType[];
  rest?: $ZodType | null;
  options?: $ZodType[];
  left?: $ZodType;
  right?: $ZodType;
  innerType?: $ZodType;
  getter?: () => $ZodType;
}

const bothWays = new WeakMap<$ZodType, boolean>();
/** `readsBothWays` of a long answer's row schema, walked once per schema rather than at every such answer. */
function rowsReadBothWays(row: $ZodType): boolean {
  let answer = bothWays.get(row);
  if (answer === undefined) bothWays.set(row, (answer = readsBothWays(row)));
  return answer;
}

/**
 * Whether zod's parse and encode accept the same values of `schema` and give the same output: nothing in it runs
 * one way only. Unknown kinds of schema count as one-way (they are encoded, which is always right).
 */
export function readsBothWays(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return true; // a recursive schema: the rest of it is being checked
  seen.add(schema);
  const def = schema._zod.def as unknown as Def;
  if (def.checks?.some((c) => c._zod.def.check === "overwrite")) return false;
  const all = (schemas: ($ZodType | null | undefined)[]) =>
    schemas.every((s) => !s || readsBothWays(s, seen));
  if (LEAVES.has(def.type)) return true;
  if (WRAPPERS.has(def.type)) return all([def.innerType]);
  switch (def.type) {
    case "object":
      return all([...Object.values(def.shape ?? {}), def.catchall]);
    case "array":
    case "set":
      return all([def.element ?? def.valueType]);
    case "record":
    case "map":
      return all([def.keyType, def.valueType]);
    case "tuple":
      return all([...(def.items ?? []), def.rest]);
    case "union":
      return all(def.options ?? []);
    case "intersection":
      return all([def.left, def.right]);
    case "lazy":
      return all([def.getter?.()]);
    default:
      return false;
  }
}

/** The schema fastify hands the compiler: a zod schema, or one under `properties` (as the type provider allows). */
function zodSchemaOf(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  if (inner instanceof $ZodType) return inner;
  throw new Error(`a response schema that is not zod: ${JSON.stringify(schema)}`);
}

/** An answer already checked and written by `writeLargeAnswer`, which the serializer sends as it is. */
class WrittenAnswer {
  constructor(readonly json: string) {}
}

/** The answer of `schema` as JSON, or a ResponseSerializationError (errors.ts turns it into a logged 500). */
export function answerWriter(schema: $ZodType, method: string, url: string): (data: unknown) => string {
  const check = readsBothWays(schema)
    ? (data: unknown) => z.safeParse(schema, data)
    : (data: unknown) => z.safeEncode(schema, data);
  return (data) => {
    if (data instanceof WrittenAnswer) return data.json;
    const result = check(data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
}

/** Rows checked and written per turn of the event loop: a few milliseconds of a report's rows. */
export const SLICE_ROWS = 500;

const typeOf = (schema: $ZodType | undefined) => (schema?._zod.def as unknown as Def | undefined)?.type;
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The list to write in slices: `data.<key>`, an array longer than a slice whose schema is a plain array (no length
 * check, which a slice could not judge) of rows that read both ways. Null for any other answer.
 */
function longListOf(
  schema: $ZodType,
  answer: unknown,
): { key: string; rows: unknown[]; row: $ZodType } | null {
  if (typeOf(schema) !== "object" || !isRecord(answer) || !isRecord(answer.data)) return null;
  const data = (schema._zod.def as unknown as Def).shape?.data;
  if (typeOf(data) !== "object") return null;
  const shape = (data!._zod.def as unknown as Def).shape ?? {};
  for (const [key, rows] of Object.entries(answer.data)) {
    if (!Array.isArray(rows) || rows.length <= SLICE_ROWS) continue;
    const def = shape[key]?._zod.def as unknown as Def | undefined;
    if (def?.type !== "array" || def.checks?.length || !rowsReadBothWays(def.element!)) return null;
    return { key, rows, row: def.element! };
  }
  return null;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A large answer (a long page of the lead book; the agents' report by day was 5,600 rows and 2 MB a month before it
 * was summed in SQL) checked and written a slice of rows at a time, the event loop free between slices: written at
 * once, such an answer held the loop 60–110 ms, and every dial of the floor waited. The same checks and the same JSON as the serializer's; any other answer is left to it (undefined).
 */
export async function writeLargeAnswer(schema: $ZodType, answer: unknown, method: string, url: string) {
  const list = longListOf(schema, answer);
  if (!list) return undefined;
  const fail = (error: z.core.$ZodError) => new ResponseSerializationError(method, url, { cause: error });
  const data = (answer as { data: Record<string, unknown> }).data;
  const head = z.safeParse(schema, { ...(answer as object), data: { ...data, [list.key]: [] } });
  if (head.error) throw fail(head.error);
  // The rows' place in the written head: a marker no value can hold (PostgreSQL stores no NUL character).
  const marker = `\u0000${randomUUID()}`;
  (head.data as { data: Record<string, unknown> }).data[list.key] = marker;
  const [before, after] = JSON.stringify(head.data).split(JSON.stringify(marker)) as [string, string];
  const parts = [before, "["];
  const slice = z.array(list.row);
  for (let i = 0; i < list.rows.length; i += SLICE_ROWS) {
    if (i > 0) await nextTurn();
    const rows = z.safeParse(slice, list.rows.slice(i, i + SLICE_ROWS));
    if (rows.error) throw fail(rows.error);
    const json = JSON.stringify(rows.data);
    parts.push(i > 0 ? "," : "", json.slice(1, -1));
  }
  parts.push("]", after);
  return new WrittenAnswer(parts.join(""));
}

/** Fastify's preSerialization hook: large answers written in slices (above), the others left to the serializer. */
export async function writeLargeAnswers(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const schema = (req.routeOptions.schema?.response as Record<number, unknown> | undefined)?.[
    reply.statusCode
  ];
  if (!schema || payload instanceof WrittenAnswer) return payload;
  return (await writeLargeAnswer(zodSchemaOf(schema), payload, req.method, req.url)) ?? payload;
}

export const answerSerializer: FastifySerializerCompiler<unknown> = ({ schema, method, url }) =>
  answerWriter(zodSchemaOf(schema), method, url);
