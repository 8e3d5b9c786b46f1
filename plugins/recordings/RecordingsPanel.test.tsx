// The extra recordings as an ISIUS advisor uses them on a call: Start records the call's next recording and the
// counter runs, Stop ends it; the call's extra_recording_index follows and goes with the call's settle, from 0 again
// on the next call; the button waits for an answered call; the call's end stops a recording still running.
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { callEnded, callKey } from "../../src/sdk";
import { fakeCallControl, fakeGateway, provide, renderPlugin, reply } from "../../src/sdk/testing";
import { saveRecordingState, startExtraRecording, stopExtraRecording } from "./contract";
import plugin from "./index";

/** The test agent's extension: another one's recordings are refused (403). */
const EXTENSION = "2042";

async function mount(o: { onCall?: boolean; language?: "en" | "fr" | "es"; refuse?: 403 | 404 | 409 } = {}) {
  const call = fakeCallControl();
  const gateway = fakeGateway([
    reply(startExtraRecording, ({ params, body }) =>
      params.extension !== EXTENSION
        ? { status: 403 }
        : o.refuse
          ? { status: o.refuse, data: { message: "no" } }
          : { status: 201, data: { data: { id: 5, index: body.index } } },
    ),
    reply(stopExtraRecording, ({ params }) =>
      params.extension === EXTENSION && params.index <= 2 ? { status: 204 } : { status: 404 },
    ),
    reply(saveRecordingState, ({ params }) => (params.extension === EXTENSION ? { status: 204 } : { status: 403 })),
  ]);
  const view = await renderPlugin(plugin, {
    gateway,
    flags: { "recording-panel": true },
    agent: { roles: ["advisor"] },
    language: o.language,
    services: [provide(callKey, call.control)],
  });
  if (o.onCall !== false) act(() => call.push({ callId: 7, leadId: 31 }));
  const user = userEvent.setup({ advanceTimers: (ms) => view.clock.advance(ms) });
  const panel = await screen.findByRole("region", {
    name: /^(Extra recordings|Enregistrements supplémentaires|Grabaciones adicionales)$/,
  });
  await within(panel).findByRole("button");
  return { ...view, call, user, panel, gateway };
}

describe("the extra recordings panel", { timeout: 20_000 }, () => {
  it("waits for an answered call", async () => {
    const m = await mount({ onCall: false });
    expect(within(m.panel).getByRole("button", { name: "Start recording" })).toBeDisabled();
    expect(within(m.panel).getByText("Records the answered call.")).toBeVisible();
  });

  it("starts the call's next recording, counts its time, stops it, and the call's index follows", async () => {
    const m = await mount();
    expect(m.call.settleFields()).toEqual({ extra_recording_index: 0 });
    await m.user.click(within(m.panel).getByRole("button", { name: "Start recording" }));
    expect(m.gateway.requests.at(-1)).toMatchObject({
      method: "POST",
      url: "/calls/2042/extra-recordings",
      body: { index: 1 },
    });
    expect(m.call.settleFields()).toEqual({ extra_recording_index: 1 });
    const stop = within(m.panel).getByRole("button", { name: "Stop recording" });
    expect(stop).toHaveAttribute("aria-pressed", "true");
    act(() => m.clock.advance(65_000));
    expect(within(m.panel).getByRole("status")).toHaveTextContent("Recording 1 · 1:05");
    await m.user.click(stop);
    expect(m.gateway.requests.at(-1)).toMatchObject({
      method: "DELETE",
      url: "/calls/2042/extra-recordings/1",
    });
    await m.user.click(within(m.panel).getByRole("button", { name: "Start recording" }));
    expect(m.gateway.requests.at(-1)).toMatchObject({ body: { index: 2 } });
    expect(m.call.settleFields()).toEqual({ extra_recording_index: 2 });
  });

  it("counts the next call's recordings from 1 again, and settles it with its own index", async () => {
    const m = await mount();
    await m.user.click(within(m.panel).getByRole("button", { name: "Start recording" }));
    await m.user.click(within(m.panel).getByRole("button", { name: "Stop recording" }));
    act(() => m.call.push({ callId: 7, leadId: 31, status: "ended", endedAt: "2026-01-05T14:01:00.000Z" }));
    await m.emit(callEnded, { callId: 7, leadId: 31, duration: 58, shortCall: false, bridged: true });
    expect(m.call.settleFields()).toEqual({ extra_recording_index: 1 });

    act(() => m.call.push({ callId: 8, leadId: 32 }));
    expect(m.call.settleFields()).toEqual({ extra_recording_index: 0 });
    await m.user.click(within(m.panel).getByRole("button", { name: "Start recording" }));
    expect(m.gateway.requests.at(-1)).toMatchObject({
      url: "/calls/2042/extra-recordings",
      body: { index: 1 },
    });
    expect(m.call.settleFields()).toEqual({ extra_recording_index: 1 });
  });

  it("the call's end stops a recording still running", async () => {
    const m = await mount();
    await m.user.click(within(m.panel).getByRole("button", { name: "Start recording" }));
    await m.emit(callEnded, { callId: 7, leadId: 31, duration: 30, shortCall: false, bridged: true });
    act(() =>
      m.call.push({
        callId: 7,
        leadId: 31,
        status: "ended",
        bridged: true,
        endedAt: "2026-01-05T14:01:00.000Z",
      }),
    );
    expect(m.gateway.requests.at(-1)).toMatchObject({
      method: "PUT",
      url: "/calls/recordings/2042",
      body: { recording: false },
    });
    expect(within(m.panel).getByRole("button", { name: "Start recording" })).toBeDisabled();
  });

  it("a refused start says why and leaves the button to try again", async () => {
    const m = await mount({ refuse: 409 });
    await m.user.click(within(m.panel).getByRole("button", { name: "Start recording" }));
    expect(m.notify.shown.map((n) => n.text)).toContain("There is no answered call to record.");
    expect(within(m.panel).getByRole("button", { name: "Start recording" })).toBeEnabled();
    expect(m.call.settleFields()).toEqual({ extra_recording_index: 0 });
  });

  it("speaks Spanish", async () => {
    const m = await mount({ language: "es" });
    expect(within(m.panel).getByRole("button", { name: "Iniciar grabación" })).toBeEnabled();
  });
});
