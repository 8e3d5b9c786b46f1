// renderPlugin() for the softphone: fake gateway credentials, a fake call control and status, the fake
// driver, and helpers to bring the phone to "Connected".
import { act, screen, waitFor } from "@testing-library/react";
import { vi } from "vitest";
import { callKey, statusKey, type StatusControl } from "../../../src/core/services";
import { fakeCallControl } from "../../../src/test/fakeCall";
import { fakeStatusControl } from "../../../src/test/fakeStatus";
import { fakeGateway, type Reply } from "../../../src/test/fakeGateway";
import { provide, renderPlugin, type RenderPluginOptions } from "../../../tests/helpers/renderPlugin";
import type { SoftphoneApi } from "../api";
import { softphoneDriverKey } from "../driver";
import softphone from "../index";
import type { SoftphoneStore } from "../model";
import { CREDENTIALS, fakeDriver } from "./fakeDriver";

export interface SoftphoneOptions extends Omit<RenderPluginOptions, "services" | "gateway"> {
  credentials?: Reply;
  driver?: ReturnType<typeof fakeDriver>;
  call?: ReturnType<typeof fakeCallControl>;
  /** More gateway routes ("GET /calls/compliance": the compliance gate's verdicts). */
  routes?: Parameters<typeof fakeGateway>[0];
}

export async function renderSoftphone(o: SoftphoneOptions = {}) {
  const driver = o.driver ?? fakeDriver();
  const call = o.call ?? fakeCallControl();
  const connectedReports: (boolean | null)[] = [];
  const status: StatusControl = {
    ...fakeStatusControl().control,
    setPhoneConnected: vi.fn((on: boolean | null) => void connectedReports.push(on)),
  };
  const gateway = fakeGateway({
    "GET /webrtc/credentials": o.credentials ?? { status: 200, data: { data: CREDENTIALS } },
    ...o.routes,
  });
  const rendered = await renderPlugin<SoftphoneApi, SoftphoneStore>(softphone, {
    ...o,
    gateway,
    services: [
      provide(callKey, call.control),
      provide(statusKey, status),
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

  return { ...rendered, driver, call, status, connectedReports, connect };
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
