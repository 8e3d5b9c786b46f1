// The auto-dial loop through renderPlugin(): the manual clock, a fake gateway, and the SDK's observable
// status, call and leads fakes.
import { act, screen } from "@testing-library/react";
import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import { autoDial, LIVE_TRANSFER_FIRST_MESSAGE } from "../../src/contract/dialer";
import { IDEMPOTENCY_HEADER } from "../../src/contract/dispositions";
import { fakeGateway, reply } from "../../src/sdk/testing";
import { dialled, mount, noLead, type AutoDialReply } from "./testing";

describe("auto-dial loop", () => {
  it("starts at sign-in when the agent is ready, dials at once, then ticks every 10 s", async () => {
    const { posts, advance, status } = await mount();
    expect(posts()).toHaveLength(1);
    expect(status.control.addDialingIndicator).toHaveBeenCalledWith("auto-dialing.loop", expect.any(Function));
    expect(status.dialing).toBe(true);
    await advance(9_999);
    expect(posts()).toHaveLength(1);
    await advance(1);
    expect(posts()).toHaveLength(2);
    await advance(10_000);
    expect(posts()).toHaveLength(3);
  });

  it("sends a fresh Idempotency-Key with every request", async () => {
    const { posts, advance } = await mount();
    await advance(10_000);
    const keys = posts().map((q) => q.headers[IDEMPOTENCY_HEADER.toLowerCase()]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("stays off while the agent is not ready, and starts when the status becomes ready", async () => {
    const { posts, advance, change, status } = await mount({ status: "after_call_work" });
    await advance(30_000);
    expect(posts()).toHaveLength(0);
    expect(status.dialing).toBe(false);

    await change(() => status.set("ready"));
    expect(posts()).toHaveLength(1);
    expect(status.dialing).toBe(true);
  });

  it("sends the first dial within 1 s of the gateway recording Ready, none while the change is on its way", async () => {
    const { posts, advance, change, status } = await mount({ status: "after_call_work" });
    // The selector shows Ready before the gateway has recorded it.
    await change(() => {
      status.setChanging(true);
      status.set("ready");
    });
    await advance(20_000);
    expect(posts()).toHaveLength(0);
    expect(status.dialing).toBe(false);

    await change(() => status.setChanging(false));
    await advance(1_000);
    expect(posts()).toHaveLength(1);
    expect(status.dialing).toBe(true);
    // Then every 10 s from that first dial.
    await advance(9_000);
    expect(posts()).toHaveLength(2);
  });

  it("dials at once again after Save & Next: the lead disposed, then Ready recorded again", async () => {
    const { posts, advance, change, status, leads } = await mount({ status: "after_call_work", awaiting: 1 });
    await advance(20_000);
    expect(posts()).toHaveLength(0);
    // Save & Next: the disposition is saved, then Ready is asked for in the same turn.
    await change(() => {
      leads.state.awaiting = 0;
      status.setChanging(true);
      status.set("ready");
    });
    expect(posts()).toHaveLength(0);
    await change(() => status.setChanging(false));
    await advance(1_000);
    expect(posts()).toHaveLength(1);
  });

  it("does not dial into a change to Ready asked for by the flow that made the loop's conditions hold", async () => {
    // Ready already recorded while a lead waits (a push); Save & Next disposes it and asks for Ready again.
    const { posts, advance, change, status, leads } = await mount({ awaiting: 1 });
    expect(posts()).toHaveLength(0);
    // Two separate actions in one turn, as the dispositions plugin runs them: the loop's conditions hold
    // between them for a moment.
    await act(async () => {
      runInAction(() => void (leads.state.awaiting = 0));
      status.setChanging(true);
    });
    await advance(20_000);
    expect(posts()).toHaveLength(0);
    await change(() => status.setChanging(false));
    expect(posts()).toHaveLength(1);
  });

  it("stops when the status leaves Ready", async () => {
    const { posts, advance, change, status } = await mount();
    await change(() => status.set("break"));
    expect(status.dialing).toBe(false);
    await advance(60_000);
    expect(posts()).toHaveLength(1);
  });

  it("stops while a change of status is on its way, even back to Ready", async () => {
    const { posts, advance, change, status } = await mount();
    await change(() => status.setChanging(true));
    expect(status.dialing).toBe(false);
    await advance(60_000);
    expect(posts()).toHaveLength(1);
    await change(() => status.setChanging(false));
    expect(posts()).toHaveLength(2);
  });

  it("stops when a dial starts, whoever placed it", async () => {
    const { posts, advance, call, change, status } = await mount();
    await change(() =>
      call.push({ callId: 9, status: "dialing", type: "manual", bridged: false, answeredAt: null }),
    );
    expect(status.dialing).toBe(false);
    await advance(60_000);
    expect(posts()).toHaveLength(1);
  });

  it("records the dial and stops after a 201; the core's call service brings the call", async () => {
    const gateway = fakeGateway([reply(autoDial, dialled())]);
    const { posts, advance, status, notify, call } = await mount({ gateway });
    expect(await screen.findByText("Dialled Pat Doe (ISF #3)")).toBeInTheDocument();
    expect(status.dialing).toBe(false);
    expect(call.dials).toHaveLength(0);
    expect(notify.shown).toEqual([]);
    await advance(60_000);
    expect(posts()).toHaveLength(1);
  });

  it("without a lead: alerts 'leads.not_available' for 3 s and keeps ticking", async () => {
    const { posts, advance, notify, status } = await mount();
    await screen.findByText(/No lead available/);
    expect(notify.show).toHaveBeenCalledWith("No leads are available right now. Auto-dialing keeps trying.", {
      type: "error",
      timeout: 3000,
      key: "leads.not_available",
    });
    await advance(10_000);
    expect(posts()).toHaveLength(2);
    expect(status.dialing).toBe(true);
    // The alert is unique: one on screen however many ticks found nothing.
    expect(notify.shown).toHaveLength(1);
  });

  it.each<[string, AutoDialReply, string]>([
    [
      "a 409 with the gateway's message",
      { status: 409, data: { message: "The phone is unreachable" } },
      "The phone is unreachable",
    ],
    [
      "a 500 without one",
      { status: 500 },
      "The dial could not be placed. Auto-dialing keeps trying.",
    ],
  ])("after %s: shows it and keeps ticking", async (_, answer, text) => {
    const { posts, advance, notify } = await mount({ gateway: fakeGateway([reply(autoDial, answer)]) });
    await expect.poll(() => notify.shown.map((s) => s.text)).toEqual([text]);
    await advance(10_000);
    expect(posts()).toHaveLength(2);
  });

  it("a busy gateway (503 with Retry-After) is no error: the panel says it dials again, and it does within a second of the delay", async () => {
    const gateway = fakeGateway([
      reply(autoDial, { status: 503, data: { message: "The dialer is busy: your next lead is dialled in a moment." }, headers: { "retry-after": "1" } }),
    ]);
    const { posts, advance, notify } = await mount({ gateway });
    await screen.findByText("The dialer is busy: dialling again in a moment.");
    expect(notify.shown).toEqual([]);
    await advance(999);
    expect(posts()).toHaveLength(1);
    gateway.reply(autoDial, noLead());
    // Each page at its own moment within BUSY_SPREAD_MS past the delay, not at the next 10 s tick.
    await advance(1_000);
    expect(posts()).toHaveLength(2);
    await screen.findByText(/No lead available/);
    await advance(10_000);
    expect(posts()).toHaveLength(3);
  });

  it("an advisor offered a live transfer is told so (not an error) and the loop asks again after the offer", async () => {
    const { posts, advance, notify } = await mount({
      gateway: fakeGateway([reply(autoDial, { status: 409, data: { message: LIVE_TRANSFER_FIRST_MESSAGE } })]),
    });
    await expect.poll(() => notify.shown).toEqual([
      expect.objectContaining({ intent: "warning", text: "A live transfer is offered to you: answer it before your next dial." }),
    ]);
    await advance(10_000);
    expect(posts()).toHaveLength(2);
  });

  it("never has two requests in flight: a slow answer makes the next ticks skip", async () => {
    let answer: ((r: AutoDialReply) => void) | null = null;
    const gateway = fakeGateway([reply(autoDial, noLead())]);
    const { posts, advance, rawAdvance, idle } = await mount({ gateway });
    gateway.reply(autoDial, () => new Promise<AutoDialReply>((resolve) => (answer = resolve)));
    await rawAdvance(10_000);
    await expect.poll(() => posts()).toHaveLength(2);
    expect(screen.getByRole("status")).toHaveTextContent("Looking for the next lead…");
    await rawAdvance(30_000);
    expect(posts()).toHaveLength(2);

    gateway.reply(autoDial, noLead());
    answer!(noLead());
    await idle();
    await advance(10_000);
    expect(posts()).toHaveLength(3);
  });

  it("stays off while a lead awaits its disposition, and dials once it is disposed", async () => {
    const { posts, advance, change, leads, status } = await mount({ awaiting: 1 });
    expect(posts()).toHaveLength(0);
    await advance(20_000);
    expect(posts()).toHaveLength(0);
    expect(status.dialing).toBe(false);
    await change(() => void (leads.state.awaiting = 0));
    await advance(1_000);
    expect(posts()).toHaveLength(1);
    await advance(9_000);
    expect(posts()).toHaveLength(2);
  });

  it("stays off while calling is disabled by a manager, and dials at once when it is allowed again", async () => {
    const { posts, advance, change, status } = await mount({ deactivated: true });
    await advance(20_000);
    expect(posts()).toHaveLength(0);
    expect(status.dialing).toBe(false);
    expect(screen.getByRole("status")).toHaveTextContent("A manager disabled calling for your extension.");
    await change(() => status.setDeactivated(false));
    await advance(1_000);
    expect(posts()).toHaveLength(1);
  });

  it("stops at once when a manager disables calling", async () => {
    const { posts, advance, change, status } = await mount();
    await change(() => status.setDeactivated(true));
    expect(status.dialing).toBe(false);
    await advance(60_000);
    expect(posts()).toHaveLength(1);
  });

  it("never dials for an agent without an extension", async () => {
    const { posts, advance } = await mount({ agent: { extension: null } });
    await advance(60_000);
    expect(posts()).toHaveLength(0);
    expect(screen.getByRole("status")).toHaveTextContent(
      "You have no phone extension, so no lead can be dialled.",
    );
  });

  it("stops its timer at sign-out", async () => {
    const { posts, advance, unmount } = await mount();
    unmount();
    await advance(60_000);
    expect(posts()).toHaveLength(1);
  });
});
