import fc from "fast-check";
import { isResponseSerializationError } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { routeTable } from "../routes";
import { startTestGateway, type TestGateway } from "../test/harness";
import { answerWriter, readsBothWays, SLICE_ROWS, writeLargeAnswer } from "./answers";

const Status = z.enum(["ready", "on_a_call", "offline"]);
type Tree = { name: string; children: Tree[] };
const Tree: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(Tree) }));

/** Schemas whose parse and encode must agree: the shapes the contract's answers are made of. */
const BOTH_WAYS: Record<string, z.ZodType> = {
  row: z.object({
    agent_id: z.number().int(),
    period: z.string().min(10),
    status_seconds: z.partialRecord(Status, z.number()),
    dispositions: z.record(z.string(), z.number().int().nonnegative()),
    note: z.string().nullable().optional(),
  }),
  strict: z.strictObject({ id: z.number().int(), kind: z.literal("lead") }),
  union: z.union([
    z.object({ kind: z.literal("a"), n: z.number() }),
    z.object({ kind: z.literal("b"), s: z.string() }),
  ]),
  tagged: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("a"), n: z.number() }),
    z.object({ kind: z.literal("b"), s: z.email() }),
  ]),
  tuple: z.tuple([z.number(), z.string()]),
  list: z.array(z.object({ id: z.number().int().positive(), tags: z.array(Status) })).max(5),
  tree: Tree,
};

describe("readsBothWays", () => {
  it("takes the shapes answers are made of, a recursive one included", () => {
    for (const [name, schema] of Object.entries(BOTH_WAYS)) expect(readsBothWays(schema), name).toBe(true);
  });

  it("refuses a schema with anything that runs one way, however deep", () => {
    const iso = z.codec(z.iso.datetime(), z.date(), {
      decode: (s) => new Date(s),
      encode: (d) => d.toISOString(),
    });
    const oneWay: Record<string, z.ZodType> = {
      transform: z.string().transform((s) => s.length),
      codec: iso,
      pipe: z.string().pipe(z.email()),
      default: z.number().default(3),
      prefault: z.string().prefault("x"),
      catch: z.number().catch(0),
      overwrite: z.string().trim(),
    };
    for (const [name, inner] of Object.entries(oneWay)) {
      expect(readsBothWays(inner), name).toBe(false);
      expect(readsBothWays(z.object({ a: z.object({ b: z.array(inner.optional()) }) })), `${name} deep`).toBe(
        false,
      );
      expect(readsBothWays(z.record(z.string(), z.union([z.null(), inner]))), `${name} in a record`).toBe(
        false,
      );
      expect(readsBothWays(z.lazy(() => z.tuple([z.number(), inner]))), `${name} lazy`).toBe(false);
    }
  });
});

/** A JSON value near `schema`'s shapes: right, wrong and extra keys, wrong types, empty strings. */
const jsonish = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom("a", "b", "lead", "ready", "offline", "x@y.example", "2026-03-10", ""),
    fc.string(),
    fc.integer({ min: -3, max: 10 }),
    fc.double({ noNaN: true }),
    fc.constantFrom(null, true, undefined),
    fc.array(tie("value"), { maxLength: 6 }),
    fc.dictionary(
      fc.constantFrom(
        "agent_id",
        "period",
        "status_seconds",
        "dispositions",
        "note",
        "id",
        "kind",
        "n",
        "s",
        "tags",
        "name",
        "children",
        "ready",
        "on_a_call",
        "extra",
      ),
      tie("value"),
      { maxKeys: 8 },
    ),
  ),
})).value;

describe("answerWriter", () => {
  it("writes what zod's encode writes, and refuses what it refuses, for any value of a both-ways schema", () => {
    for (const [name, schema] of Object.entries(BOTH_WAYS)) {
      const write = answerWriter(schema, "GET", `/${name}`);
      fc.assert(
        fc.property(jsonish, (value) => {
          const encoded = z.safeEncode(schema, value);
          let written: string | Error;
          try {
            written = write(value);
          } catch (e) {
            written = e as Error;
          }
          if (encoded.success) expect(written).toBe(JSON.stringify(encoded.data));
          else expect(isResponseSerializationError(written)).toBe(true);
        }),
        { numRuns: 400 },
      );
    }
  });

  it("drops the keys an answer's schema does not name, and refuses an answer that does not match it", () => {
    const write = answerWriter(BOTH_WAYS.row!, "GET", "/rows");
    const row = {
      agent_id: 7,
      period: "2026-03-10",
      status_seconds: { ready: 5 },
      dispositions: {},
      password: "x",
    };
    expect(JSON.parse(write(row))).toEqual({
      agent_id: 7,
      period: "2026-03-10",
      status_seconds: { ready: 5 },
      dispositions: {},
    });
    expect(() => write({ ...row, agent_id: 7.5 })).toThrow(/Response doesn't match the schema/);
  });

  it("still encodes a schema that runs one way (a date written as its ISO string)", () => {
    const At = z.object({
      at: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }),
    });
    expect(answerWriter(At, "GET", "/at")({ at: new Date("2026-03-10T18:00:00Z") })).toBe(
      '{"at":"2026-03-10T18:00:00.000Z"}',
    );
  });
});

