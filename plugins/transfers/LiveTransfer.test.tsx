// The live transfer as a qualifier runs it from the transfers widget (agent-workspace §4 Live transfer, §5 the
// button's rule, §8 'live_transfers.canceled'): renderPlugin() with a fake call the test moves through the
// snapshots the gateway pushes, a fake gateway for the live-transfer routes, a fake dispositions API and an
// observable stand-in for the booking wizard's postal-code state.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { observable, runInAction } from "mobx";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TransferState } from "../../src/contract/calls";
import { listAvailableAdvisors } from "../../src/contract/geo";
import { answerLiveTransfer, startLiveTransfer, stopLiveTransfer } from "../../src/contract/liveTransfers";
import { callKey, leadsKey } from "../../src/sdk";
import {
  fakeCallControl,
  fakeGateway,
  fakeLeads,
  leadView,
  provide,
  renderPlugin,
  reply,
  type EndpointHandler,
  type FakeReply,
} from "../../src/sdk/testing";
import { bookingApi, type BookingApi, type LeadAddressCheck } from "../booking/api";
import { dispositionsApi, type DispositionPreset, type DispositionsApi } from "../dispositions/api";
import plugin from "./index";

const LEAD = 31;
const NOW = Date.UTC(2026, 0, 5, 14, 0, 0); // renderPlugin's clock
const STARTED = new Date(NOW).toISOString();
const AVA = { id: 51, name: "Ava Stone", extension: "2051" };

const started: FakeReply<typeof startLiveTransfer> = {
  status: 201,
  data: {
    data: {
      id: 5,
      lead_id: LEAD,
      state: "looking_for_advisor",
      team: "advisors",
      notes: "",
      advisor: null,
      offered: 0,
      started_at: STARTED,
    },
  },
};
type Count = FakeReply<typeof listAvailableAdvisors>;
const advisors = (ready: number, notified: number): Count => ({
  status: 200,
  data: {
    data: [],
    meta: {
      count: ready + notified,
      available: ready + notified > 0,
      threshold: 3,
      radius_km: 25,
      precision: "postal",
      health_state: null,
      live_transfer: { ready, notified },
    },
  },
});

/** The gateway's answers for the lead (another lead's: 404); a test may replace one on the way (m.answers). */
interface LiveAnswers {
  start: EndpointHandler<typeof startLiveTransfer>;
  stop: EndpointHandler<typeof stopLiveTransfer>;
  leave: EndpointHandler<typeof answerLiveTransfer>;
  /** The advisors' count (GET /agents/available-advisors?lead_id). */
  poll: EndpointHandler<typeof listAvailableAdvisors>;
}
/** An answer as the fake takes it: a reply, or a function of the request. */
const answered = <R, A>(handler: A | ((req: R) => A), req: R): A =>
  typeof handler === "function" ? (handler as (req: R) => A)(req) : handler;

interface MountOptions {
  language?: "en" | "fr" | "es";
  /** The lead's state in the stack (null: unknown). */
  state?: string | null;
  /** The booking wizard's address; undefined: the booking plugin is off. */
  booking?: { checkingPostal?: boolean; leadAddress?: LeadAddressCheck | null; saveDraft?: () => Promise<boolean> };
  answers?: Partial<LiveAnswers>;
}

