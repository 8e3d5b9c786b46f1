// The lead lists' service and slice without the page: the import's pace from its successive updates on the
// plugin's clock, late answers that never take an import back, the poll only while the page shows an import under
// way, the mapping's rules (one column per field, up to five other phones), and the upload's raw call.
import axios from "axios";
import { describe, expect, it } from "vitest";
import { API_BASE } from "../../src/contract/common";
import { listLeadCampaigns } from "../../src/contract/leadBook";
import { fakeGateway, manualClock, pluginContext, reply } from "../../src/sdk/testing";
import { leadImportChanged, readLeadImport, readLeadImports, readLeadLists, type LeadImport } from "./contract";
import { fieldsOf, LeadListsModel, mappingOf } from "./model";
import { createLeadListsService, POLL_MS } from "./service";
import { uploadFile, uploadName } from "./upload";

const base: LeadImport = {
  id: 7,
  file_name: "leads.csv",
  file_bytes: 100,
  columns: ["id", "first", "last", "phone", "cell", "work", "home", "fax", "pager", "email"],
  preview: [],
  mapping: { marketing_id: 0, first_name: 1, last_name: 2, phone: 3 },
  mapping_remembered: false,
  campaign_id: null,
  state: "running",
  dry_run: null,
  list_id: 3,
  rows_total: 10_000,
  rows_done: 0,
  counts: {},
  error: null,
  created_at: "2026-01-05T13:50:00.000Z",
  created_by: null,
  started_at: "2026-01-05T13:55:00.000Z",
  finished_at: null,
};
const at = (rows_done: number, over: Partial<LeadImport> = {}): LeadImport => ({ ...base, rows_done, ...over });

