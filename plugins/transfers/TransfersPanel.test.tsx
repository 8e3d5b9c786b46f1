// The transfers widget and the third-party panel as a qualifier uses them: renderPlugin() with a fake call the
// test moves through the conference states the gateway pushes, a fake gateway for the targets, and a fake
// dispositions API that records the presets.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { TransferState } from "../../src/contract/calls";
import { callKey } from "../../src/sdk";
import { fakeCallControl, fakeGateway, provide, renderPlugin, reply } from "../../src/sdk/testing";
import { dispositionsApi, type DispositionPreset, type DispositionsApi } from "../dispositions/api";
import { listExternalTransfers, listSunlifeAgents } from "./contract/targets";
import plugin from "./index";

const TARGETS = [
  reply(listExternalTransfers, {
    status: 200,
    data: {
      data: [
        { name: "Acme Benefits", phone: "2125550140" },
        { name: "Pinnacle Health", phone: "3125550150" },
      ],
    },
  }),
  reply(listSunlifeAgents, { status: 200, data: { data: { "4165550160": "Sunlife Toronto" } } }),
];

async function mount(
  o: {
    agent?: Record<string, unknown>;
    variant?: "isius" | "slica";
    flags?: Record<string, boolean>;
    refuse?: string;
    language?: "en" | "fr" | "es";
  } = {},
) {
  const call = fakeCallControl({ refuse: o.refuse });
  const presets: { leadId: number; preset: DispositionPreset }[] = [];
  const dispositions = {
    preset: (leadId: number, preset: DispositionPreset) => void presets.push({ leadId, preset }),
  } as unknown as DispositionsApi;
  const gateway = fakeGateway(TARGETS);
  const view = await renderPlugin(plugin, {
    gateway,
    agent: o.agent,
    variant: o.variant,
    language: o.language,
    flags: o.flags ?? { "external-transfers": true },
    services: [provide(callKey, call.control), provide(dispositionsApi, dispositions)],
  });
  const user = userEvent.setup({ advanceTimers: (ms) => view.clock.advance(ms) });
  return { ...view, call, presets, user, gateway };
}

/** A call snapshot as the gateway pushes it: its conference and, once one started, its transfer. */
const onCall = (
  call: ReturnType<typeof fakeCallControl>,
  conference: { state: string; party: string | null } | null = null,
  transfer: Partial<TransferState> | null = null,
) =>
  act(() =>
    call.push({
      callId: 7,
      leadId: 31,
      conference: conference as never,
      transfer: transfer && { ...NO_TRANSFER, ...transfer },
    }),
  );
const NO_TRANSFER: TransferState = {
  kind: "external",
  level: 1,
  party: null,
  name: null,
  outcome: null,
  message: null,
  disposition: null,
};
const ACME = { kind: "external" as const, party: "+12125550140", name: "Acme Benefits" };
const SENT = { disposition: "Sent External" as const, reason: "External Transfer", saved: false };

/** The qualifier chooses a transfer type (Live Transfer comes first). */
async function chooseType(m: Awaited<ReturnType<typeof mount>>, panel: HTMLElement, kind: string) {
  await m.user.selectOptions(
    await within(panel).findByRole("combobox", { name: /Transfer type|Type de transfert/ }),
    kind,
  );
}

/** The ISIUS qualifier on a call chooses External Transfer, Acme Benefits, and presses Start. */
async function startToAcme(m: Awaited<ReturnType<typeof mount>>, panel: HTMLElement) {
  await chooseType(m, panel, "external");
  await within(panel).findByRole("option", { name: /Acme Benefits/ });
  await m.user.selectOptions(within(panel).getByRole("combobox", { name: "Transfer to" }), "2125550140");
  await m.user.click(within(panel).getByRole("button", { name: "Start" }));
}

