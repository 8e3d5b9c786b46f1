// The voicemail panel as a qualifier sees it: renderPlugin() with a fake call, status and leads stack, a fake
// gateway and the manual clock, driven by "voicemail-detection" pushes. The Voicemail is saved by the real
// dispositions plugin (the one writer of a lead's dispositions), on the same gateway, clock and leads stack.
import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CallSnapshot } from "../../src/contract/calls";
import { IDEMPOTENCY_HEADER } from "../../src/contract/dispositions";
import { callKey, leadsKey, statusKey } from "../../src/sdk";
import {
  fakeCallControl,
  fakeGateway,
  fakeLeads,
  fakeStatusControl,
  leadView,
  NETWORK_DOWN,
  pluginContext,
  provide,
  renderPlugin,
  type ManualClock,
  type RenderPluginOptions,
  type Reply,
} from "../../src/sdk/testing";
import { catalogue } from "../catalogue";
import { dispositionSaved, dispositionsApi, type DispositionsApi } from "../dispositions/api";
import type { VoicemailDetectionApi } from "./api";
import { EXCLUDED_LEAD_STATUSES } from "./eligibility";
import plugin from "./index";

const CALL = 7;
const LEAD = 31;
const SAVE = `POST /leads/${LEAD}/dispositions`;
const created: Reply = {
  status: 201,
  data: {
    data: {
      id: 1,
      lead_id: LEAD,
      call_id: CALL,
      disposition: "Voicemail",
      reason: null,
      reason_other: null,
      notes: "",
      date_time: null,
      short_call: false,
      created_at: "2026-01-05T14:00:12.000Z",
    },
  },
};
const IDLE = "No answering machine on this call.";
const HELD = "An automatic Voicemail disposition is under way for this lead.";
const description = (n: number) =>
  `An answering machine picked up. The lead will be disposed as Voicemail in ${n} seconds.`;

/**
 * The dispositions plugin as the registry sets it up (loaded from the product's catalogue, its manifest's
 * model, config and setup), sharing the panel's gateway, clock, call, status and leads stack. It is set up
 * once the panel's clock exists; the voicemail plugin asks nothing of it before a countdown.
 */
function lateDispositions() {
  let real: DispositionsApi | null = null;
  const now = (): DispositionsApi => {
    if (!real) throw new Error("the dispositions plugin is not set up yet");
    return real;
  };
  /** The holds taken and not released yet: the leads the disposition panel would show as held, and why. */
  const holds = new Set<{ leadId: number; reason: () => string }>();
  const api: DispositionsApi = {
    get saving() {
      return now().saving;
    },
    preset: (...a) => now().preset(...a),
    clearPreset: (...a) => now().clearPreset(...a),
    recorded: (...a) => now().recorded(...a),
    save: (...a) => now().save(...a),
    reschedule: (...a) => now().reschedule(...a),
    hold: (leadId, reason) => {
      const release = now().hold(leadId, reason);
      const hold = { leadId, reason };
      holds.add(hold);
      return () => {
        holds.delete(hold);
        release();
      };
    },
  };
  const setUp = async (shared: Parameters<typeof pluginContext>[0] & { clock: ManualClock }) => {
    const { default: dispositions } = await catalogue.dispositions();
    const { ctx } = pluginContext({
      ...shared,
      id: dispositions.id,
      store: dispositions.model!.create({}),
      config: dispositions.configSchema!.parse({}),
    });
    real = dispositions.setup!(ctx) as DispositionsApi;
  };
  const held = () => [...holds].map((h) => ({ leadId: h.leadId, reason: h.reason() }));
  return { api, setUp, held };
}

type MountOptions = Omit<RenderPluginOptions, "services"> & { call?: Partial<CallSnapshot> };

async function mount({ call: snapshot, ...options }: MountOptions = {}) {
  const call = fakeCallControl();
  call.push({ callId: CALL, leadId: LEAD, type: "auto", ...snapshot });
  const status = fakeStatusControl();
  const leads = fakeLeads([leadView({ id: LEAD })]);
  const gateway = options.gateway ?? fakeGateway({ [SAVE]: created });
  const dispositions = lateDispositions();
  const r = await renderPlugin<VoicemailDetectionApi>(plugin, {
    ...options,
    gateway,
    services: [
      provide(callKey, call.control),
      provide(statusKey, status.control),
      provide(leadsKey, leads.control),
      provide(dispositionsApi, dispositions.api),
    ],
  });
  await act(() =>
    dispositions.setUp({
      gateway,
      clock: r.clock,
      call: call.control,
      status: status.control,
      leads: leads.control,
    }),
  );
  await screen.findByText(/\S/, { selector: ".voicemail__idle" });
  const amd = (event: string, callId = CALL) =>
    r.push("voicemail-detection", { callId, leadId: LEAD, event, channel: "PJSIP/2042-00000007" });
  const saves = () => gateway.requests.filter((q) => `${q.method} ${q.url}` === SAVE);
  const keys = () => saves().map((q) => q.headers[IDEMPOTENCY_HEADER.toLowerCase()]);
  return {
    ...r,
    call,
    status: status.control,
    leads,
    gateway,
    keys,
    held: dispositions.held,
    amd,
    saves,
    machine: (callId?: number) => amd("AMD-Machine-Vm-WA", callId),
  };
}