function setUp(imports: LeadImport[] = []) {
  const gateway = fakeGateway([
    reply(readLeadLists, { status: 200, data: { data: [] } }),
    reply(readLeadImports, { status: 200, data: { data: imports } }),
    reply(listLeadCampaigns, { status: 200, data: { data: [] } }),
  ]);
  const store = LeadListsModel.create({});
  const made = pluginContext({ store, gateway, pushes: [leadImportChanged] });
  const api = createLeadListsService(made.ctx);
  return { ...made, store, api };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe("the import's pace", () => {
  it("counts rows per second over the updates of the last half minute, and the time left at that pace", () => {
    const store = LeadListsModel.create({});
    store.show(at(1000), 0);
    expect(store.pace).toBeNull(); // one update says nothing of a pace
    store.importChanged(at(3000), 2000);
    expect(store.pace).toEqual({ rowsPerSecond: 1000, secondsLeft: 7 });
    // The window slides: updates older than 30 s no longer count.
    store.importChanged(at(4000), 32_000);
    store.importChanged(at(4500), 36_000);
    expect(store.pace?.rowsPerSecond).toBe(125); // (4500 - 4000) / 4 s
    store.importChanged(at(4500), 40_000);
    expect(store.pace?.rowsPerSecond).toBeCloseTo(500 / 8, 5);
    // Nothing written for a while: no time left to tell.
    store.importChanged(at(4500), 80_000);
    store.importChanged(at(4500), 82_000);
    expect(store.pace).toEqual({ rowsPerSecond: 0, secondsLeft: null });
  });

  it("drops an older update and never takes an ended import back", () => {
    const store = LeadListsModel.create({});
    store.show(at(1000), 0);
    store.importChanged(at(800), 1000); // a poll answered after a later push
    expect(store.current?.rows_done).toBe(1000);
    store.importChanged(at(10_000, { state: "done" }), 2000);
    store.importChanged(at(9000), 3000);
    expect(store.current?.state).toBe("done");
    expect(store.imports.map((i) => i.state)).toEqual(["done"]);
    expect(store.pace).toBeNull();
  });
});

describe("the mapping", () => {
  it("keeps one column per field, the other phones on up to five columns, and reads back as the wire has it", () => {
    const store = LeadListsModel.create({});
    store.show(at(0, { state: "uploaded", mapping: { marketing_id: 0, first_name: 1, last_name: 2, phone: 3, phone_other: [4] } }), 0);
    store.setField(9, "first_name"); // moves the first name: column 1 is no longer imported
    expect(store.fields[1]).toBeNull();
    for (const c of [5, 6, 7, 8]) store.setField(c, "phone_other");
    store.setField(1, "phone_other"); // a sixth: refused
    expect(store.otherPhones).toBe(5);
    expect(store.mapping).toEqual({ marketing_id: 0, last_name: 2, phone: 3, phone_other: [4, 5, 6, 7, 8], first_name: 9 });
    store.setField(3, null);
    expect(store.missingFields).toEqual(["phone"]);
    expect(mappingOf(fieldsOf({ phone: 2, phone_other: [0, 1] }, 3))).toEqual({ phone: 2, phone_other: [0, 1] });
  });
});

describe("following an import", () => {
  it("shows an import under way again on load and polls it every 2 s only while the page watches", async () => {
    const { api, store, gateway, clock, push } = setUp([at(100)]);
    gateway.reply(readLeadImport, { status: 200, data: { data: at(600) } });
    const release = api.watch();
    await settle();
    expect(store.current?.id).toBe(7);
    clock.advance(POLL_MS);
    await settle();
    expect(store.current?.rows_done).toBe(600);
    expect(api.pace()).toEqual({ rowsPerSecond: 250, secondsLeft: 37.6 });
    push(leadImportChanged.name, at(1000));
    expect(store.current?.rows_done).toBe(1000);

    release();
    const polls = gateway.requests.filter((r) => r.path === "/lead-imports/7").length;
    clock.advance(POLL_MS * 5);
    await settle();
    expect(gateway.requests.filter((r) => r.path === "/lead-imports/7").length).toBe(polls);
    api.dispose();
  });

  it("reads the lists again when an import ends", async () => {
    const { api, gateway, push } = setUp([at(100)]);
    const release = api.watch();
    await settle();
    const reads = () => gateway.requests.filter((r) => r.path === "/lead-lists").length;
    expect(reads()).toBe(1);
    push(leadImportChanged.name, at(10_000, { state: "done", counts: { created: 10_000 } }));
    await settle();
    expect(reads()).toBe(2);
    push(leadImportChanged.name, at(10_000, { state: "done", counts: { created: 10_000 } }));
    await settle();
    expect(reads()).toBe(2);
    release();
    api.dispose();
  });
});

describe("the upload", () => {
  it("sends the file itself as text/csv, reports its bytes sent, and words a refusal by its status", async () => {
    const seen: { url?: string; type?: string; body?: unknown }[] = [];
    const progress: [number, number][] = [];
    let answer = { status: 201, data: { data: at(0, { state: "uploaded", list_id: null, rows_total: null }) } } as { status: number; data: unknown };
    const http = axios.create({
      baseURL: API_BASE,
      adapter: async (config) => {
        seen.push({ url: config.url, type: String(config.headers["Content-Type"]), body: config.data });
        config.onUploadProgress?.({ loaded: 50, total: 100, bytes: 50, lengthComputable: true } as never);
        config.onUploadProgress?.({ loaded: 100, total: 100, bytes: 50, lengthComputable: true } as never);
        if (answer.status >= 400) {
          const error = new axios.AxiosError("refused", "ERR_BAD_REQUEST", config, {}, {
            status: answer.status, statusText: "", headers: {}, config, data: answer.data,
          });
          throw error;
        }
        return { status: answer.status, statusText: "", headers: {}, config, data: answer.data };
      },
    });
    const file = new File(["id,first\n"], "Spring leads.csv", { type: "text/csv" });
    const clock = manualClock();
    const done = await uploadFile(http, clock, file, (loaded, total) => progress.push([loaded, total]));
    expect(done.ok && done.data.id).toBe(7);
    expect(seen[0]).toEqual({ url: "/lead-imports?file_name=Spring+leads.csv", type: "text/csv", body: file });
    expect(progress).toEqual([[50, 100], [100, 100]]);

    answer = { status: 422, data: { message: "The file is empty." } };
    const refused = await uploadFile(http, clock, file, () => {});
    expect(refused).toMatchObject({ ok: false, status: 422, message: "The file is empty." });
  });

  it("keeps the file name within 200 characters, its extension kept", () => {
    expect(uploadName("  leads.csv ")).toBe("leads.csv");
    expect(uploadName("")).toBe("leads.csv");
    const long = `${"a".repeat(300)}.csv`;
    expect(uploadName(long)).toHaveLength(200);
    expect(uploadName(long).endsWith(".csv")).toBe(true);
  });
});
