// The settings document kit as a page uses it: load with the last change, edit, save the whole set and read back
// what the gateway stored, and the specification's outcome texts for each refusal in the admin's language.
import axios from "axios";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { listSettingsChanges, settingsDocumentEndpoints } from "../../contract/settings";
import { manualClock } from "../../shared/clock";
import { fakeGateway, reply, type FakeReply } from "../../test/fakeGateway";
import { settingsDocumentModel, settingsDocumentService, sameDocument } from "./document";
import { settingsRefusal } from "./outcome";

type Doc = { sequence: number[] };
const Model = settingsDocumentModel<Doc>("TestDocument");
const CHANGE = { subject: "dialing-sequence", at: "2026-03-10T18:05:00.000Z", by: "Alex Morgan", old: null, new: { sequence: [0] } };
// A document's endpoints as the contract declares them: whole numbers stored, negatives made 0 by the PUT.
const { read, save } = settingsDocumentEndpoints(
  "/settings/test-sequence",
  "A test sequence.",
  z.strictObject({ sequence: z.array(z.number().int().min(0)) }),
  z.strictObject({ sequence: z.array(z.number().int("Must be a whole number").transform((n) => Math.max(0, n))) }),
);

function setUp(put: (body: Doc) => FakeReply<typeof save>, language = "en") {
  let stored: Doc = { sequence: [0, 30] };
  const gateway = fakeGateway([
    reply(read, () => ({ status: 200, data: stored })),
    reply(listSettingsChanges, () => ({ status: 200, data: { changes: [CHANGE] } })),
    reply(save, (req) => {
      const answer = put(req.body);
      if ("status" in answer && answer.status === 204) stored = req.body;
      return answer;
    }),
  ]);
  const http = axios.create({ adapter: gateway.adapter });
  const shown: { intent: string; text: string }[] = [];
  const notify = { success: (text: string) => shown.push({ intent: "success", text }), error: (text: string) => shown.push({ intent: "error", text }) };
  const store = Model.create();
  const api = settingsDocumentService({ http, clock: manualClock(), notify, language }, store, { read, save, subject: "dialing-sequence" });
  return { store, api, shown, gateway };
}

describe("a settings document page", () => {
  it("loads the document with its last change, is dirty only while the draft differs, and saves the whole set", async () => {
    const { store, api, shown, gateway } = setUp(() => ({ status: 204 }));
    await api.load();
    expect(store.saved).toEqual({ sequence: [0, 30] });
    expect(store.lastChange?.by).toBe("Alex Morgan");
    expect(store.dirty).toBe(false);
    api.edit({ sequence: [0, -5, 60] });
    expect(store.dirty).toBe(true);
    expect(await api.save()).toBe(true);
    expect(gateway.requests.find((r) => r.method === "PUT")?.body).toEqual({ sequence: [0, -5, 60] });
    // Read back: the negative the gateway made 0.
    expect(store.saved).toEqual({ sequence: [0, 0, 60] });
    expect(store.dirty).toBe(false);
    expect(shown).toEqual([{ intent: "success", text: "Changes applied successfully." }]);
  });

  it("keeps the draft and shows the first field error of a 422, beside its field", async () => {
    const { store, api, shown } = setUp(() => ({
      status: 422,
      data: { message: "The given data was invalid.", errors: { "sequence.1": ["Must be at most 1440"] } },
    }));
    await api.load();
    api.edit({ sequence: [0, 1500] });
    expect(await api.save()).toBe(false);
    expect(store.draft).toEqual({ sequence: [0, 1500] });
    expect(store.errorOf("sequence")).toBe("Must be at most 1440");
    expect(shown).toEqual([{ intent: "error", text: "Must be at most 1440" }]);
  });

  it("shows what the save endpoint's schema refuses as its 422 would, beside its field, without sending it", async () => {
    const { store, api, shown, gateway } = setUp(() => ({ status: 204 }));
    await api.load();
    api.edit({ sequence: [0, 1.5] });
    expect(await api.save()).toBe(false);
    expect(gateway.requests.some((r) => r.method === "PUT")).toBe(false);
    expect(store.draft).toEqual({ sequence: [0, 1.5] });
    expect(store.errorOf("sequence")).toBe("Must be a whole number");
    expect(store.errors).toEqual({ "sequence.1": ["Must be a whole number"] });
    expect(shown).toEqual([{ intent: "error", text: "Must be a whole number" }]);
  });

  it("says the page could not be read when the gateway refuses the document", async () => {
    const { store, api, gateway } = setUp(() => ({ status: 204 }));
    gateway.reply(read, { status: 403, data: { message: "This action is unauthorized." } });
    await api.load();
    expect(store.phase).toBe("failed");
    expect(store.message).toBe("You are not authorized to do that.");
  });

  it.each([
    [404, "en", "Could not find data location."],
    [403, "en", "You are not authorized to do that."],
    [403, "fr", "Vous n'êtes pas autorisé à faire cela."],
    [404, "es", "No se pudo encontrar la ubicación de los datos."],
  ] as const)("says the specification's text for a %i in %s", async (status, language, text) => {
    const { api, shown } = setUp(() => ({ status, data: { message: "Not found." } }), language);
    await api.load();
    api.edit({ sequence: [1] });
    await api.save();
    expect(shown.at(-1)).toEqual({ intent: "error", text });
  });

  it("shows the answer's errors for any other failure", () => {
    const e = Object.assign(new Error("x"), {
      isAxiosError: true,
      response: { status: 409, data: { message: "Someone else saved first." } },
    });
    expect(settingsRefusal(e, "en").message).toBe("Someone else saved first.");
    expect(settingsRefusal(new Error("offline"), "fr").message).toMatch(/n'ont pas pu être enregistrées/);
  });

  it("compares documents whatever their keys' order", () => {
    expect(sameDocument({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameDocument({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameDocument({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });
});
