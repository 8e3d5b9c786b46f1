// The 'Inbound Call Alert' as an agent meets it: renderPlugin() with a fake call, a fake tone and the manual clock.
import { act, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { CallSnapshot } from "../../src/contract/calls";
import { callKey } from "../../src/sdk";
import { fakeCallControl, provide, renderPlugin, type RenderPluginOptions } from "../../src/sdk/testing";
import { inboundAlertToneKey, type TonePlayer } from "./api";
import plugin from "./index";

const ringing: Partial<CallSnapshot> = {
  type: "inbound",
  direction: 1,
  status: "incoming",
  bridged: false,
  answeredAt: null,
  inboundAlert: true,
  name: "Pat Doe",
  phone: "+15555550100",
};

async function mount(options: Omit<RenderPluginOptions, "services"> & { tone?: TonePlayer } = {}) {
  const call = fakeCallControl();
  const tone = options.tone ?? { play: vi.fn(async () => {}) };
  const r = await renderPlugin(plugin, {
    ...options,
    services: [provide(callKey, call.control), provide(inboundAlertToneKey, tone)],
  });
  const push = (s: Partial<CallSnapshot> & { callId: number }) => act(() => call.push(s));
  const beeps = () => vi.mocked(tone.play).mock.calls.length;
  return { ...r, call, tone, push, beeps };
}

describe("inbound call alert", () => {
  it("pops up with the caller when an inbound call rings for the alert extension, and beeps every 500 ms", async () => {
    const { push, beeps, advance } = await mount();
    push({ callId: 50, ...ringing });

    const popup = await screen.findByRole("dialog", { name: "Inbound Call Alert" });
    expect(popup).toHaveAccessibleDescription("Incoming call from Pat Doe +15555550100");
    expect(within(popup).getByRole("button", { name: "Dismiss" })).toBeInTheDocument();
    expect(beeps()).toBe(1);
    await advance(499);
    expect(beeps()).toBe(1);
    await advance(1);
    expect(beeps()).toBe(2);
    await advance(1000);
    expect(beeps()).toBe(4);
  });

  it("stops the sound and closes on Dismiss", async () => {
    const { push, beeps, advance, user } = await mount();
    push({ callId: 50, ...ringing });
    await user.click(await screen.findByRole("button", { name: "Dismiss" }));

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    const heard = beeps();
    await advance(5000);
    expect(beeps()).toBe(heard);
    // Later snapshots of the same ringing call do not bring it back.
    push({ callId: 50, ...ringing, onHold: false });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows nothing for an inbound call without the alert flag, or for an outgoing call", async () => {
    const { push, beeps, advance } = await mount();
    push({ callId: 50, ...ringing, inboundAlert: false });
    push({ callId: 51, type: "manual", direction: 0, status: "dialing", inboundAlert: true });
    await advance(2000);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(beeps()).toBe(0);
  });

  it.each([
    ["answered", { status: "answered", bridged: true }],
    ["hung up before an answer", { status: "not_answered" }],
  ] as const)("goes quiet once the call is %s, and stays open until dismissed", async (_, change) => {
    const { push, beeps, advance, user } = await mount();
    push({ callId: 50, ...ringing });
    await screen.findByRole("dialog", { name: "Inbound Call Alert" });
    push({ callId: 50, ...ringing, ...change });
    const heard = beeps();
    await advance(5000);
    expect(beeps()).toBe(heard);

    expect(screen.getByRole("dialog", { name: "Inbound Call Alert" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("alerts again for the next inbound call", async () => {
    const { push, beeps, user } = await mount();
    push({ callId: 50, ...ringing });
    await user.click(await screen.findByRole("button", { name: "Dismiss" }));
    push({ callId: 50, ...ringing, status: "ended" });

    push({ callId: 52, ...ringing, name: "+15555550199", phone: "+15555550199" });
    const popup = await screen.findByRole("dialog", { name: "Inbound Call Alert" });
    // An unknown caller's name is their number: shown once.
    expect(popup).toHaveAccessibleDescription("Incoming call from +15555550199");
    expect(beeps()).toBeGreaterThan(1);
  });

  it("alerts for a call already ringing when the workspace opens", async () => {
    const call = fakeCallControl();
    call.push({ callId: 50, ...ringing });
    const tone = { play: vi.fn(async () => {}) };
    await renderPlugin(plugin, {
      services: [provide(callKey, call.control), provide(inboundAlertToneKey, tone)],
    });
    expect(await screen.findByRole("dialog", { name: "Inbound Call Alert" })).toBeInTheDocument();
    expect(tone.play).toHaveBeenCalled();
  });

  it("keeps trying when the browser blocks the sound until the agent interacts", async () => {
    const tone = { play: vi.fn(() => Promise.reject(new DOMException("blocked", "NotAllowedError"))) };
    const { push, beeps, advance } = await mount({ tone });
    push({ callId: 50, ...ringing });
    expect(await screen.findByRole("dialog", { name: "Inbound Call Alert" })).toBeInTheDocument();
    await advance(1000);
    expect(beeps()).toBe(3);
  });

  it("stops the sound when the workspace closes", async () => {
    const { push, beeps, advance, unmount } = await mount();
    push({ callId: 50, ...ringing });
    await screen.findByRole("dialog");
    unmount();
    const heard = beeps();
    await advance(5000);
    expect(beeps()).toBe(heard);
  });

  it.each([
    ["fr", "Alerte d'appel entrant", "Fermer"],
    ["es", "Alerta de llamada entrante", "Descartar"],
  ] as const)("speaks %s", async (language, title, dismiss) => {
    const { push } = await mount({ language });
    push({ callId: 50, ...ringing });
    const popup = await screen.findByRole("dialog", { name: title });
    expect(within(popup).getByRole("button", { name: dismiss })).toBeInTheDocument();
  });

  it("is for agents who take calls", async () => {
    await expect(mount({ agent: { roles: ["manager"] } })).rejects.toThrow(/not enabled/);
    await expect(mount({ agent: { roles: ["advisor"] } })).resolves.toBeDefined();
  });
});
