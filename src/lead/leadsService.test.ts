// The leads service against a fake gateway and the manual clock: open (GET), persist (PUT, In Process),
// disposed, select and callLinked (the lead matcher moved the call) keep the stack's rules, and every new
// call's lead opens by itself, awaiting its disposition.
import axios from "axios";
import { describe, expect, it } from "vitest";
import { CallModel } from "../call/CallModel";
import type { CallSnapshot } from "../contract/calls";
import { API_BASE } from "../contract/common";
import { manualClock } from "../shared/clock";
import type { LeadView } from "../core/services";
import { fakeGateway, type Reply, type SeenRequest } from "../test/fakeGateway";
import { LeadsStack } from "./LeadsStack";
import { sampleWire } from "./leadFixture";
import { createLeadsService } from "./leadsService";

const t = ((key: string, o?: { defaultValue?: string }) => o?.defaultValue ?? key) as never;
type Handler = Reply | ((r: SeenRequest) => Reply | Promise<Reply>);

function setup(routes: Record<string, Handler> = {}, call = CallModel.create({})) {
  const gateway = fakeGateway({
    "GET /leads/7": { status: 200, data: { data: sampleWire({ id: 7 }) } },
    "GET /leads/8": { status: 200, data: { data: sampleWire({ id: 8, firstName: "Lee" }) } },
    "GET /leads/9": { status: 200, data: { data: sampleWire({ id: 9 }) } },
    "PUT /leads/7": { status: 204 },
    ...routes,
  });
  const store = LeadsStack.create({});
  const logged: string[] = [];
  const leads = createLeadsService({
    http: axios.create({ baseURL: API_BASE, adapter: gateway.adapter }),
    clock: manualClock(Date.UTC(2026, 0, 5, 14)),
    t,
    store,
    call,
    log: (m) => logged.push(m),
  });
  const gets = () => gateway.requests.filter((r) => r.method === "GET").map((r) => r.url);
  return { gateway, store, leads, call, logged, gets };
}
const flush = () => new Promise((r) => setTimeout(r, 0));

const snap = (s: Partial<CallSnapshot>): CallSnapshot => ({
  callId: 31,
  leadId: 7,
  phone: "+15555550100",
  name: "Pat Doe",
  type: "inbound",
  direction: 1,
  status: "incoming",
  bridged: false,
  onHold: false,
  startedAt: "2026-01-05T14:00:00.000Z",
  answeredAt: null,
  endedAt: null,
  cause: null,
  leadStatus: "New",
  inboundAlert: false,
  conference: null,
  ...s,
});

describe("open", () => {
  it("loads the lead (GET /leads/{id}), maps it to camel case and makes it current", async () => {
    const { leads, gets } = setup();
    const lead = await leads.open(7);
    expect(gets()).toEqual(["/leads/7"]);
    expect(leads.current).toBe(lead);
    expect(lead).toMatchObject({
      id: 7,
      firstName: "Pat",
      phoneOther: ["5555550101", "5555550102"],
      state: "ny",
    });
    expect(leads.leadIds).toEqual([7]);
    expect(leads.awaitingDisposition).toBe(0);
  });

  it("gives plugins what the lead card shows: campaign, dials, CRE notes, inbound, redistributed follow-up", async () => {
    const { leads } = setup({
      "GET /leads/7": {
        status: 200,
        data: {
          data: sampleWire({
            id: 7,
            campaign: "Final Expense",
            dials: 4,
            creNotes: "Prefers email",
            isInbound: true,
            isRedistributedFollowup: true,
            qualifierName: "Sam Lee",
          }),
        },
      },
    });
    await leads.open(7);
    const view: LeadView = leads.current!;
    expect(view).toMatchObject({
      campaign: "Final Expense",
      dials: 4,
      creNotes: "Prefers email",
      isInbound: true,
      isRedistributedFollowup: true,
      qualifierName: "Sam Lee",
      state: "ny",
      timezone: "America/New_York",
    });
  });

  it("reads a lead without campaign or CRE notes as null and empty", async () => {
    const wire = { ...sampleWire({ id: 7 }), campaign: null, cre_notes: null };
    const { leads } = setup({ "GET /leads/7": { status: 200, data: { data: wire } } });
    await leads.open(7);
    expect(leads.current).toMatchObject({ campaign: null, creNotes: "", isRedistributedFollowup: false });
  });

  it("asks once for a lead opened twice at the same time", async () => {
    const { leads, gets } = setup();
    const [a, b] = await Promise.all([leads.open(7), leads.open(7, { awaitingDisposition: true })]);
    expect(a).toBe(b);
    expect(gets()).toEqual(["/leads/7"]);
    expect(leads.awaitingDisposition).toBe(1);
  });

  it("the newest open becomes current even when an older answer comes back later", async () => {
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const { leads } = setup({
      "GET /leads/7": async () => {
        await slow;
        return { status: 200, data: { data: sampleWire({ id: 7 }) } };
      },
    });
    const first = leads.open(7);
    await leads.open(8);
    release();
    await first;
    expect(leads.current?.id).toBe(8);
    expect(leads.leadIds).toEqual([8, 7]);
  });

  it("rejects with the gateway's message and leaves the stack as it was", async () => {
    const { leads } = setup({
      "GET /leads/5": { status: 403, data: { message: "This action is unauthorized." } },
    });
    await expect(leads.open(5)).rejects.toThrow("This action is unauthorized.");
    expect(leads.leadIds).toEqual([]);
    expect(leads.current).toBeNull();
  });
});

