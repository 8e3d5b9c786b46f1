// renderPlugin() for the softphone: fake gateway credentials, the SDK's call and status fakes, the fake
// driver, and helpers to bring the phone to "Connected" and to read the status selector's lock.
import { act, screen, waitFor } from "@testing-library/react";
import { reaction } from "mobx";
import { onTestFinished } from "vitest";
import { callKey, statusKey } from "../../../src/sdk";
import {
  fakeCallControl,
  fakeGateway,
  fakeStatusControl,
  provide,
  renderPlugin,
  reply,
  type EndpointRoute,
  type FakeReply,
  type RenderPluginOptions,
} from "../../../src/sdk/testing";
import { readWebRtcCredentials } from "../../../src/contract/calls";
import type { SoftphoneApi } from "../api";
import { STORAGE_KEY } from "../constants";
import { softphoneDriverKey } from "../driver";
import softphone from "../index";
import type { SoftphoneStore } from "../model";
import { CREDENTIALS, fakeDriver } from "./fakeDriver";

export interface SoftphoneOptions extends Omit<RenderPluginOptions, "services" | "gateway"> {
  credentials?: FakeReply<typeof readWebRtcCredentials>;
  driver?: ReturnType<typeof fakeDriver>;
  call?: ReturnType<typeof fakeCallControl>;
  /** More gateway answers (`reply(checkCompliance, …)`: the compliance gate's verdicts). */
  routes?: EndpointRoute[];
  /** Starts with the widget open, as an agent who left it open last time (it starts collapsed otherwise). */
  open?: boolean;
}

export async function renderSoftphone(o: SoftphoneOptions = {}) {
  const driver = o.driver ?? fakeDriver();
  if (o.open) {
    const saved = JSON.parse(driver.storage.getItem(STORAGE_KEY) ?? "{}") as object;
    driver.storage.setItem(STORAGE_KEY, JSON.stringify({ ...saved, collapsed: false }));
  }
  const call = o.call ?? fakeCallControl();
  const status = fakeStatusControl();
  /** The reason the whole status selector is disabled now (a guard on every change), as the core reads it. */
  const lock = (): string | null => {
    for (const g of status.guards.values()) {
      if (g.blocks !== "all") continue;
      const reason = g.reason();
      if (reason !== null) return reason;
    }
    return null;
  };
  /** Each change of that lock, in order (null: free). */
  const locks: (string | null)[] = [];
  onTestFinished(reaction(lock, (reason) => void locks.push(reason)));
  const gateway = fakeGateway([
    reply(readWebRtcCredentials, o.credentials ?? { status: 200, data: { data: CREDENTIALS } }),
    ...(o.routes ?? []),
  ]);
  const rendered = await renderPlugin<SoftphoneApi, SoftphoneStore>(softphone, {
    ...o,
    gateway,
    services: [
      provide(callKey, call.control),
      provide(statusKey, status.control),
      provide(softphoneDriverKey, driver.driver),
    ],
  });

  // The first connection attempt (microphone, credentials, user agent) runs after setup: let it settle.
  await act(async () => {
    await rendered.api.ready;
  });

  /** Waits for the user agent, then plays the socket and the registrar accepting it. */
  async function connect() {
    await waitFor(() => expect(driver.uas).toHaveLength(1));
    act(() => driver.ua.connect());
    act(() => driver.ua.acceptRegistration());
    expect(await screen.findByRole("status")).toHaveTextContent("Connected");
  }

  return { ...rendered, driver, call, status, lock, locks, connect };
}

/** An INVITE from the gateway, inside act(). */
export function invite(
  driver: ReturnType<typeof fakeDriver>,
  o: Parameters<ReturnType<typeof fakeDriver>["ua"]["invite"]>[0],
) {
  let session!: ReturnType<ReturnType<typeof fakeDriver>["ua"]["invite"]>;
  act(() => {
    session = driver.ua.invite(o);
  });
  return session;
}