async function mount(o: MountOptions = {}) {
  const call = fakeCallControl();
  const leads = fakeLeads([leadView({ id: LEAD, state: o.state === undefined ? "tx" : o.state })]);
  const presets: { leadId: number; preset: DispositionPreset }[] = [];
  const dispositions = {
    preset: (leadId: number, preset: DispositionPreset) => void presets.push({ leadId, preset }),
    clearPreset: vi.fn(),
    recorded: vi.fn(),
  } as unknown as DispositionsApi;
  const booking = o.booking
    ? observable({ checkingPostal: false, leadAddress: null, watch: () => () => {}, saveDraft: async () => true, ...o.booking })
    : null;
  const answers: LiveAnswers = {
    start: started,
    stop: { status: 204 },
    leave: { status: 201, data: { data: { lead_id: LEAD, advisor_id: 51, disposition_id: 9 } } },
    poll: advisors(2, 1),
    ...o.answers,
  };
  const gateway = fakeGateway([
    reply(startLiveTransfer, (req) => (req.params.leadId === LEAD ? answered(answers.start, req) : { status: 404 })),
    reply(stopLiveTransfer, (req) => (req.params.leadId === LEAD ? answered(answers.stop, req) : { status: 404 })),
    reply(answerLiveTransfer, (req) => (req.params.leadId === LEAD ? answered(answers.leave, req) : { status: 404 })),
    reply(listAvailableAdvisors, (req) => (req.query.lead_id === LEAD ? answered(answers.poll, req) : { status: 404 })),
  ]);
  const view = await renderPlugin(plugin, {
    gateway,
    language: o.language,
    flags: {},
    services: [
      provide(callKey, call.control),
      provide(leadsKey, leads.control),
      provide(dispositionsApi, dispositions),
      ...(booking ? [provide(bookingApi, booking as unknown as BookingApi)] : []),
    ],
  });
  const user = userEvent.setup({ advanceTimers: (ms) => view.clock.advance(ms) });
  const panel = screen.getByRole("region", { name: /Transfers|Transferts/ });
  const polls = () => gateway.requests.filter((r) => r.path === listAvailableAdvisors.path).length;
  return { ...view, call, leads, presets, dispositions, booking, user, gateway, answers, panel, polls };
}
type Mounted = Awaited<ReturnType<typeof mount>>;

/** A call snapshot as the gateway pushes it, with the live transfer where it stands. */
function onCall(
  m: Mounted,
  live: Omit<Partial<TransferState>, "live"> & {
    live?: Partial<NonNullable<TransferState["live"]>> | null;
  } = {},
) {
  const { live: state, ...rest } = live;
  const transfer: TransferState | null =
    state === undefined && Object.keys(rest).length === 0
      ? null
      : {
          kind: "live",
          level: 1,
          party: null,
          name: null,
          outcome: null,
          message: null,
          disposition: null,
          ...rest,
          live:
            state === null
              ? null
              : {
                  transfer_id: 5,
                  state: "looking_for_advisor",
                  advisor: null,
                  joined: false,
                  started_at: STARTED,
                  ...state,
                },
        };
  act(() => m.call.push({ callId: 7, leadId: LEAD, conference: null, transfer }));
}
const accepted = (joined = false) => ({
  party: AVA.extension,
  name: AVA.name,
  disposition: { disposition: "Live_Transfer" as const, reason: null, saved: false },
  live: { state: "done" as const, advisor: AVA, joined },
});

const startButton = (m: Mounted) => within(m.panel).findByRole("button", { name: "Live transfer" });