describe("voicemail detection", () => {
  it("shows a countdown and what will happen when an answering machine picks up, and counts down each second", async () => {
    const { machine, advance, api } = await mount();
    await machine();

    expect(screen.getByRole("timer", { name: "10 seconds left" })).toHaveTextContent("10");
    expect(screen.getByText(description(10))).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Not a voicemail" })).toBeInTheDocument();
    expect(api.state).toMatchObject({
      active: true,
      phase: "counting",
      callId: CALL,
      leadId: LEAD,
      channel: "PJSIP/2042-00000007",
    });
    expect(api.busy).toBe(true);

    await advance(999);
    expect(screen.getByRole("timer")).toHaveTextContent("10");
    await advance(1);
    expect(screen.getByRole("timer", { name: "9 seconds left" })).toHaveTextContent("9");
    expect(screen.getByText(description(9))).toBeInTheDocument();
    await advance(8000);
    expect(screen.getByRole("timer", { name: "1 second left" })).toHaveTextContent("1");
    expect(
      screen.getByText("An answering machine picked up. The lead will be disposed as Voicemail in 1 second."),
    ).toBeInTheDocument();
  });

  it("lets the agent say it is not a voicemail: the call goes on and nothing is saved", async () => {
    const { machine, advance, user, call, saves, api } = await mount();
    await machine();
    await advance(3000);
    await user.click(screen.getByRole("button", { name: "Not a voicemail" }));

    expect(screen.getByText(IDLE)).toBeInTheDocument();
    expect(api.state.active).toBe(false);
    await advance(30_000);
    expect(call.hangups).toBe(0);
    expect(saves()).toHaveLength(0);

    // The detector repeating itself on the same call does not overrule the agent.
    await machine();
    expect(screen.queryByRole("timer")).not.toBeInTheDocument();
  });

  it("at 0 hangs up and sets Voicemail, then 1 s later saves it once with an idempotency key", async () => {
    const { machine, advance, call, saves, keys, api, notify } = await mount();
    await machine();
    await advance(9000);
    expect(call.hangups).toBe(0);

    await advance(1000);
    expect(call.hangups).toBe(1);
    expect(api.state).toMatchObject({ phase: "saving", disposition: "Voicemail" });
    expect(screen.getByText("Disposing the lead as Voicemail…")).toBeInTheDocument();
    await advance(999);
    expect(saves()).toHaveLength(0);

    await advance(1);
    await waitFor(() =>
      expect(notify.shown).toEqual([{ intent: "success", text: "Successfully disposed the lead!" }]),
    );
    expect(saves()).toHaveLength(1);
    expect(saves()[0]!.body).toEqual({
      disposition: {
        disposition: "Voicemail",
        notes: "",
        date_time: null,
        reason: null,
        reason_other: null,
        reschedule_followup: false,
        short_call: false,
      },
      call_id: CALL,
    });
    expect(keys()).toHaveLength(1);
    expect(keys()[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await screen.findByText(IDLE)).toBeInTheDocument();
    expect(api.state).toMatchObject({
      phase: "idle",
      disposition: null,
      lastDisposed: { leadId: LEAD, callId: CALL },
    });
    expect(api.busy).toBe(false);
  });

  it("retries a network failure or a 5xx with backoff on the clock, under the same key", async () => {
    const answers: (Reply | typeof NETWORK_DOWN)[] = [
      { status: 503, data: { message: "Unavailable" } },
      NETWORK_DOWN,
      created,
    ];
    const gateway = fakeGateway({ [SAVE]: () => answers.shift()! });
    const { machine, advance, saves, keys, notify } = await mount({ gateway });
    await machine();
    await advance(11_000);
    await waitFor(() => expect(saves()).toHaveLength(1));

    await advance(999);
    expect(saves()).toHaveLength(1);
    await advance(1);
    await waitFor(() => expect(saves()).toHaveLength(2));
    await advance(2000);
    await waitFor(() =>
      expect(notify.shown).toEqual([{ intent: "success", text: "Successfully disposed the lead!" }]),
    );
    expect(saves()).toHaveLength(3);
    expect(new Set(keys()).size).toBe(1);
  });

  it("uses a new key for the next voicemail", async () => {
    const { machine, advance, call, keys, saves } = await mount();
    await machine();
    await advance(11_000);
    await waitFor(() => expect(saves()).toHaveLength(1));
    call.push({ callId: CALL + 1, leadId: LEAD, type: "auto" });
    await machine(CALL + 1);
    await advance(11_000);
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(keys()[0]).not.toEqual(keys()[1]);
  });

  it("shows a refusal (422) as an error, without retrying it", async () => {
    const gateway = fakeGateway({
      [SAVE]: { status: 422, data: { message: "The given data was invalid." } },
    });
    const { machine, advance, saves, notify, api } = await mount({ gateway });
    await machine();
    await advance(11_000);

    const failure = "Could not dispose the lead. Please try again or contact support.";
    await waitFor(() => expect(notify.shown).toEqual([{ intent: "error", text: failure }]));
    expect(screen.getByRole("alert")).toHaveTextContent(failure);
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
    expect(api.state.phase).toBe("failed");
    await advance(60_000);
    expect(saves()).toHaveLength(1);
  });

  it("lets the agent try again, under the same key, once the automatic retries ran out", async () => {
    const gateway = fakeGateway({ [SAVE]: NETWORK_DOWN });
    const { machine, advance, saves, keys, notify, user } = await mount({ gateway });
    await machine();
    await advance(11_000);
    for (const n of [1, 2, 3]) {
      await waitFor(() => expect(saves()).toHaveLength(n));
      await advance(4000);
    }
    await waitFor(() => expect(saves()).toHaveLength(4));
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    expect(notify.shown.map((m) => m.intent)).toEqual(["error"]);

    gateway.routes[SAVE] = created;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() =>
      expect(notify.shown.at(-1)).toEqual({ intent: "success", text: "Successfully disposed the lead!" }),
    );
    expect(saves()).toHaveLength(5);
    expect(new Set(keys()).size).toBe(1);
  });

  it("asks for ready after the save when autoDialAfterVoicemail is on", async () => {
    const { machine, advance, status, notify } = await mount({ config: { autoDialAfterVoicemail: true } });
    await machine();
    await advance(11_000);
    await waitFor(() => expect(status.request).toHaveBeenCalledWith("ready"));
    expect(status.request).toHaveBeenCalledTimes(1);
    expect(notify.shown[0]?.intent).toBe("success");
  });

  it("leaves the agent in after-call work (asks for nothing) when the flag is off, the default", async () => {
    const { machine, advance, status, notify } = await mount();
    await machine();
    await advance(11_000);
    await waitFor(() => expect(notify.shown).toHaveLength(1));
    await advance(5000);
    expect(status.request).not.toHaveBeenCalled();
  });

  it("counts down the variant's countdownSeconds", async () => {
    const { machine, advance, call } = await mount({ config: { countdownSeconds: 3 } });
    await machine();
    expect(screen.getByRole("timer")).toHaveTextContent("3");
    expect(screen.getByText(description(3))).toBeInTheDocument();
    await advance(3000);
    expect(call.hangups).toBe(1);
  });

  it("stays inactive on talk and human-voice events", async () => {
    const { amd, advance, call, saves, api } = await mount();
    await amd("talk");
    await amd("AMD-Human-voice");
    await advance(20_000);
    expect(screen.getByText(IDLE)).toBeInTheDocument();
    expect(api.state).toMatchObject({ active: false, status: "AMD-Human-voice" });
    expect(call.hangups).toBe(0);
    expect(saves()).toHaveLength(0);
  });

  it("stops the countdown when the detector then hears a person", async () => {
    const { machine, amd, advance, call } = await mount();
    await machine();
    await advance(2000);
    await amd("AMD-Human-voice");
    expect(screen.getByText(IDLE)).toBeInTheDocument();
    await advance(20_000);
    expect(call.hangups).toBe(0);
  });

  it("clears on a hangup event, and when the call ends", async () => {
    const first = await mount();
    await first.machine();
    await first.amd("hangup");
    expect(screen.getByText(IDLE)).toBeInTheDocument();
    await first.advance(20_000);
    expect(first.call.hangups).toBe(0);
    first.unmount();

    const second = await mount();
    await second.machine();
    await second.advance(4000);
    act(() =>
      second.call.push({
        callId: CALL,
        leadId: LEAD,
        type: "auto",
        status: "ended",
        endedAt: "2026-01-05T14:00:20.000Z",
      }),
    );
    expect(await screen.findByText(IDLE)).toBeInTheDocument();
    await second.advance(20_000);
    expect(second.call.hangups).toBe(0);
    expect(second.saves()).toHaveLength(0);
  });

  it("ignores events of another call", async () => {
    const { machine, advance, call } = await mount();
    await machine(CALL - 1);
    expect(screen.queryByRole("timer")).not.toBeInTheDocument();
    await advance(20_000);
    expect(call.hangups).toBe(0);
  });

  it.each(EXCLUDED_LEAD_STATUSES)("never activates for a lead in %s", async (leadStatus) => {
    const { machine, advance, call } = await mount({ call: { leadStatus } });
    await machine();
    expect(screen.queryByRole("timer")).not.toBeInTheDocument();
    await advance(20_000);
    expect(call.hangups).toBe(0);
  });

  it.each([
    ["an inbound call", { type: "inbound", direction: 1 }],
    ["a transfer", { type: "transfer" }],
    ["a call without a lead", { leadId: null }],
  ] as const)("never activates on %s", async (_, over) => {
    const { push, advance, call } = await mount({ call: over });
    await push("voicemail-detection", {
      callId: CALL,
      leadId: null,
      event: "AMD-Machine-Vm-WA",
      channel: "x",
    });
    expect(screen.queryByRole("timer")).not.toBeInTheDocument();
    await advance(20_000);
    expect(call.hangups).toBe(0);
  });

  it("does nothing while no voicemail panel is on screen", async () => {
    const { machine, advance, view, call, api } = await mount();
    view.unmount();
    await machine();
    await advance(20_000);
    expect(api.state.phase).toBe("idle");
    expect(call.hangups).toBe(0);
  });

  it("is a qualifier's, on ISIUS only", async () => {
    await expect(mount({ agent: { roles: ["advisor"] } })).rejects.toThrow(/not enabled/);
    await expect(mount({ variant: "slica" })).rejects.toThrow(/not enabled/);
  });

  it.each([
    [
      "fr",
      "Détection de messagerie",
      "Un répondeur a décroché. Le prospect sera qualifié Messagerie vocale dans 10 secondes.",
      "Ce n'est pas un répondeur",
    ],
    [
      "es",
      "Detección de buzón de voz",
      "Contestó un contestador automático. El resultado del prospecto se registrará como Buzón de voz en 10 segundos.",
      "No es un buzón de voz",
    ],
  ] as const)("speaks %s", async (language, title, text, button) => {
    const { machine } = await mount({ language });
    expect(await screen.findByRole("heading", { name: title })).toBeInTheDocument();
    await machine();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: button })).toBeInTheDocument();
  });
});

