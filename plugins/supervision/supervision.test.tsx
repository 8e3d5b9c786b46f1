import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { callEnded } from "../../src/sdk";
import { fakeGateway, renderPlugin, reply } from "../../src/sdk/testing";
import {
  leaveSupervision,
  readLiveSupervisions,
  readSupervisionAudit,
  readSupervisionSettings,
  superviseAgent,
  updateSupervisionSettings,
  type Supervision,
  type SupervisionAudit,
} from "./contract";
import plugin from "./index";

const manager = { id: 9, roles: ["manager"] };
const live: Supervision = {
  id: 4,
  manager_id: 9,
  manager_name: "Dana Whitfield",
  agent_id: 7,
  agent_name: "Jordan Reyes",
  call_id: 31,
  mode: "monitor",
  state: "live",
  started_at: "2026-01-05T13:59:00.000Z",
  answered_at: "2026-01-05T13:59:30.000Z",
  ended_at: null,
  end_reason: null,
};

describe("the manager's supervision bar", () => {
  it("shows whom the manager listens to and for how long, switches the mode on the same supervision, and leaves", async () => {
    const gateway = fakeGateway([
      reply(readLiveSupervisions, { status: 200, data: { data: [live] } }),
      reply(superviseAgent, { status: 200, data: { data: { ...live, mode: "whisper" } } }),
      reply(leaveSupervision, { status: 204, data: null }),
    ]);
    await renderPlugin(plugin, { agent: manager, gateway });
    const bar = await screen.findByRole("region", { name: "Supervision" });
    expect(within(bar).getByText("Listening to Jordan Reyes")).toBeInTheDocument();
    expect(within(bar).getByText("0:30")).toBeInTheDocument();
    expect(within(bar).getByRole("button", { name: "Listen" })).toHaveAttribute("aria-pressed", "true");
    const user = userEvent.setup();
    await user.click(within(bar).getByRole("button", { name: "Whisper" }));
    expect(await within(bar).findByText("Whispering to Jordan Reyes")).toBeInTheDocument();
    expect(gateway.requests.find((r) => r.path === "/supervision/agents/7" && r.method === "PUT")?.body).toEqual({ mode: "whisper" });
    await user.click(within(bar).getByRole("button", { name: "Leave" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Supervision" })).not.toBeInTheDocument());
    expect(gateway.requests.some((r) => r.path === "/supervision/agents/7" && r.method === "DELETE")).toBe(true);
  });

  it("follows pushes: another manager's supervision is not this manager's bar; its own ending closes it", async () => {
    const { push } = await renderPlugin(plugin, {
      agent: manager,
      gateway: fakeGateway([reply(readLiveSupervisions, { status: 200, data: { data: [] } })]),
    });
    await push("supervision-changed", { ...live, manager_id: 12, manager_name: "Sam Patel" });
    expect(screen.queryByRole("region", { name: "Supervision" })).not.toBeInTheDocument();
    await push("supervision-changed", { ...live, mode: "barge" });
    expect(await screen.findByText("On the call with Jordan Reyes")).toBeInTheDocument();
    await push("supervision-changed", { ...live, state: "ended", end_reason: "call_ended" });
    await waitFor(() => expect(screen.queryByRole("region", { name: "Supervision" })).not.toBeInTheDocument());
  });

  it("says in the manager's language why the gateway refused", async () => {
    const { notify } = await renderPlugin(plugin, {
      agent: manager,
      language: "fr",
      gateway: fakeGateway([
        reply(readLiveSupervisions, { status: 200, data: { data: [live] } }),
        reply(superviseAgent, { status: 404, data: { message: "This agent has no answered call to supervise." } }),
      ]),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Intervention" }));
    await waitFor(() => expect(notify.shown.map((n) => n.text)).toContain("Cet agent n'a plus d'appel répondu à superviser."));
  });
});

describe("the supervised agent", () => {
  it("sees who supervises its call and how, until the supervision or the call ends", async () => {
    const { push, emit } = await renderPlugin(plugin, { agent: { id: 7, roles: ["qualifier"] } });
    await push("call-supervised", { call_id: 31, manager_name: "Dana Whitfield", mode: "whisper" });
    expect(await screen.findByRole("status")).toHaveTextContent("Dana Whitfield is coaching you: only you hear them.");
    await push("call-supervised", { call_id: 31, manager_name: null, mode: null });
    await waitFor(() => expect(screen.queryByText(/Dana Whitfield/)).not.toBeInTheDocument());
    await push("call-supervised", { call_id: 31, manager_name: "Dana Whitfield", mode: "barge" });
    expect(await screen.findByText("Dana Whitfield has joined this call: the customer hears them too.")).toBeInTheDocument();
    await emit(callEnded, { callId: 31, leadId: 2, duration: 40, shortCall: false, bridged: true });
    await waitFor(() => expect(screen.queryByText(/Dana Whitfield/)).not.toBeInTheDocument());
  });
});

describe("the Supervision admin page", () => {
  it("shows the audit trail and switches whether agents see supervision", async () => {
    const row: SupervisionAudit = {
      ...live,
      state: "ended",
      ended_at: "2026-01-05T14:01:00.000Z",
      end_reason: "call_ended",
      modes: [
        { mode: "monitor", at: "2026-01-05T13:59:00.000Z" },
        { mode: "barge", at: "2026-01-05T14:00:00.000Z" },
      ],
      duration_seconds: 90,
    };
    const gateway = fakeGateway([
      reply(readLiveSupervisions, { status: 200, data: { data: [] } }),
      reply(readSupervisionSettings, { status: 200, data: { data: { agents_see_supervision: true } } }),
      reply(readSupervisionAudit, { status: 200, data: { data: [row], total: 1 } }),
      reply(updateSupervisionSettings, { status: 200, data: { data: { agents_see_supervision: false } } }),
    ]);
    await renderPlugin(plugin, { agent: { id: 1, roles: ["admin"] }, gateway, adminPage: "settings/supervision" });
    const table = await screen.findByRole("table");
    const cells = within(table).getAllByRole("row")[1]!;
    expect(cells).toHaveTextContent("Dana Whitfield");
    expect(cells).toHaveTextContent("Jordan Reyes");
    expect(cells).toHaveTextContent(/Listen \(.*\) → Barge \(.*\)/);
    expect(cells).toHaveTextContent("1:30");
    expect(cells).toHaveTextContent("Call ended");
    const user = userEvent.setup();
    await user.click(screen.getByText(/Agents see when their call is supervised/));
    await waitFor(() =>
      expect(gateway.requests.find((r) => r.path === "/supervision/settings" && r.method === "PUT")?.body).toEqual({
        agents_see_supervision: false,
      }),
    );
  });
});