describe("starting a live transfer", { timeout: 20_000 }, () => {
  it("comes first in the type select, and sends the notes for the advisor with the advisors team", async () => {
    const m = await mount();
    onCall(m);
    expect(await within(m.panel).findByRole("combobox", { name: "Transfer type" })).toHaveDisplayValue(
      "Live Transfer",
    );
    const notes = within(m.panel).getByRole("textbox", { name: "Notes for the advisor" });
    await m.user.type(notes, "Wants term life, speaks slowly");
    await m.user.click(await startButton(m));
    const post = m.gateway.requests.find((r) => r.method === "POST")!;
    expect(post.url).toBe(`/live-transfers/${LEAD}`);
    expect(post.body).toEqual({ notes: "Wants term life, speaks slowly", team: "advisors" });
    await waitFor(() => expect(notes).toHaveValue(""));
  });

  it("waits for an answered call", async () => {
    const m = await mount();
    act(() => m.call.push({ callId: 7, leadId: LEAD, status: "dialing", bridged: false, answeredAt: null }));
    expect(
      await within(m.panel).findByText("Transfers are available while you are on a call."),
    ).toBeInTheDocument();
    expect(within(m.panel).queryByRole("button", { name: "Live transfer" })).toBeNull();
  });

  it("without the booking wizard, needs the lead's state: else disabled, saying what is missing", async () => {
    const m = await mount({ state: null });
    onCall(m);
    const start = await startButton(m);
    expect(start).toBeDisabled();
    const why = "Validate the ZIP or postal code (or choose the state) before a live transfer.";
    expect(within(m.panel).getByText(why)).toBeInTheDocument();
    expect(start).toHaveAccessibleDescription(why);
  });

  it("with the booking wizard, needs its address validated and a state, and waits while a postal code is checked", async () => {
    const why = "Validate the ZIP or postal code (or choose the state) before a live transfer.";
    const m = await mount({
      state: null,
      booking: { leadAddress: { leadId: LEAD, valid: false, postalValidated: false, region: "tx" } },
    });
    onCall(m);
    const start = await startButton(m);
    // An address edited since its check: not validated.
    expect(start).toBeDisabled();
    expect(within(m.panel).getByText(why)).toBeInTheDocument();

    const set = (patch: Partial<{ checkingPostal: boolean; leadAddress: LeadAddressCheck | null }>) =>
      act(() => runInAction(() => Object.assign(m.booking!, patch)));
    set({ checkingPostal: true });
    expect(start).toBeDisabled();
    expect(within(m.panel).queryByText(why)).toBeNull();
    expect(within(m.panel).getByRole("status")).toHaveTextContent("Checking the postal code…");

    set({
      checkingPostal: false,
      leadAddress: { leadId: LEAD, valid: true, postalValidated: true, region: "tx" },
    });
    expect(start).toBeEnabled();
    expect(within(m.panel).queryByText(why)).toBeNull();

    // Not found, no state chosen yet: waits for the state; chosen: goes.
    set({ leadAddress: { leadId: LEAD, valid: true, postalValidated: false, region: null } });
    expect(start).toBeDisabled();
    expect(within(m.panel).getByText(why)).toBeInTheDocument();
    set({ leadAddress: { leadId: LEAD, valid: true, postalValidated: false, region: "tx" } });
    expect(start).toBeEnabled();
  });

  it("saves the booking as typed before it asks for an advisor, so the advisor continues it", async () => {
    const order: string[] = [];
    const m = await mount({
      booking: {
        leadAddress: { leadId: LEAD, valid: true, postalValidated: true, region: "ny" },
        saveDraft: async () => {
          order.push("draft saved");
          return true;
        },
      },
      answers: {
        start: () => {
          order.push("live transfer asked");
          return started;
        },
      },
    });
    onCall(m);
    await m.user.click(await startButton(m));
    await waitFor(() => expect(order).toEqual(["draft saved", "live transfer asked"]));
  });

  it("tells the agent the gateway's refusal, in the agent's language", async () => {
    const m = await mount({
      language: "fr",
      answers: {
        start: {
          status: 422,
          data: { message: "live_transfers.zip_state_requirements" },
        },
      },
    });
    onCall(m);
    await m.user.click(await within(m.panel).findByRole("button", { name: "Transfert en direct" }));
    expect(m.notify.shown).toContainEqual({
      intent: "error",
      text: "Validez le code postal (ou choisissez la province ou l'État) avant un transfert en direct.",
    });

    m.answers.start = {
      status: 409,
      data: { message: "A live transfer of this lead is already in progress." },
    };
    await m.advance(1000);
    await m.user.click(within(m.panel).getByRole("button", { name: "Transfert en direct" }));
    expect(m.notify.shown).toContainEqual({
      intent: "error",
      text: "Un transfert en direct de ce prospect est déjà en cours.",
    });
  });
});