describe("persist", () => {
  it("sends the edited fields in snake case (PUT /leads/{id}) and keeps them on the lead", async () => {
    const { leads, gateway } = setup();
    const lead = await leads.open(7);
    await leads.persist(7, {
      firstName: "Lee",
      address: { apartment: "4B" },
      clients: [{ ...lead.clients[0]!, dob: "1960-01-01" }],
    });
    const put = gateway.requests.find((r) => r.method === "PUT")!;
    expect(put.url).toBe("/leads/7");
    expect(put.body).toMatchObject({
      first_name: "Lee",
      address: { apartment: "4B" },
      clients: [{ dob: "1960-01-01" }],
    });
    expect(put.body).not.toHaveProperty("override_status");
    expect(lead).toMatchObject({ firstName: "Lee", status: "New", persisted: true });
    expect(lead.address).toMatchObject({ apartment: "4B", valid: true });
    expect(lead.clients[0]!.dob).toBe("1960-01-01");
  });

  it("with overrideStatus the lead becomes In Process", async () => {
    const { leads, gateway } = setup();
    const lead = await leads.open(7);
    await leads.persist(7, { notes: "Call back" }, { overrideStatus: true });
    expect(gateway.requests.at(-1)!.body).toEqual({ notes: "Call back", override_status: true });
    expect(lead.status).toBe("In Process");
  });

  it("an address edit other than type, apartment or buzzer marks the address invalid", async () => {
    const { leads } = setup();
    const lead = await leads.open(7);
    await leads.persist(7, { address: { city: "Brooklyn" } });
    expect(lead.address).toMatchObject({ city: "Brooklyn", valid: false });
  });

  it.each([
    [{ email: "nope" }, "Email is not valid"],
    [{ clients: [{ dob: "2026-01-05" }] }, "The date of birth cannot be after yesterday."],
    [{ address: { postal: "K1A 0B1" } }, "Enter a valid zip code."],
    [{ nickname: "P" }, "Unknown lead fields: nickname"],
  ])("refuses %j before asking the gateway", async (fields, message) => {
    const { leads, gateway } = setup();
    await leads.open(7);
    await expect(leads.persist(7, fields)).rejects.toThrow(message);
    expect(gateway.requests.filter((r) => r.method === "PUT")).toEqual([]);
  });

  it("a refused save rejects with the gateway's first field error and marks the lead unsaved", async () => {
    const { leads } = setup({
      "PUT /leads/7": {
        status: 422,
        data: {
          message: "The given data was invalid.",
          errors: { "address.state": ["Unknown state or province"] },
        },
      },
    });
    const lead = await leads.open(7);
    await expect(leads.persist(7, { firstName: "Lee" })).rejects.toThrow("Unknown state or province");
    expect(lead).toMatchObject({ firstName: "Pat", persisted: false });
  });
});

describe("refresh", () => {
  it("reads a lead of the stack again (a booking changed it): new fields, same order, current and awaiting", async () => {
    let firstName = "Pat";
    const { leads, gets } = setup({
      "GET /leads/7": () => ({ status: 200, data: { data: sampleWire({ id: 7, firstName }) } }),
    });
    await leads.open(7, { awaitingDisposition: true });
    await leads.open(8);
    leads.select(7);
    firstName = "Patricia";
    await leads.refresh(7);
    expect(leads.current).toMatchObject({ id: 7, firstName: "Patricia" });
    expect(leads.leadIds).toEqual([7, 8]);
    expect(leads.awaitingDisposition).toBe(1);
    await leads.refresh(8);
    expect(leads.current?.id).toBe(7);
    // A lead not in the stack is not read.
    await leads.refresh(99);
    expect(gets().filter((u) => u === "/leads/99")).toEqual([]);
  });

  it("a failed read rejects and keeps what is shown", async () => {
    let fail = false;
    const { leads } = setup({
      "GET /leads/7": () => (fail ? { status: 500, data: {} } : { status: 200, data: { data: sampleWire({ id: 7, firstName: "Pat" }) } }),
    });
    await leads.open(7);
    fail = true;
    await expect(leads.refresh(7)).rejects.toThrow();
    expect(leads.current).toMatchObject({ id: 7, firstName: "Pat" });
  });
});

