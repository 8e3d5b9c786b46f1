// The top bar's status selector in the signed-in app: what the agent sees and picks, and pushed notices.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeGateway } from "../test/fakeGateway";
import type { AgentStatus } from "../contract/status";
import { loginResponse, statusSnapshotReply } from "../test/fixtures";
import { renderApp } from "../test/renderApp";
import { formatDuration } from "./StatusSelector";

const tenant = {
  status: 200,
  data: { tenant_id: 1, name: "ISIUS", variant: "isius", country: "US", features: {} },
};
const snapshot = (status: AgentStatus, deactivated = false) =>
  statusSnapshotReply(status, {
    deactivated,
    active: false,
    selectable: ["offline", "ready", "break", "lunch_break", "restroom", "after_call_work", "meeting", "coaching", "training"],
    allowance: { breaks_taken: 0, breaks_max: null, break_seconds_today: 0, lunches_taken: 0, lunches_max: null, cumulative_breaks: true },
  });

function signedIn() {
  const gatewayState = { deactivated: false };
  return {
    ...renderApp({
      signedInAs: loginResponse(),
      gateway: fakeGateway({
        "GET /tenant-features": tenant,
        "GET /agents/me/status": () => snapshot("offline", gatewayState.deactivated),
        "POST /agent-statuses": (req) => ({
          status: 201,
          data: { data: { status: (req.body as { status: string }).status, duration: 0 } },
        }),
        "PUT /extensions/parameters/dnd": { status: 204 },
      }),
    }),
    gatewayState,
  };
}

describe("status selector", () => {
  it("starts offline with the reminder, offers the agent's statuses by name, and goes Ready", async () => {
    const { user } = signedIn();
    const button = await screen.findByRole("button", { name: "Status: Offline" });
    expect(
      await screen.findByText("You must toggle active status in order to receive calls."),
    ).toBeInTheDocument();
    await user.click(button);
    const menu = await screen.findByRole("menu", { name: "Status" });
    for (const name of ["Ready", "Break", "Lunch Break", "After Call Work", "Training"]) {
      expect(within(menu).getByRole("menuitem", { name })).toBeInTheDocument();
    }
    await user.click(within(menu).getByRole("menuitem", { name: "Ready" }));
    expect(await screen.findByRole("button", { name: "Status: Ready" })).toBeInTheDocument();
    expect(screen.getByRole("timer", { name: "Time in status" })).toHaveTextContent("00:00");
    expect(
      screen.queryByText("You must toggle active status in order to receive calls."),
    ).not.toBeInTheDocument();
  });

  it("shows an overstay notice pushed by the gateway in the agent's language", async () => {
    const { realtime } = signedIn();
    await screen.findByRole("button", { name: "Status: Offline" });
    realtime.push("overstay", {
      id: 3,
      status: "break",
      role: "qualifier",
      message: "users.overstayed.qualifier.break",
      limit: 1800,
      duration: 1800,
    });
    expect(
      await screen.findByText(
        "You have been on break for more than 30 minutes today. Please switch back to Ready.",
      ),
    ).toBeInTheDocument();
  });

  it("replaces the selector with the deactivated label when a manager disables calling", async () => {
    const { realtime, gatewayState } = signedIn();
    await screen.findByRole("button", { name: "Status: Offline" });
    gatewayState.deactivated = true;
    realtime.push("calling-status", {
      deactivated: true,
      message: "A manager disabled calling for your extension",
    });
    expect(await screen.findByText("deactivated")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Status:/ })).not.toBeInTheDocument();
    expect(screen.getAllByText("A manager disabled calling for your extension").length).toBeGreaterThan(0);
  });

  it("formats the timer as mm:ss, then h:mm:ss", () => {
    expect(formatDuration(0)).toBe("00:00");
    expect(formatDuration(75)).toBe("01:15");
    expect(formatDuration(3 * 3600 + 62)).toBe("3:01:02");
  });
});