describe("looking for an advisor", { timeout: 20_000 }, () => {
  it("shows the time spent and the advisors who could take the lead, counted every 5 s", async () => {
    const m = await mount();
    onCall(m, { live: {} });
    expect(await within(m.panel).findByRole("status")).toHaveTextContent("Looking for an advisor…");
    expect(within(m.panel).getByRole("timer")).toHaveTextContent("0 s");
    expect(await within(m.panel).findByText("2 advisors available, 1 notified")).toBeInTheDocument();
    expect(within(m.panel).queryByRole("button", { name: "Live transfer" })).toBeNull();
    expect(within(m.panel).getByRole("combobox", { name: "Transfer type" })).toBeDisabled();
    expect(m.polls()).toBe(1);

    m.answers.poll = advisors(1, 0);
    await m.advance(5000);
    expect(m.polls()).toBe(2);
    expect(within(m.panel).getByText("1 advisor available, 0 notified")).toBeInTheDocument();
    expect(within(m.panel).getByRole("timer")).toHaveTextContent("5 s");
    await m.advance(5000);
    expect(m.polls()).toBe(3);

    // Found: no more counting.
    onCall(m, accepted());
    await m.advance(20_000);
    expect(m.polls()).toBe(3);
    expect(within(m.panel).queryByText(/advisors? available/)).toBeNull();
  });

  it("asks again only once the previous count is answered", async () => {
    let answer: (r: Count) => void = () => {};
    const m = await mount({
      answers: { poll: () => new Promise<Count>((resolve) => (answer = resolve)) },
    });
    onCall(m, { live: {} });
    await waitFor(() => expect(m.polls()).toBe(1));
    await m.advance(20_000);
    expect(m.polls()).toBe(1);
    await act(async () => answer(advisors(3, 0)));
    expect(await within(m.panel).findByText("3 advisors available, 0 notified")).toBeInTheDocument();
    await m.advance(4999);
    expect(m.polls()).toBe(1);
    await m.advance(1);
    expect(m.polls()).toBe(2);
  });

  it("stops counting when the call ends", async () => {
    const m = await mount();
    onCall(m, { live: {} });
    await waitFor(() => expect(m.polls()).toBe(1));
    act(() =>
      m.call.push({
        callId: 7,
        leadId: LEAD,
        status: "ended",
        endedAt: new Date(NOW + 3000).toISOString(),
        transfer: {
          kind: "live",
          level: 1,
          party: null,
          name: null,
          outcome: "lead_hung_up",
          message: null,
          disposition: null,
          live: { transfer_id: 5, state: "canceled", advisor: null, joined: false, started_at: STARTED },
        },
      }),
    );
    await m.advance(20_000);
    expect(m.polls()).toBe(1);
  });

  it("stops counting when the panel goes", async () => {
    const m = await mount();
    onCall(m, { live: {} });
    await waitFor(() => expect(m.polls()).toBe(1));
    m.view.unmount(); // the panel only: the plugin stays set up
    m.clock.advance(20_000);
    expect(m.polls()).toBe(1);
  });

  it("offers Stop only from 10 s on; Stop ends the search and says so", async () => {
    const m = await mount();
    onCall(m, { live: {} });
    await within(m.panel).findByRole("timer");
    await m.advance(9000);
    expect(within(m.panel).getByRole("timer")).toHaveTextContent("9 s");
    expect(within(m.panel).queryByRole("button", { name: "Stop" })).toBeNull();
    await m.advance(1000);
    await m.user.click(within(m.panel).getByRole("button", { name: "Stop" }));
    expect(m.gateway.requests.filter((r) => r.method === "DELETE").map((r) => r.url)).toEqual([
      `/live-transfers/${LEAD}`,
    ]);
    expect(m.notify.shown).toContainEqual({ intent: "warning", text: "The live transfer was cancelled." });

    onCall(m, { outcome: "canceled", live: { state: "canceled" } });
    expect(within(m.panel).getByRole("status")).toHaveTextContent(
      "The live transfer was cancelled. The lead is still with you.",
    );
    expect(within(m.panel).queryByRole("button", { name: "Stop" })).toBeNull();
    // A new live transfer may start once the buttons have waited their second.
    await m.advance(1000);
    expect(within(m.panel).getByRole("button", { name: "Live transfer" })).toBeEnabled();
  });
});

