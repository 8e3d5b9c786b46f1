// The auto-dial loop through renderPlugin(): the manual clock, a fake gateway, and the core's status, call
// and leads as observable fakes.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_HEADER } from "../../src/contract/dispositions";
import { fakeGateway, type Reply } from "../../src/test/fakeGateway";
import { AUTO, dialled, mount, noLead } from "./testing";

describe("auto-dial loop", () => {
  it("starts at sign-in when the agent is ready, dials at once, then ticks every 10 s", async () => {
    const { posts, advance, status } = await mount();
    expect(posts()).toHaveLength(1);
    expect(status.control.setAutoDialing).toHaveBeenLastCalledWith(true);
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
    expect(status.control.setAutoDialing).not.toHaveBeenCalled();

    await change(() => void (status.state.current = "ready"));
    expect(posts()).toHaveLength(1);
    expect(status.state.autoDialing).toBe(true);
  });

  it("waits while the change to ready is on its way to the gateway, then dials as soon as the core announces it", async () => {
    const { posts, advance, change, status, emit } = await mount({ status: "after_call_work" });
    // The selector shows Ready before the gateway has recorded it.
    await change(() => {
      status.state.changing = true;
      status.state.current = "ready";
    });
    await advance(20_000);
    expect(posts()).toHaveLength(0);
    await change(() => void (status.state.changing = false));
    await emit("auto-dial:start", { status: "ready" });
    expect(posts()).toHaveLength(1);
  });

  it("stops on auto-dial:stop and starts again on auto-dial:start", async () => {
    const { posts, advance, emit, status } = await mount();
    await emit("auto-dial:stop", { status: "break" });
    expect(status.state.autoDialing).toBe(false);
    await advance(60_000);
    expect(posts()).toHaveLength(1);

    await emit("auto-dial:start", { status: "ready" });
    expect(status.state.autoDialing).toBe(true);
    expect(posts()).toHaveLength(2);
    // A second start while running changes nothing.
    await emit("auto-dial:start", { status: "ready" });
    expect(posts()).toHaveLength(2);
  });

  it("stops when the status changes away from ready", async () => {
    const { posts, advance, change, status } = await mount();
    await change(() => void (status.state.current = "break"));
    expect(status.control.setAutoDialing).toHaveBeenLastCalledWith(false);
    await advance(60_000);
    expect(posts()).toHaveLength(1);
  });

  it("stops when a dial starts, whoever placed it", async () => {
    const { posts, advance, call, change, status } = await mount();
    await change(() =>
      call.push({ callId: 9, status: "dialing", type: "manual", bridged: false, answeredAt: null }),
    );
    expect(status.state.autoDialing).toBe(false);
    await advance(60_000);
    expect(posts()).toHaveLength(1);
  });

  it("records the dial and stops after a 201; the core's call service brings the call", async () => {
    const gateway = fakeGateway({ [AUTO]: dialled() });
    const { posts, advance, status, notify, call } = await mount({ gateway });
    expect(await screen.findByText("Dialled Pat Doe (ISF #3)")).toBeInTheDocument();
    expect(status.state.autoDialing).toBe(false);
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
    expect(status.state.autoDialing).toBe(true);
    // The alert is unique: one on screen however many ticks found nothing.
    expect(notify.shown).toHaveLength(1);
  });

  it.each<[string, Reply, string]>([
    [
      "a 409 with the gateway's message",
      { status: 409, data: { message: "The phone is unreachable" } },
      "The phone is unreachable",
    ],
    [
      "a 500 without one",
      { status: 500, data: "" },
      "The dial could not be placed. Auto-dialing keeps trying.",
    ],
  ])("after %s: shows it and keeps ticking", async (_, reply, text) => {
    const { posts, advance, notify } = await mount({ gateway: fakeGateway({ [AUTO]: reply }) });
    await expect.poll(() => notify.shown.map((s) => s.text)).toEqual([text]);
    await advance(10_000);
    expect(posts()).toHaveLength(2);
  });

  it("never has two requests in flight: a slow answer makes the next ticks skip", async () => {
    let answer: ((r: Reply) => void) | null = null;
    const gateway = fakeGateway({ [AUTO]: noLead() });
    const { posts, advance, rawAdvance, idle } = await mount({ gateway });
    gateway.routes[AUTO] = () => new Promise<Reply>((resolve) => (answer = resolve));
    await rawAdvance(10_000);
    await expect.poll(() => posts()).toHaveLength(2);
    expect(screen.getByRole("status")).toHaveTextContent("Looking for the next lead…");
    await rawAdvance(30_000);
    expect(posts()).toHaveLength(2);

    gateway.routes[AUTO] = noLead();
    answer!(noLead());
    await idle();
    await advance(10_000);
    expect(posts()).toHaveLength(3);
  });

  it("skips ticks while a lead awaits its disposition, and dials on the tick after it is disposed", async () => {
    const { posts, advance, change, leads } = await mount({ awaiting: 1 });
    expect(posts()).toHaveLength(0);
    await advance(20_000);
    expect(posts()).toHaveLength(0);
    await change(() => void (leads.state.awaiting = 0));
    await advance(10_000);
    expect(posts()).toHaveLength(1);
  });

  it("skips ticks while calling is disabled by a manager", async () => {
    const { posts, advance, emit } = await mount({ agent: { deactivated: true } });
    await advance(20_000);
    expect(posts()).toHaveLength(0);
    await emit("calling-status", { deactivated: false, message: null });
    await advance(10_000);
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
