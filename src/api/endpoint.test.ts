// An endpoint written once (issue 34), as the browser calls it and the tests' fake gateway answers it: the path
// built and encoded, the query, the Idempotency-Key kept across retries, the answer parsed into its type, the
// refusal in the gateway's words; and a fake that refuses a reply or a request the gateway could not send or take.
import axios from "axios";
import { describe, expect, expectTypeOf, it, vi } from "vitest";
import { z } from "zod";
import { API_BASE, ErrorBody } from "../contract/common";
import { IDEMPOTENCY_IN_PROGRESS } from "../contract/dispositions";
import { defineEndpoint, endpointPath, endpointUrl, matchEndpointPath } from "../contract/endpoint";
import { idParam } from "../contract/ids";
import { manualClock } from "../shared/clock";
import { fakeGateway, NETWORK_DOWN, reply } from "../test/fakeGateway";
import { callEndpoint, EndpointInputError } from "./endpoint";

const Note = z.object({ id: z.number().int(), text: z.string(), at: z.string().transform((s) => new Date(s)) });
const readNote = defineEndpoint({
  method: "GET",
  path: "/notes/:id",
  summary: "A note.",
  params: idParam,
  query: z.strictObject({ fields: z.array(z.string()).optional(), full: z.enum(["yes", "no"]).optional() }),
  responses: { 200: z.object({ data: Note }), 404: ErrorBody },
});
const addNote = defineEndpoint({
  method: "POST",
  path: "/notes",
  summary: "Adds a note.",
  body: z.strictObject({ text: z.string().min(1) }),
  responses: { 201: z.object({ data: Note }), 422: ErrorBody },
  idempotent: true,
});
const removeNote = defineEndpoint({
  method: "DELETE",
  path: "/notes/:id",
  summary: "Removes a note.",
  params: idParam,
  responses: { 204: z.null(), 404: ErrorBody },
});
const byTag = defineEndpoint({
  method: "GET",
  path: "/tags/:tag/notes",
  summary: "Notes by tag.",
  params: z.strictObject({ tag: z.string() }),
  responses: { 200: z.object({ data: z.array(Note) }) },
});

const note = { id: 3, text: "Call back", at: "2026-01-05T15:00:00.000Z" };

function setup(gateway: ReturnType<typeof fakeGateway>) {
  const clock = manualClock();
  const log = vi.fn();
  return { gateway, clock, log, caller: { http: axios.create({ baseURL: API_BASE, adapter: gateway.adapter }), clock, log } };
}

/** Lets the retry timers run on the manual clock. */
async function settle<T>(clock: ReturnType<typeof manualClock>, outcome: Promise<T>): Promise<T> {
  for (let i = 0; i < 10; i++) {
    await new Promise((r) => setTimeout(r, 0));
    clock.advance(4000);
  }
  return outcome;
}