describe("a search that finds nobody", { timeout: 20_000 }, () => {
  const choices = (m: Mounted) => within(m.panel).queryByRole("group", { name: "No advisor yet" });

  it("after a minute asks the qualifier to keep waiting, book instead or stop; keeping waiting asks again a minute later", async () => {
    const m = await mount({ booking: {} });
    // The booking wizard is on screen with the lead, so the meeting can be booked instead.
    Object.assign(m.booking!, { wizardStep: 0, showMeetingSetup: vi.fn(() => true) });
    onCall(m, { live: {} });
    await within(m.panel).findByRole("timer");
    await m.advance(59_000);
    expect(choices(m)).toBeNull();
    await m.advance(1000);
    const asked = choices(m)!;
    expect(asked).toHaveTextContent(
      "No advisor has taken the lead yet. Keep waiting, book the meeting instead, or stop?",
    );
    expect(within(asked).getAllByRole("button").map((b) => b.textContent)).toEqual(["Keep waiting", "Book instead", "Stop"]);
    // One Stop on screen: the question's.
    expect(within(m.panel).getAllByRole("button", { name: "Stop" })).toHaveLength(1);

    await m.user.click(within(asked).getByRole("button", { name: "Keep waiting" }));
    expect(choices(m)).toBeNull();
    expect(within(m.panel).getByRole("status")).toHaveTextContent("Looking for an advisor…");
    expect(m.gateway.requests.filter((r) => r.method === "DELETE")).toEqual([]);
    await m.advance(59_000);
    expect(choices(m)).toBeNull();
    await m.advance(2000);
    expect(choices(m)).not.toBeNull();
  });

  it("asks from the Stop delay on when no advisor could take the lead at all", async () => {
    const m = await mount({ answers: { poll: advisors(0, 0) } });
    onCall(m, { live: {} });
    expect(await within(m.panel).findByText("0 advisors available, 0 notified")).toBeInTheDocument();
    await m.advance(9000);
    expect(choices(m)).toBeNull();
    await m.advance(1000);
    expect(choices(m)).toHaveTextContent("No advisor can take this lead now: none is Ready or reachable.");
    // Without a booking wizard on screen, there is nothing to book in: keep waiting or stop.
    expect(within(choices(m)!).getAllByRole("button").map((b) => b.textContent)).toEqual(["Keep waiting", "Stop"]);
    await m.user.click(within(choices(m)!).getByRole("button", { name: "Stop" }));
    expect(m.gateway.requests.filter((r) => r.method === "DELETE").map((r) => r.url)).toEqual([`/live-transfers/${LEAD}`]);
  });

  it("books instead: the search stops and the wizard takes the agent to the meeting", async () => {
    const m = await mount({ booking: {}, answers: { poll: advisors(0, 0) }, language: "fr" });
    const showMeetingSetup = vi.fn(() => true);
    Object.assign(m.booking!, { wizardStep: 1, showMeetingSetup });
    onCall(m, { live: {} });
    await within(m.panel).findByRole("timer");
    await m.advance(10_000);
    const asked = within(m.panel).getByRole("group", { name: "Aucun conseiller pour l'instant" });
    await m.user.click(within(asked).getByRole("button", { name: "Prendre un rendez-vous" }));
    expect(m.gateway.requests.filter((r) => r.method === "DELETE").map((r) => r.url)).toEqual([`/live-transfers/${LEAD}`]);
    expect(showMeetingSetup).toHaveBeenCalledTimes(1);
    expect(m.notify.shown).toContainEqual({
      intent: "warning",
      text: "Le transfert en direct est arrêté : prenez le rendez-vous avec le client.",
    });
  });
});

describe("the qualifier's phone hung up before an advisor was on", () => {
  it("says the lead is on hold and the phone rings again, in the agent's language, until it is answered", async () => {
    const m = await mount({ language: "fr" });
    onCall(m, { live: { ringing_back: true } });
    expect(await within(m.panel).findByRole("status")).toHaveTextContent(
      "Votre téléphone sonne : répondez pour reprendre l'appel. Le prospect est en attente.",
    );
    onCall(m, { live: { ringing_back: false } });
    expect(within(m.panel).getByRole("status")).toHaveTextContent("Recherche d'un conseiller…");
  });
});

describe("the gateway's clock is not the page's", () => {
  it("counts the time and the Stop delay from when the page saw the search start", async () => {
    const m = await mount();
    // The gateway says the search started an hour ago by its clock: the page still waits its own 10 s.
    onCall(m, { live: { started_at: new Date(NOW - 3_600_000).toISOString() } });
    await within(m.panel).findByRole("timer");
    expect(within(m.panel).getByRole("timer")).toHaveTextContent("0 s");
    expect(within(m.panel).queryByRole("button", { name: "Stop" })).toBeNull();
    await m.advance(10_000);
    expect(within(m.panel).getByRole("button", { name: "Stop" })).toBeVisible();
  });
});

