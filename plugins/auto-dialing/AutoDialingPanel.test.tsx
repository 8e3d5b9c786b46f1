// The 'Auto dialing' panel as the agent reads it: on or off, what it waits for, the last result and why.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeGateway, reply } from "../../src/sdk/testing";
import { autoDial } from "../../src/contract/dialer";
import { mount, noLead } from "./testing";

describe("auto dialing panel", () => {
  it("says it is running while the agent is ready", async () => {
    await mount();
    expect(screen.getByRole("heading", { name: "Auto dialing" })).toBeInTheDocument();
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Auto-dialing: looking for a lead every 10 seconds.",
    );
    expect(screen.getByText("On")).toBeInTheDocument();
  });

  it("waits for the lead's disposition, then for READY", async () => {
    const { change, leads, status } = await mount({ status: "after_call_work", awaiting: 1 });
    expect(await screen.findByRole("status")).toHaveTextContent("Dispose the lead, then Save & Next");
    expect(screen.getByText("Off")).toBeInTheDocument();
    await change(() => void (leads.state.awaiting = 0));
    expect(screen.getByRole("status")).toHaveTextContent("Switch to READY to receive leads");
    await change(() => status.set("ready"));
    expect(screen.getByRole("status")).toHaveTextContent(
      "Auto-dialing: looking for a lead every 10 seconds.",
    );
  });

  it("says it is on a call while one is active", async () => {
    const { change, call } = await mount();
    await change(() => call.push({ callId: 9, status: "answered" }));
    expect(screen.getByRole("status")).toHaveTextContent(
      "On a call: auto-dialing resumes after Save & Next.",
    );
  });

  it("shows 'No lead available' with the gateway's summary, and every reason behind Why?", async () => {
    const { user } = await mount();
    expect(
      await screen.findByText("No lead available: Outside the lead's calling window (9:00-20:00)"),
    ).toBeInTheDocument();
    const why = screen.getByRole("button", { name: "Why?" });
    expect(why).toHaveAttribute("aria-expanded", "false");
    await user.click(why);
    expect(screen.getByRole("button", { name: "Hide reasons" })).toHaveAttribute("aria-expanded", "true");
    const list = screen.getByRole("list", { name: "Reasons" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Calling window: 5 skipped, e.g. Outside the lead's calling window (9:00-20:00)",
      "Do Not Call list: 2 skipped, e.g. The number is on the Do Not Call list",
    ]);
    expect(screen.getByText("Leads examined: 7")).toBeInTheDocument();
  });

  it("puts a rule that blocks every lead first", async () => {
    const gateway = fakeGateway([
      reply(
        autoDial,
        noLead({
          reasons: {},
          samples: {},
          examined: 0,
          blocked: { rule: "operation-hours", ok: false, reason: "Outside operation hours (08:00-21:00)" },
        }),
      ),
    ]);
    const { user } = await mount({ gateway });
    expect(
      await screen.findByText("No lead available: Outside operation hours (08:00-21:00)"),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Why?" }));
    expect(within(screen.getByRole("list", { name: "Reasons" })).getByRole("listitem")).toHaveTextContent(
      "Operation hours (stops every lead): Outside operation hours (08:00-21:00)",
    );
  });

  it("words a blocking rule's reason in the agent's language when the explain plugin is on", async () => {
    const gateway = fakeGateway([
      reply(
        autoDial,
        noLead({
          reasons: {},
          samples: {},
          examined: 0,
          blocked: {
            rule: "operation-hours",
            ok: false,
            reason: "The call centre is closed on Sundays (operation hours).",
            key: "hours_closed_day",
            values: { day: "Sunday" },
          },
        }),
      ),
    ]);
    const said: unknown[] = [];
    const explainer = { say: (v: { key?: string }) => (said.push(v), v.key === "hours_closed_day" ? "Fermé le dimanche" : "?") };
    await mount({ gateway, explainer });
    expect(await screen.findByText("No lead available: Fermé le dimanche")).toBeInTheDocument();
    expect(said[0]).toMatchObject({ key: "hours_closed_day", values: { day: "Sunday" } });
  });

  it("shows a refusal's message as the last result", async () => {
    await mount({
      gateway: fakeGateway([reply(autoDial, { status: 403, data: { message: "Calling is disabled" } })]),
    });
    expect(await screen.findByText("The dial was refused: Calling is disabled")).toBeInTheDocument();
  });

  it.each([
    ["fr", "Composition automatique", "Passez à DISPONIBLE pour recevoir des prospects"],
    ["es", "Marcación automática", "Cambie a DISPONIBLE para recibir prospectos"],
  ] as const)("speaks %s", async (language, title, ready) => {
    await mount({ language, status: "break" });
    expect(await screen.findByRole("heading", { name: title })).toBeInTheDocument();
    // The panel's body loads after its frame (a spinner first): wait for it as the agent would.
    expect(await screen.findByRole("status")).toHaveTextContent(ready);
  });
});
