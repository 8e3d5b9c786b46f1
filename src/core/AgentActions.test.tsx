// Agent actions: a plugin that lists agents offers, in its row menu, the actions other enabled plugins declare,
// each opened in its own plugin's scope; an action not offered for an agent is left out; one whose dialog throws
// is logged and closed while the list stays.
import { Button, Dialog, Menu } from "@blueprintjs/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { lazy, useState } from "react";
import { describe, expect, it } from "vitest";
import {
  AgentActionDialog,
  AgentActionItems,
  definePlugin,
  usePlugin,
  type AgentActionProps,
  type AgentRef,
} from "../sdk";
import { renderPlugin } from "../sdk/testing";

/** An action's dialog that says whose scope it renders in, and what that plugin's service gives. */
function Stats({ agent, onClose }: AgentActionProps) {
  const { pluginId, api } = usePlugin<unknown, { sign(): string }>();
  return (
    <Dialog isOpen title={`Statistics of ${agent.name}`} onClose={onClose}>
      {pluginId}: {api.sign()}
      <Button text="Done" onClick={onClose} />
    </Dialog>
  );
}

function Broken(): never {
  throw new Error("the dialog broke");
}

const stats = definePlugin({
  id: "agent-stats",
  setup: () => ({ sign: () => "signed by agent-stats" }),
  agentActions: [{ id: "stats", title: "Statistics", icon: "timeline-bar-chart", component: Stats }],
});
const licences = definePlugin({
  id: "agent-licences",
  agentActions: [{ id: "licences", title: "Health licences", offeredFor: (a) => a.role === "advisor", component: Stats }],
});
const broken = definePlugin({ id: "agent-broken", agentActions: [{ id: "broken", title: "Break it", component: Broken }] });

const jordan: AgentRef = { id: 7, name: "Jordan Reyes", role: "qualifier" };

/** The listing plugin: one agent's menu, and the chosen action's dialog. */
function Row() {
  const [open, setOpen] = useState<Parameters<typeof AgentActionDialog>[0]["action"] | null>(null);
  return (
    <>
      <Menu aria-label="Actions">
        <AgentActionItems agent={jordan} onOpen={setOpen} />
      </Menu>
      {open && <AgentActionDialog action={open} agent={jordan} onClose={() => setOpen(null)} />}
    </>
  );
}
const floor = definePlugin({
  id: "agent-list",
  panels: [{ id: "agent-list.panel", title: "List", component: lazy(async () => ({ default: Row })), size: { w: 4, h: 4 } }],
});

describe("agent actions", () => {
  it("offers the other plugins' actions on an agent and opens each in its own plugin's scope", async () => {
    await renderPlugin(floor, { providers: [stats, licences] });
    const user = userEvent.setup();
    await screen.findByRole("menu", { name: "Actions" });
    expect(screen.getAllByRole("menuitem").map((m) => m.textContent)).toEqual(["Statistics"]);
    await user.click(screen.getByRole("menuitem", { name: "Statistics" }));
    const dialog = await screen.findByRole("dialog", { name: "Statistics of Jordan Reyes" });
    expect(dialog).toHaveTextContent("agent-stats: signed by agent-stats");
    await user.click(screen.getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("closes an action whose dialog throws and logs it, and the menu stays", async () => {
    const { logged } = await renderPlugin(floor, { providers: [broken] });
    await userEvent.setup().click(await screen.findByRole("menuitem", { name: "Break it" }));
    await waitFor(() => expect(logged.some((m) => String(m).includes("the agent action broken failed"))).toBe(true));
    expect(screen.getByRole("menuitem", { name: "Break it" })).toBeInTheDocument();
  });
});