describe("the gateway's answers", () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw.close());

  it("parses the large ones: the reports' rows, the lead book, the floor", () => {
    const table = routeTable(gw.gw);
    const parsed = (url: string) => {
      const def = table.find((d) => d.method === "GET" && d.url === url);
      expect(def, url).toBeDefined();
      return Object.values(def!.response).every((s) => readsBothWays(s));
    };
    for (const url of [
      "/reports/agents",
      "/reports/campaigns",
      "/reports/hours",
      "/reports/calls",
      "/lead-book/leads",
      "/floor",
    ])
      expect(parsed(url), url).toBe(true);
  });
});

describe("writeLargeAnswer", () => {
  const Row = BOTH_WAYS.row!;
  const Answer = z.object({
    data: z.object({
      from: z.string(),
      rows: z.array(Row),
      agents: z.array(z.object({ id: z.number().int() })),
    }),
  });
  const rowOf = fc.record({
    agent_id: fc.integer({ min: 1, max: 300 }),
    period: fc.constantFrom("2026-02-01", "2026-02-02", "2026-02-28"),
    status_seconds: fc.dictionary(
      fc.constantFrom("ready", "on_a_call", "offline"),
      fc.double({ min: 0, max: 86_400, noNaN: true }),
    ),
    dispositions: fc.dictionary(fc.constantFrom("Not Interested", "Voicemail", 'Say "no"\n'), fc.nat(40)),
    extra: fc.string(),
  });

  it("writes a long list exactly as the serializer does, in slices", async () => {
    const write = answerWriter(Answer, "GET", "/rows");
    await fc.assert(
      fc.asyncProperty(
        fc.array(rowOf, { minLength: SLICE_ROWS + 1, maxLength: 3 * SLICE_ROWS }),
        async (rows) => {
          const answer = { data: { from: 'a "day"', rows, agents: [{ id: 1, name: "x" }] }, other: 1 };
          const written = (await writeLargeAnswer(Answer, answer, "GET", "/rows")) as { json: string };
          expect(written.json).toBe(write(answer));
        },
      ),
      { numRuns: 15 },
    );
  });

  it("refuses a long list with one bad row, and leaves short lists and other shapes to the serializer", async () => {
    const rows = Array.from({ length: 2 * SLICE_ROWS }, (_, i) => ({
      agent_id: i + 1,
      period: "2026-02-01",
      status_seconds: {},
      dispositions: {},
    }));
    const bad = rows.map((r, i) => (i === SLICE_ROWS + 3 ? { ...r, agent_id: "7" } : r));
    await expect(
      writeLargeAnswer(Answer, { data: { from: "x", rows: bad, agents: [] } }, "GET", "/rows"),
    ).rejects.toSatisfy(isResponseSerializationError);
    expect(
      await writeLargeAnswer(
        Answer,
        { data: { from: "x", rows: rows.slice(0, SLICE_ROWS), agents: [] } },
        "GET",
        "/rows",
      ),
    ).toBeUndefined();
    const Capped = z.object({ data: z.object({ rows: z.array(Row).max(10_000) }) });
    expect(await writeLargeAnswer(Capped, { data: { rows } }, "GET", "/rows")).toBeUndefined();
  });

  it("lets the floor's other requests through while it writes", async () => {
    const rows = Array.from({ length: 20 * SLICE_ROWS }, (_, i) => ({
      agent_id: i + 1,
      period: "2026-02-01",
      status_seconds: { ready: i },
      dispositions: { Voicemail: 1 },
    }));
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    await writeLargeAnswer(Answer, { data: { from: "x", rows, agents: [] } }, "GET", "/rows");
    counting = false;
    expect(turns).toBeGreaterThanOrEqual(10);
  });
});
