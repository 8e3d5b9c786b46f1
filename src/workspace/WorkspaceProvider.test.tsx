// A page the gateway refused as a second tab: it says so, and tries again until the agent's socket is free (the
// other page closed, or the gateway instance that held it died and its claim lapsed), then opens by itself.
import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { manualClock } from "../shared/clock";
import { fakeGateway } from "../test/fakeGateway";
import { loginResponse } from "../test/fixtures";
import { fakeRealtime } from "../test/fakeRealtime";
import { renderApp } from "../test/renderApp";
import { REFUSED_TAB_RETRY_MS } from "./WorkspaceProvider";

const ISIUS = {
  status: 200,
  data: { tenant_id: 1, name: "ISIUS", variant: "isius", country: "US", features: {} },
};
const REFUSED = "The Dialer is already open in another tab. Please close this tab!";
/** What the open workspace shows an agent without panels yet. */
const OPEN = "Choose Edit layout, then Add panel, to place your panels.";

describe("a page the gateway refuses as a second tab", () => {
  it("says so, tries again, and opens the workspace once the agent's socket is free", async () => {
    const clock = manualClock();
    const realtime = fakeRealtime();
    const connect = vi.spyOn(realtime, "connect");
    renderApp({
      signedInAs: loginResponse(),
      gateway: fakeGateway({ "GET /tenant-features": ISIUS }),
      clock,
      realtime,
    });
    expect(await screen.findByText(OPEN)).toBeInTheDocument();
    expect(connect).toHaveBeenCalledTimes(1);

    act(() => realtime.push("duplicate-tab", { message: REFUSED }));
    expect(await screen.findByText(REFUSED)).toBeInTheDocument();
    expect(screen.queryByText(OPEN)).not.toBeInTheDocument();

    // Still refused on the next try: the message again, and another try later.
    act(() => clock.advance(REFUSED_TAB_RETRY_MS));
    await waitFor(() => expect(connect).toHaveBeenCalledTimes(2));
    act(() => realtime.push("duplicate-tab", { message: REFUSED }));
    expect(await screen.findByText(REFUSED)).toBeInTheDocument();

    // Free now: the next try opens the workspace.
    act(() => clock.advance(REFUSED_TAB_RETRY_MS));
    expect(await screen.findByText(OPEN)).toBeInTheDocument();
    expect(connect).toHaveBeenCalledTimes(3);
    expect(screen.queryByText(REFUSED)).not.toBeInTheDocument();
  });
});