describe("voicemail detection and the dispositions plugin", () => {
  it("is refused without the dispositions plugin, which alone saves a lead's disposition", async () => {
    const call = fakeCallControl();
    await expect(
      renderPlugin(plugin, {
        services: [provide(callKey, call.control), provide(statusKey, fakeStatusControl().control)],
      }),
    ).rejects.toThrow("voicemail-detection: needs dispositions.api, which nobody provides");
  });

  it("holds the lead's disposition while it counts and saves; the saved Voicemail takes the lead off the stack", async () => {
    const { machine, advance, held, leads, saves, notify } = await mount();
    expect(held()).toEqual([]);
    await machine();
    expect(held()).toEqual([{ leadId: LEAD, reason: HELD }]);
    await advance(10_000);
    expect(held()).toEqual([{ leadId: LEAD, reason: HELD }]);
    expect(leads.control.leadIds).toEqual([LEAD]);

    await advance(1000);
    await waitFor(() =>
      expect(notify.shown).toEqual([{ intent: "success", text: "Successfully disposed the lead!" }]),
    );
    expect(saves()).toHaveLength(1);
    expect(leads.control.disposed).toHaveBeenCalledWith(LEAD, "Voicemail");
    expect(leads.control.leadIds).toEqual([]);
    expect(leads.control.awaitingDisposition).toBe(0);
    expect(held()).toEqual([]);
  });

  it("lets go of the lead when the agent says it is not a voicemail", async () => {
    const { machine, held, user } = await mount();
    await machine();
    await user.click(screen.getByRole("button", { name: "Not a voicemail" }));
    expect(held()).toEqual([]);
  });

  it("hands the lead back to the disposition panel when the save fails, and forgets it once disposed there", async () => {
    const gateway = fakeGateway({ [SAVE]: NETWORK_DOWN });
    const { machine, advance, held, emit, api, leads } = await mount({ gateway });
    await machine();
    await advance(11_000);
    for (const delay of [1000, 2000, 4000]) await advance(delay);
    await waitFor(() => expect(api.state.phase).toBe("failed"));
    expect(held()).toEqual([]);
    expect(leads.control.leadIds).toEqual([LEAD]);
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();

    await emit(dispositionSaved, { leadId: LEAD, disposition: "Not Interested", rescheduled: false });
    expect(api.state.phase).toBe("idle");
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
  });
});