describe("a page reloaded while the search goes on (issue 38)", () => {
  afterEach(() => sessionStorage.clear());

  it("goes on counting the time and the Stop delay from when the tab first saw the search", async () => {
    const first = await mount();
    onCall(first, { live: {} });
    await within(first.panel).findByRole("timer");
    await first.advance(6_000);
    expect(within(first.panel).getByRole("timer")).toHaveTextContent("6 s");
    first.unmount();
    // The reloaded page, 6 s on by the tab's clock, is told of the same search.
    const again = await mount();
    await again.advance(6_000);
    onCall(again, { live: {} });
    expect(await within(again.panel).findByRole("timer")).toHaveTextContent("6 s");
    expect(within(again.panel).queryByRole("button", { name: "Stop" })).toBeNull();
    await again.advance(4_000);
    expect(within(again.panel).getByRole("button", { name: "Stop" })).toBeVisible();
    // Once the search is over the tab keeps nothing of it.
    onCall(again, { live: { state: "canceled" } });
    await waitFor(() => expect(sessionStorage.length).toBe(0));
  });
});

describe("an advisor accepted", { timeout: 20_000 }, () => {
  it("presets Live_Transfer, locked; once the advisor is on, Leave the call hands the lead over", async () => {
    const m = await mount();
    onCall(m, { live: {} });
    onCall(m, accepted());
    expect(await within(m.panel).findByRole("status")).toHaveTextContent(
      "Advisor Ava Stone (ext 2051) accepted. Ringing…",
    );
    expect(m.presets).toEqual([{ leadId: LEAD, preset: { disposition: "Live_Transfer", locked: true } }]);
    expect(within(m.panel).queryByRole("button", { name: "Leave the call" })).toBeNull();
    // The advisor is a live transfer's, not a third party to leave with the lead.
    act(() =>
      m.call.push({
        callId: 7,
        leadId: LEAD,
        conference: { state: "merged", party: AVA.extension },
        transfer: {
          kind: "live",
          level: 1,
          outcome: null,
          message: null,
          ...accepted(true),
          live: { transfer_id: 5, started_at: STARTED, ...accepted(true).live },
        },
      }),
    );
    expect(screen.getByText("No third party on this call.")).toBeInTheDocument();
    expect(within(m.panel).getByRole("status")).toHaveTextContent(
      "Ava Stone is on the call: introduce the lead, then leave.",
    );
    await m.user.click(within(m.panel).getByRole("button", { name: "Leave the call" }));
    const answer = m.gateway.requests.find((r) => r.url === `/transfer-answers/${LEAD}`)!;
    expect(answer.method).toBe("POST");
    expect(answer.body).toEqual({ qualifierExtension: "2042", phone: "+15555550100" });
    expect(m.presets).toHaveLength(1);
  });

  it("once the gateway stored the disposition, closes the lead through the dispositions plugin, once", async () => {
    const m = await mount();
    onCall(m, accepted(true));
    const done = {
      ...accepted(true),
      outcome: "completed" as const,
      disposition: { disposition: "Live_Transfer" as const, reason: null, saved: true },
    };
    onCall(m, done);
    onCall(m, done); // the hangup push repeats the snapshot
    expect(m.dispositions.recorded).toHaveBeenCalledTimes(1);
    expect(m.dispositions.recorded).toHaveBeenCalledWith(LEAD, "Live_Transfer");
    expect(m.notify.shown).toContainEqual({
      intent: "success",
      text: "The lead was handed over to Ava Stone.",
    });
    expect(m.dispositions.clearPreset).not.toHaveBeenCalled();
  });

  it("lost before the handover, gives the disposition back to the agent and offers a new live transfer", async () => {
    const m = await mount();
    onCall(m, accepted(true));
    onCall(m, {
      party: AVA.extension,
      name: AVA.name,
      outcome: "party_hung_up",
      live: { state: "canceled", advisor: AVA, joined: true },
    });
    expect(m.dispositions.clearPreset).toHaveBeenCalledWith(LEAD, "Live_Transfer");
    expect(m.dispositions.recorded).not.toHaveBeenCalled();
    expect(within(m.panel).getByRole("status")).toHaveTextContent(
      "The transfer party hung up. The lead is still with you.",
    );
    expect(await startButton(m)).toBeEnabled();
  });
});