describe("defineEndpoint", () => {
  it("takes the first 2xx as the success, and refuses a path its params do not name or a GET that would be idempotent", () => {
    expect(addNote.success).toBe(201);
    expect(removeNote.success).toBe(204);
    expect(addNote.idempotent).toBe(true);
    expect(readNote.idempotent).toBe(false);
    const responses = { 200: z.null() };
    expect(() => defineEndpoint({ method: "GET", path: "/a/:id", summary: "", responses })).toThrow(/no params schema/);
    expect(() =>
      defineEndpoint({ method: "GET", path: "/a/:id", summary: "", params: z.strictObject({ key: z.string() }), responses }),
    ).toThrow(/params must name the path's parameters/);
    expect(() => defineEndpoint({ method: "GET", path: "/a", summary: "", responses, idempotent: true })).toThrow(/not a write/);
    expect(() => defineEndpoint({ method: "GET", path: "/a", summary: "", responses: { 404: ErrorBody } })).toThrow(/no 2xx/);
    expect(() => defineEndpoint({ method: "GET", path: "/a?b=1", summary: "", responses })).toThrow(/no query/);
  });

  it("builds the path with its parameters encoded, and the query with arrays repeated and empty values left out", () => {
    expect(endpointPath(byTag, { tag: "a b/c?" })).toBe("/tags/a%20b%2Fc%3F/notes");
    expect(() => endpointPath(readNote, {})).toThrow(/no value for the path parameter id/);
    expect(endpointUrl(readNote, { params: { id: 7 }, query: { fields: ["text", "at"], full: undefined } })).toBe(
      "/notes/7?fields=text&fields=at",
    );
    expect(endpointUrl(removeNote, { params: { id: 7 } })).toBe("/notes/7");
    expect(matchEndpointPath(byTag, "/tags/a%20b%2Fc%3F/notes")).toEqual({ tag: "a b/c?" });
    expect(matchEndpointPath(byTag, "/tags/a/b/notes")).toBeNull();
  });
});

describe("callEndpoint", () => {
  it("calls the endpoint by its object and gives the answer parsed by its schema, typed", async () => {
    const { caller, gateway } = setup(
      fakeGateway([reply(readNote, (req) => ({ status: 200, data: { data: { ...note, id: req.params.id } } }))]),
    );
    const r = await callEndpoint(caller, readNote, { params: { id: 3 }, query: { full: "yes" } });
    expect(gateway.requests[0]).toMatchObject({ method: "GET", url: "/notes/3?full=yes", path: "/notes/3", query: { full: "yes" } });
    if (!r.ok) throw new Error("refused");
    expectTypeOf(r.data.data.at).toEqualTypeOf<Date>();
    expect(r.data.data.at).toEqual(new Date(note.at));
    // The types follow the endpoint: its params are required, the query's literals are kept.
    // @ts-expect-error no params
    void callEndpoint(caller, readNote, {}).catch(() => {});
    // @ts-expect-error "maybe" is not one of the query's values
    void callEndpoint(caller, readNote, { params: { id: 3 }, query: { full: "maybe" } }).catch(() => {});
  });

  it("answers the gateway's refusal with its status, message and field errors, and no content as null", async () => {
    const { caller } = setup(
      fakeGateway([
        reply(readNote, { status: 404, data: { message: "Not found." } }),
        reply(addNote, { status: 422, data: { message: "The given data was invalid.", errors: { text: ["Too long"] } } }),
        reply(removeNote, { status: 204 }),
      ]),
    );
    expect(await callEndpoint(caller, readNote, { params: { id: 9 } })).toEqual({
      ok: false,
      status: 404,
      retryable: false,
      message: "Not found.",
      errors: {},
    });
    expect(await callEndpoint(caller, addNote, { body: { text: "x" } })).toMatchObject({
      ok: false,
      status: 422,
      errors: { text: ["Too long"] },
    });
    expect(await callEndpoint(caller, removeNote, { params: { id: 3 } })).toEqual({ ok: true, data: null });
  });

  it("gives the seconds a refusal's Retry-After asks to wait (delta seconds or an HTTP date on the clock), and none without one", async () => {
    const { caller, gateway, clock } = setup(
      fakeGateway([reply(addNote, { status: 429, data: { message: "Too many." }, headers: { "Retry-After": "27" } })]),
    );
    expect(await callEndpoint(caller, addNote, { body: { text: "x" } })).toEqual({
      ok: false,
      status: 429,
      retryable: false,
      message: "Too many.",
      errors: {},
      retryAfter: 27,
    });
    // An HTTP date: counted from the caller's clock (the gateway's time), whole seconds up.
    const at = new Date(clock.now() + 12_500).toUTCString();
    gateway.reply(addNote, { status: 429, data: { message: "Too many." }, headers: { "retry-after": at } });
    expect(await callEndpoint(caller, addNote, { body: { text: "x" } })).toMatchObject({ status: 429, retryAfter: 12 });
    // A date already past, a value that is neither, and no header: no wait.
    for (const headers of [{ "Retry-After": new Date(clock.now() - 1000).toUTCString() }, { "Retry-After": "soon" }, undefined]) {
      gateway.reply(addNote, { status: 429, data: { message: "Too many." }, ...(headers && { headers }) });
      const refused = await callEndpoint(caller, addNote, { body: { text: "x" } });
      expect(refused).toMatchObject({ ok: false, status: 429 });
      expect(refused).not.toHaveProperty("retryAfter");
    }
  });

  it("sends an idempotent write under a fresh key, and retries a transient failure under the same key", async () => {
    const answers = [NETWORK_DOWN, { status: 409 as const, data: { message: IDEMPOTENCY_IN_PROGRESS } }, { status: 201 as const, data: { data: note } }];
    let n = 0;
    const { caller, gateway, clock } = setup(fakeGateway([reply(addNote, () => answers[Math.min(n++, 2)]!)]));
    const first = await settle(clock, callEndpoint(caller, addNote, { body: { text: "Call back" } }));
    expect(first.ok).toBe(true);
    const keys = gateway.requests.map((r) => r.headers["idempotency-key"]);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    // The next call is another write: another key. A key the caller kept is sent as it is.
    await callEndpoint(caller, addNote, { body: { text: "Again" } });
    await callEndpoint(caller, addNote, { body: { text: "Again" }, idempotencyKey: "kept-1" });
    expect(gateway.requests[3]!.headers["idempotency-key"]).not.toBe(keys[0]);
    expect(gateway.requests[4]!.headers["idempotency-key"]).toBe("kept-1");
  });

  it("asks for keepalive when the call must outlive the page, and only then", async () => {
    const gateway = fakeGateway([reply(removeNote, { status: 204 })]);
    const sent: (boolean | undefined)[] = [];
    const http = axios.create({
      baseURL: API_BASE,
      adapter: (config) => (sent.push(config.keepalive), gateway.adapter(config)),
    });
    const caller = { http, clock: manualClock() };
    await callEndpoint(caller, removeNote, { params: { id: 3 }, keepalive: true });
    await callEndpoint(caller, removeNote, { params: { id: 3 } });
    expect(sent).toEqual([true, undefined]);
  });

  it("gives a refusal's body when its status's schema reads more in it than an ErrorBody, and none otherwise", async () => {
    const Busy = ErrorBody.extend({ reason: z.enum(["busy"]), seconds: z.number() });
    const takeNote = defineEndpoint({
      method: "POST",
      path: "/notes/taken",
      summary: "Takes a note.",
      responses: { 201: z.object({ data: Note }), 409: Busy, 422: ErrorBody },
      idempotent: true,
    });
    const { caller, gateway } = setup(
      fakeGateway([reply(takeNote, { status: 409, data: { message: "Busy.", reason: "busy", seconds: 30 } })]),
    );
    expect(await callEndpoint(caller, takeNote)).toEqual({
      ok: false,
      status: 409,
      retryable: false,
      message: "Busy.",
      errors: {},
      body: { message: "Busy.", reason: "busy", seconds: 30 },
    });
    // An ErrorBody says nothing more (nor does an error the endpoint does not declare): no body.
    for (const answer of [{ status: 422 as const, data: { message: "No.", errors: { text: ["No."] } } }, { status: 403 as const, data: { message: "No." } }]) {
      gateway.reply(takeNote, answer);
      expect(await callEndpoint(caller, takeNote)).not.toHaveProperty("body");
    }
  });

  it("sends an idempotent write once when asked not to retry it, under its key", async () => {
    const { caller, gateway } = setup(fakeGateway([reply(addNote, { status: 503, data: { message: "Unavailable." } })]));
    expect(await callEndpoint(caller, addNote, { body: { text: "x" }, retry: false })).toMatchObject({ ok: false, status: 503, retryable: true });
    expect(gateway.requests).toHaveLength(1);
    expect(gateway.requests[0]!.headers["idempotency-key"]).toBeDefined();
  });

  it("does not retry a write that is not idempotent, and says when no answer came", async () => {
    const { caller, gateway } = setup(fakeGateway([reply(removeNote, NETWORK_DOWN)]));
    expect(await callEndpoint(caller, removeNote, { params: { id: 3 } })).toMatchObject({ ok: false, status: null, retryable: true });
    expect(gateway.requests).toHaveLength(1);
    expect(gateway.requests[0]!.headers["idempotency-key"]).toBeUndefined();
  });

  it("refuses, in development, input its schemas refuse, before sending it", async () => {
    const { caller, gateway } = setup(fakeGateway([reply(addNote, { status: 201, data: { data: note } })]));
    await expect(callEndpoint(caller, addNote, { body: { text: "" } })).rejects.toThrow(EndpointInputError);
    await expect(callEndpoint(caller, readNote, { params: { id: "x" } })).rejects.toThrow(/params\.id/);
    expect(gateway.requests).toEqual([]);
  });

  it("takes a success answer its schema refuses as a refusal, and logs it", async () => {
    // The string form is not checked: it stands for a gateway that answers something else than its contract.
    const { caller, log } = setup(fakeGateway({ "GET /notes/3": { status: 200, data: { data: { id: "3" } } } }));
    expect(await callEndpoint(caller, readNote, { params: { id: 3 } })).toMatchObject({ ok: false, status: 200, message: null });
    expect(log).toHaveBeenCalledWith(expect.stringContaining("GET /notes/3 answered 200 with a body its schema refuses"), expect.any(String));
  });
});

describe("the fake gateway's checks", () => {
  it("fails a reply the gateway could not send: data its schema refuses, a 2xx it does not declare", async () => {
    const gateway = fakeGateway([
      // @ts-expect-error the 200 answer has no `text`: a reply the gateway could not send
      reply(readNote, { status: 200, data: { data: { id: 3, at: note.at } } }),
      // @ts-expect-error addNote answers 201, not 200
      reply(addNote, { status: 200, data: { data: note } }),
    ]);
    const { caller } = setup(gateway);
    expect(await callEndpoint(caller, readNote, { params: { id: 3 } })).toMatchObject({ ok: false, status: null });
    expect(await callEndpoint(caller, addNote, { body: { text: "x" } })).toMatchObject({ ok: false });
    expect(gateway.problems).toEqual([
      expect.stringMatching(/GET \/notes\/3 \(GET \/notes\/:id\): the test's reply 200 is one the gateway could not send: its data does not match the endpoint's 200 schema \(data\.text: /),
      expect.stringMatching(/POST \/notes \(POST \/notes\): the test's reply 200 .*declares no 200 answer \(it declares 201, 422\)/),
    ]);
    gateway.problems.splice(0); // they would fail this test when it ends
  });

  // The test itself fails when it ends (`fails` turns that into the pass), though the plugin swallowed the error.
  it.fails("fails the running test that got such a reply, at its end", async () => {
    // @ts-expect-error the 201 answer has no `data`
    const { caller } = setup(fakeGateway([reply(addNote, { status: 201, data: note })]));
    expect(await callEndpoint(caller, addNote, { body: { text: "x" } })).toMatchObject({ ok: false });
  });

  it("lets any route answer the gateway's own errors (an ErrorBody), and nothing else", async () => {
    const gateway = fakeGateway([reply(readNote, { status: 403, data: { message: "This action is unauthorized." } })]);
    const { caller } = setup(gateway);
    expect(await callEndpoint(caller, readNote, { params: { id: 3 } })).toMatchObject({ ok: false, status: 403 });
    expect(gateway.problems).toEqual([]);
    gateway.reply(readNote, { status: 500, data: { oops: true } as never });
    await callEndpoint(caller, readNote, { params: { id: 3 } });
    expect(gateway.problems).toEqual([expect.stringMatching(/must carry an ErrorBody/)]);
    gateway.problems.splice(0);
  });

  it("answers a request its schemas refuse with the gateway's 422, without the route, and notes it", async () => {
    const route = vi.fn(() => ({ status: 201 as const, data: { data: note } }));
    const gateway = fakeGateway([reply(addNote, route)]);
    const http = axios.create({ baseURL: API_BASE, adapter: gateway.adapter });
    await expect(http.post("/notes", { text: 3 }, { headers: { "Idempotency-Key": "k" } })).rejects.toMatchObject({
      response: { status: 422, data: { message: "The given data was invalid.", errors: { text: [expect.any(String)] } } },
    });
    // An idempotent write without its key is noted too (a raw call that forgot it).
    await http.post("/notes", { text: "ok" });
    expect(route).toHaveBeenCalledTimes(1);
    expect(gateway.problems).toEqual([
      expect.stringMatching(/POST \/notes \(POST \/notes\): the endpoint's schemas refuse the request \(text: /),
      expect.stringMatching(/an idempotent write sent without an Idempotency-Key/),
    ]);
    gateway.problems.splice(0);
  });

  it("still answers the string form, by the url as sent, then without its query", async () => {
    const gateway = fakeGateway({ "GET /overstays": { status: 200, data: { data: [] } }, "GET /a?b=1": { status: 204 } });
    const http = axios.create({ baseURL: API_BASE, adapter: gateway.adapter });
    expect((await http.get("/overstays?limit=5")).data).toEqual({ data: [] });
    expect((await http.get("/a?b=1")).status).toBe(204);
    await expect(http.get("/a?b=2")).rejects.toMatchObject({ response: { status: 404 } });
  });
});