describe("disposed and select", () => {
  it("a disposed lead leaves the stack and the last remaining lead becomes current", async () => {
    const { leads } = setup();
    await leads.open(7, { awaitingDisposition: true });
    await leads.open(8);
    await leads.open(9, { awaitingDisposition: true });
    leads.select(8);
    expect(leads.current?.id).toBe(8);
    leads.disposed(9, "Voicemail");
    expect(leads.leadIds).toEqual([7, 8]);
    expect(leads.current?.id).toBe(8);
    expect(leads.awaitingDisposition).toBe(1);
    leads.disposed(8, "Not Interested");
    expect(leads.current?.id).toBe(7);
    leads.select(8);
    expect(leads.current?.id).toBe(7);
  });
});

describe("callLinked", () => {
  it("the linked lead becomes current and awaits the disposition; the lead the call left leaves the stack", async () => {
    const { leads, gets } = setup();
    await leads.open(9);
    await leads.open(7, { awaitingDisposition: true });
    const linked = await leads.callLinked(7, 8);
    expect(gets()).toEqual(["/leads/9", "/leads/7", "/leads/8"]);
    expect(linked).toBe(leads.current);
    expect(leads.current).toMatchObject({ id: 8, firstName: "Lee" });
    expect(leads.leadIds).toEqual([9, 8]);
    expect(leads.awaitingDisposition).toBe(1);
  });

  it("agrees with the call's push, whichever comes first", async () => {
    const { leads, call } = setup();
    call.apply(snap({ callId: 40, leadId: 7 }));
    await flush();
    call.apply(snap({ callId: 40, leadId: 8 }));
    await leads.callLinked(7, 8);
    await flush();
    expect(leads.leadIds).toEqual([8]);
    expect(leads.current?.id).toBe(8);
    expect(leads.awaitingDisposition).toBe(1);
  });

  it("keeps the stack as it was when the linked lead cannot be loaded", async () => {
    const { leads } = setup({ "GET /leads/8": { status: 404, data: { message: "Not found." } } });
    await leads.open(7, { awaitingDisposition: true });
    await expect(leads.callLinked(7, 8)).rejects.toThrow("Not found.");
    expect(leads.leadIds).toEqual([7]);
    expect(leads.current?.id).toBe(7);
    expect(leads.awaitingDisposition).toBe(1);
  });
});