describe("the transfers widget", { timeout: 20_000 }, () => {
  it("says transfers wait for a call, and offers an ISIUS qualifier the live transfer, then the external one", async () => {
    const m = await mount();
    const { call } = m;
    const panel = screen.getByRole("region", { name: "Transfers" });
    expect(
      await within(panel).findByText("Transfers are available while you are on a call."),
    ).toBeInTheDocument();
    onCall(call);
    const type = await within(panel).findByRole("combobox", { name: "Transfer type" });
    expect(type).toHaveDisplayValue("Live Transfer");
    expect(
      within(type)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Live Transfer", "External Transfer"]);
    await chooseType(m, panel, "external");
    expect(
      await within(panel).findByRole("option", { name: "Acme Benefits · 212.555.0140" }),
    ).toBeInTheDocument();
  });

  it("runs the three levels as the gateway reports them, and presets the disposition the gateway sets", async () => {
    const m = await mount();
    const { call, presets, user, clock } = m;
    onCall(call);
    const panel = screen.getByRole("region", { name: "Transfers" });
    await chooseType(m, panel, "external");
    expect(await within(panel).findByRole("button", { name: "Start" })).toBeDisabled(); // no target yet
    await startToAcme(m, panel);
    expect(call.transfers).toEqual([{ event: "external-transfer-start", fields: { phone: "2125550140" } }]);

    onCall(call, { state: "initialized", party: "+12125550140" }, { ...ACME, level: 2, disposition: SENT });
    expect(presets).toEqual([
      { leadId: 31, preset: { disposition: "Sent External", reason: "External Transfer" } },
    ]);
    expect(within(panel).getByText("The target is on the line; the lead is on hold.")).toBeInTheDocument();
    expect(within(panel).getByText("Transferring to Acme Benefits (212.555.0140)")).toBeInTheDocument();
    // The buttons wait a second after a press.
    expect(within(panel).getByRole("button", { name: "Join" })).toBeDisabled();
    act(() => clock.advance(1000));
    await user.click(within(panel).getByRole("button", { name: "Join" }));
    onCall(call, { state: "merged", party: "+12125550140" }, { ...ACME, level: 3, disposition: SENT });
    act(() => clock.advance(1000));
    await user.click(within(panel).getByRole("button", { name: "Leave" }));
    expect(call.transfers.map((x) => x.event)).toEqual([
      "external-transfer-start",
      "external-transfer-join",
      "external-transfer-leave",
    ]);
    expect(call.transfers[2]!.fields).toEqual({ phone: "+12125550140" });
    expect(presets).toHaveLength(1);
  });

  it("comes back to level 1, saying so, when the target does not answer; the lead is still the agent's", async () => {
    const m = await mount();
    const { call, clock } = m;
    onCall(call);
    const panel = screen.getByRole("region", { name: "Transfers" });
    await startToAcme(m, panel);
    onCall(call, { state: "initializing", party: "+12125550140" }, { ...ACME, level: 2, disposition: SENT });
    onCall(call, { state: "hangedup", party: null }, { ...ACME, level: 1, outcome: "no_answer" });
    act(() => clock.advance(1000));
    expect(
      within(panel).getByText("The transfer target did not answer. The lead is still with you."),
    ).toBeInTheDocument();
    expect(within(panel).getByRole("button", { name: "Start" })).toBeEnabled();
    expect(within(panel).getByRole("combobox", { name: "Transfer to" })).toBeEnabled();
  });

  it("tells the agent the gateway's refusal in the agent's language, and stays at level 1", async () => {
    const m = await mount({
      language: "fr",
      refuse: "This number is not one of your call centre's transfer targets.",
    });
    const { call, user, presets, notify } = m;
    onCall(call);
    const panel = screen.getByRole("region", { name: "Transferts" });
    await chooseType(m, panel, "external");
    await within(panel).findByRole("option", { name: /Acme Benefits/ });
    await user.selectOptions(within(panel).getByRole("combobox", { name: "Transférer à" }), "2125550140");
    await user.click(within(panel).getByRole("button", { name: "Démarrer" }));
    expect(notify.shown).toContainEqual({
      intent: "error",
      text: "Ce numéro n'est pas un destinataire de transfert de votre centre d'appels.",
    });
    expect(presets).toEqual([]);
    expect(within(panel).getByRole("button", { name: "Démarrer" })).toBeInTheDocument();
  });

  it("sends the dial pad's keys to an external party", async () => {
    const m = await mount();
    const { call, user, clock } = m;
    onCall(call);
    const panel = screen.getByRole("region", { name: "Transfers" });
    await startToAcme(m, panel);
    onCall(call, { state: "initialized", party: "+12125550140" }, { ...ACME, level: 2 });
    act(() => clock.advance(1000));
    await user.click(within(panel).getByRole("button", { name: "Dial pad" }));
    await user.click(within(panel).getByRole("button", { name: "Send 5" }));
    expect(call.transfers.at(-1)).toEqual({ event: "external-transfer-dtmf", fields: { digit: "5" } });
  });

  it("gives a SLICA qualifier Sunlife and Matcha on their account flags; Matcha needs no target", async () => {
    const m = await mount({
      variant: "slica",
      agent: { accountFields: { can_transfer_to_sunlife: true, can_transfer_to_matcha: true } },
    });
    const { call, user } = m;
    onCall(call);
    const panel = screen.getByRole("region", { name: "Transfers" });
    const type = await within(panel).findByRole("combobox", { name: "Transfer type" });
    expect(
      within(type)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Live Transfer", "Sunlife Transfer", "Matcha Transfer"]);
    await chooseType(m, panel, "sunlife");
    expect(
      await within(panel).findByRole("option", { name: "Sunlife Toronto · 416.555.0160" }),
    ).toBeInTheDocument();
    // The Sun Life agents as a CSV file to keep.
    const saved: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this);
    });
    try {
      await user.click(within(panel).getByRole("button", { name: "Download the Sunlife agents (CSV)" }));
    } finally {
      click.mockRestore();
    }
    expect(saved.map((a) => a.download)).toEqual(["sunlife-agents.csv"]);
    expect(decodeURIComponent(saved[0]!.href.split(",").slice(1).join(","))).toBe(
      "\uFEFFName,Phone\r\nSunlife Toronto,416.555.0160\r\n",
    );
    await chooseType(m, panel, "matcha");
    expect(within(panel).queryByRole("combobox", { name: "Transfer to" })).toBeNull();
    expect(within(panel).queryByRole("button", { name: "Download the Sunlife agents (CSV)" })).toBeNull();
    await user.click(within(panel).getByRole("button", { name: "Start" }));
    expect(call.transfers).toEqual([{ event: "matcha-start", fields: {} }]);
  });

  it("offers only the live transfer without the tenant's external-transfers flag", async () => {
    const { call } = await mount({ flags: {} });
    onCall(call);
    const type = await screen.findByRole("combobox", { name: "Transfer type" });
    expect(
      within(type)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Live Transfer"]);
    expect(type).toBeDisabled();
  });
});

describe("the third-party panel", { timeout: 20_000 }, () => {
  it("shows the softphone conference's party; leaving it presets Transferred to 3rd Party as the gateway says", async () => {
    const { call, user, presets } = await mount();
    const panel = screen.getByRole("region", { name: "Third party" });
    expect(await within(panel).findByText("No third party on this call.")).toBeInTheDocument();
    onCall(
      call,
      { state: "merged", party: "+13125550177" },
      { kind: "third-party", level: 3, party: "+13125550177" },
    );
    expect(within(panel).getByText("Third party on the call: 312.555.0177")).toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "Leave" }));
    expect(call.transfers).toEqual([{ event: "third-party-leave", fields: { phone: "+13125550177" } }]);
    const third = { disposition: "Transferred to 3rd Party" as const, reason: null, saved: false };
    onCall(call, null, {
      kind: "third-party",
      level: 1,
      party: "+13125550177",
      outcome: "completed",
      disposition: third,
    });
    await waitFor(() =>
      expect(presets).toEqual([{ leadId: 31, preset: { disposition: "Transferred to 3rd Party" } }]),
    );
  });
});