describe("the call's lead", () => {
  it("opens by itself when a call starts, awaiting its disposition; each new call adds its lead", async () => {
    const { leads, call, gets } = setup();
    call.dialing(31, 7, "5555550100", "Pat Doe", "manual");
    await flush();
    expect(gets()).toEqual(["/leads/7"]);
    expect(leads.current?.id).toBe(7);
    expect(leads.awaitingDisposition).toBe(1);

    // Pushes about the same call do not reopen it.
    call.apply(
      snap({ callId: 31, leadId: 7, type: "manual", direction: 0, status: "answered", bridged: true }),
    );
    call.apply(snap({ callId: 31, leadId: 7, type: "manual", direction: 0, status: "ended", bridged: true }));
    await flush();
    expect(gets()).toEqual(["/leads/7"]);

    call.apply(snap({ callId: 32, leadId: 8 }));
    await flush();
    expect(leads.leadIds).toEqual([7, 8]);
    expect(leads.current?.id).toBe(8);
    expect(leads.awaitingDisposition).toBe(2);

    leads.disposed(8, "Voicemail");
    expect(leads.awaitingDisposition).toBe(1);
    expect(leads.current?.id).toBe(7);
  });

  // The lead card shows the call's lead from the first ring: the gateway's first snapshot of every call (the
  // `call` push of a dial it placed, with status dialing, or the `incoming` push) already names the lead.
  it.each([
    ["auto", 0, "dialing"],
    ["follow-up", 0, "dialing"],
    ["callback", 0, "dialing"],
    ["manual", 0, "dialing"],
    ["inbound", 1, "incoming"],
    ["transfer", 1, "incoming"],
  ] as const)("opens the lead of a %s call at its first snapshot (%s), before any answer", async (type, direction, status) => {
    const { leads, call } = setup();
    call.apply(snap({ callId: 80, leadId: 7, type, direction, status, bridged: false, answeredAt: null }));
    await flush();
    expect(leads.current?.id).toBe(7);
    expect(leads.awaitingDisposition).toBe(1);
  });

  it("opens the lead when the browser's own dial is accepted, before the gateway's first push", async () => {
    const { leads, call, gets } = setup();
    call.dialing(90, 8, "5555550100", "Lee Doe", "follow-up");
    await flush();
    expect(gets()).toEqual(["/leads/8"]);
    expect(leads.current?.id).toBe(8);
    // The gateway's dialing push of the same call opens nothing more.
    call.apply(snap({ callId: 90, leadId: 8, type: "follow-up", direction: 0, status: "dialing" }));
    await flush();
    expect(gets()).toEqual(["/leads/8"]);
  });

  it.each([
    ["busy", "before its lead has loaded"],
    ["no-answer", "after its lead has loaded"],
  ] as const)("a dial that never reached the lead (%s, %s) asks no disposition: the lead shows, awaiting nothing", async (cause, when) => {
    const { leads, call } = setup();
    const failed = snap({ callId: 50, leadId: 7, type: "auto", direction: 0, status: "not_answered", cause });
    call.apply(snap({ callId: 50, leadId: 7, type: "auto", direction: 0, status: "dialing" }));
    if (when.startsWith("before")) call.apply(failed);
    await flush();
    if (when.startsWith("after")) {
      expect(leads.awaitingDisposition).toBe(1);
      call.apply(failed);
    }
    expect(leads.current?.id).toBe(7);
    expect(leads.awaitingDisposition).toBe(0);
    // The next call's lead waits for its disposition as ever.
    call.apply(snap({ callId: 51, leadId: 8, type: "auto", direction: 0, status: "dialing" }));
    await flush();
    expect(leads.awaitingDisposition).toBe(1);
  });

  it("a dial that never reached its lead asks no disposition even when the next call starts before that lead has loaded", async () => {
    // A busy line ends within a second or two; the auto-dialler places the next dial at once; on a loaded
    // machine the first lead's GET answers after both. The first lead must not wait for a disposition.
    let answerSeven: () => void = () => {};
    const { leads, call } = setup({
      "GET /leads/7": () =>
        new Promise<Reply>((resolve) => {
          answerSeven = () => resolve({ status: 200, data: { data: sampleWire({ id: 7 }) } });
        }),
    });
    call.apply(snap({ callId: 50, leadId: 7, type: "auto", direction: 0, status: "dialing" }));
    call.apply(snap({ callId: 50, leadId: 7, type: "auto", direction: 0, status: "not_answered", cause: "busy" }));
    call.apply(snap({ callId: 51, leadId: 8, type: "auto", direction: 0, status: "dialing" }));
    await flush();
    answerSeven();
    await flush();
    await flush();
    expect(leads.leadIds).toEqual(expect.arrayContaining([7, 8]));
    expect(leads.awaitingDisposition).toBe(1);
    // The one waiting is the call that is on: disposing it leaves nothing to dispose.
    leads.disposed(8, "Voicemail");
    expect(leads.awaitingDisposition).toBe(0);
  });

  it("a call whose lead changes hands the wait over to the new lead", async () => {
    const { leads, call } = setup();
    call.apply(snap({ callId: 40, leadId: 7 }));
    await flush();
    call.apply(snap({ callId: 40, leadId: 8 }));
    await flush();
    expect(leads.leadIds).toEqual([7, 8]);
    expect(leads.awaitingDisposition).toBe(1);
    expect(leads.current?.id).toBe(8);
  });

  it("opens the lead of a call already under way when the service starts", async () => {
    const call = CallModel.create({});
    call.apply(snap({ callId: 50, leadId: 9 }));
    const { leads } = setup({}, call);
    await flush();
    expect(leads.current?.id).toBe(9);
    expect(leads.awaitingDisposition).toBe(1);
  });

  it("logs a call's lead it could not open; a call without a lead opens nothing", async () => {
    const { leads, call, logged, gets } = setup();
    call.apply(snap({ callId: 60, leadId: 404 }));
    await flush();
    expect(logged).toEqual(["Could not open the call's lead."]);
    call.apply(snap({ callId: 61, leadId: null }));
    await flush();
    expect(gets()).toEqual(["/leads/404"]);
    expect(leads.leadIds).toEqual([]);
  });

  it("stops following calls once disposed", async () => {
    const { leads, call, gets } = setup();
    leads.dispose();
    call.apply(snap({ callId: 70, leadId: 7 }));
    await flush();
    expect(gets()).toEqual([]);
  });
});
