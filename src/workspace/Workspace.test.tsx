// The agent's grid: the default layout, edit mode, removing and adding panels, reset, and a panel that throws
// while the others keep working. The workspace session is the real one, over fake plugins and a fake gateway.
import { BlueprintProvider } from "@blueprintjs/core";
import { act, render, screen, waitFor, waitForElementToBeRemoved, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axios from "axios";
import { observer } from "mobx-react-lite";
import { types } from "mobx-state-tree";
import { lazy } from "react";
import { I18nextProvider } from "react-i18next";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { API_BASE } from "../contract/common";
import { LAYOUT_VERSION, type LayoutItem } from "../contract/layout";
import { manualClock } from "../shared/clock";
import { definePlugin, type Catalogue } from "../core/plugin";
import { usePlugin } from "../core/PluginScope";
import { defineVariant, type VariantCatalogue } from "../core/variant";
import { createI18n } from "../i18n/i18n";
import { memoryStorage } from "../store/storage";
import { fakeGateway, type Reply } from "../test/fakeGateway";
import { SAVE_DEBOUNCE_MS } from "./layoutService";
import { GRID_MARGIN } from "./useRowHeight";
import { fakeRealtime } from "../test/fakeRealtime";
import { createWorkspaceSession } from "./session";
import { Workspace } from "./Workspace";
import { TEST_AGENT } from "../sdk/testing/renderPlugin";

// react-grid-layout measures its container (useContainerWidth); jsdom lays nothing out, so every element
// reports 0 px. Give elements a desktop width instead.
let widthBefore: PropertyDescriptor | undefined;
beforeAll(() => {
  widthBefore = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "clientWidth");
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => 1200 });
});
afterAll(() => {
  if (widthBefore) Object.defineProperty(HTMLElement.prototype, "clientWidth", widthBefore);
});

// --- Three small plugins: one that works, one whose panel throws, one only placed from the picker. ---
const Tally = types.model("Tally", { count: types.optional(types.number, 0) }).actions((self) => ({
  bump() {
    self.count += 1;
  },
}));
const NotesPanel = observer(function NotesPanel() {
  const { store } = usePlugin<{ count: number; bump(): void }, unknown>();
  return (
    <button type="button" onClick={() => store.bump()}>
      Count: {store.count}
    </button>
  );
});
function BrokenPanel(): never {
  throw new Error("the weather service sent nonsense");
}

const en = (title: string) => async () => ({ default: { title } });
const notes = definePlugin({
  id: "notes",
  model: Tally,
  panels: [
    {
      id: "notes.pad",
      title: "title",
      component: lazy(async () => ({ default: NotesPanel })),
      size: { w: 6, h: 8, minW: 3 },
    },
  ],
  locales: { en: en("Notes") },
});
const weather = definePlugin({
  id: "weather",
  panels: [
    {
      id: "weather.today",
      title: "title",
      component: lazy(async () => ({ default: BrokenPanel })),
      size: { w: 6, h: 8 },
    },
  ],
  locales: { en: en("Weather") },
});
const clockPlugin = definePlugin({
  id: "world-clock",
  panels: [
    {
      id: "world-clock.face",
      title: "title",
      component: lazy(async () => ({ default: () => <p>12:00</p> })),
      size: { w: 4, h: 5 },
    },
    {
      id: "world-clock.admin",
      title: "admin",
      component: lazy(async () => ({ default: () => null })),
      size: { w: 4, h: 5 },
      requires: { roles: ["manager"] },
    },
  ],
  locales: { en: async () => ({ default: { title: "World clock", admin: "Clock admin" } }) },
});
// A panel that matters only on the phone (an extra recording's button).
const recorder = definePlugin({
  id: "recorder",
  panels: [
    {
      id: "recorder.button",
      title: "title",
      component: lazy(async () => ({ default: () => <button type="button">Record</button> })),
      size: { w: 4, h: 2 },
      shownWhile: "call",
    },
  ],
  locales: { en: en("Recorder") },
});
const catalogue: Catalogue = {
  recorder: async () => ({ default: recorder }),
  notes: async () => ({ default: notes }),
  weather: async () => ({ default: weather }),
  "world-clock": async () => ({ default: clockPlugin }),
};

const DEFAULT_QUALIFIER = [
  { panel: "notes.pad", x: 0, y: 0, w: 6, h: 8 },
  { panel: "weather.today", x: 6, y: 0, w: 6, h: 8 },
];
const variants: VariantCatalogue = {
  isius: async () => ({
    default: defineVariant({
      id: "isius",
      code: "ISIUS",
      country: "US",
      plugins: ["notes", "weather", "world-clock", "recorder"],
      features: {},
      clientsPerLead: 1,
      languages: ["en", "es"],
      postal: { label: "address.zip", mask: "#####", maxLength: 5, pattern: "^\\d{5}$" },
      config: {},
      defaultLayouts: { qualifier: DEFAULT_QUALIFIER, advisor: [] },
    }),
  }),
  slica: async () => Promise.reject(new Error("not in this test")),
};

const LAYOUT_URL = "/agents/me/layouts/isius";
const asItems = (d: typeof DEFAULT_QUALIFIER): LayoutItem[] => d.map((x) => ({ i: x.panel, ...x }));

async function openWorkspace(saved: Reply = { status: 200, data: { data: null } }) {
  const gateway = fakeGateway({ [`GET ${LAYOUT_URL}`]: saved, [`PUT ${LAYOUT_URL}`]: { status: 204 } });
  const clock = manualClock();
  const i18n = createI18n("en");
  // Whether each save asked to outlive the page.
  const keepalive: boolean[] = [];
  const adapter: typeof gateway.adapter = (config) => {
    if (config.method === "put") keepalive.push(config.keepalive === true);
    return gateway.adapter(config);
  };
  const session = await createWorkspaceSession({
    http: axios.create({ baseURL: API_BASE, adapter }),
    i18n,
    clock,
    storage: memoryStorage(),
    catalogue,
    variants,
    tenant: { tenant_id: 1, name: "ISIUS", variant: "isius", country: "US", features: {} },
    // The sign-in test agent of every plugin test (id 42, qualifier, extension 2042).
    agent: TEST_AGENT,
    mode: "development",
    token: () => "token-1",
    setDeactivated: () => {},
    onSessionEnded: () => {},
    onDuplicateTab: () => {},
    connect: fakeRealtime().connect,
  });
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={i18n}>
      <BlueprintProvider>
        <Workspace session={session} />
      </BlueprintProvider>
    </I18nextProvider>,
  );
  const puts = () => gateway.requests.filter((r) => r.method === "PUT").map((r) => r.body);
  /** Lets the debounced save go out. */
  const waitForSave = async () => {
    await act(async () => clock.advance(SAVE_DEBOUNCE_MS));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  };
  return { session, gateway, clock, user, puts, waitForSave, keepalive };
}

const panel = (title: string) => screen.getByRole("region", { name: title });
const quietly = () => vi.spyOn(console, "error").mockImplementation(() => {});

describe("workspace", () => {
  it("shows the default layout of the agent's role, without edit controls, and saves nothing on opening", async () => {
    quietly();
    const { puts, waitForSave } = await openWorkspace();
    expect(await screen.findByRole("button", { name: "Count: 0" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Notes" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Weather" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "World clock" })).not.toBeInTheDocument();

    expect(screen.getByRole("button", { name: "Edit layout" })).toHaveAttribute("aria-pressed", "false");
    expect(screen.queryByRole("button", { name: "Add panel" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reset layout" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Remove/ })).not.toBeInTheDocument();

    await waitForSave();
    expect(puts()).toEqual([]);
  });

  it("gives a panel that matters only on the phone its cell on a call and in edit mode, and closes up over it between calls", async () => {
    const saved = [
      { i: "recorder.button", panel: "recorder.button", x: 0, y: 0, w: 4, h: 2 },
      { i: "notes.pad", panel: "notes.pad", x: 0, y: 2, w: 6, h: 8 },
    ];
    const { session, user, puts, waitForSave } = await openWorkspace({
      status: 200,
      data: { data: { version: LAYOUT_VERSION, items: saved } },
    });
    const notesCell = async () =>
      (await screen.findByRole("region", { name: "Notes" })).closest(".react-grid-item") as HTMLElement;
    const top = async () => /translate\([^,]+,\s*([\d.]+)px\)/.exec((await notesCell()).style.transform)?.[1];
    expect(screen.queryByRole("region", { name: "Recorder" })).not.toBeInTheDocument();
    // Notes sits at the top (below the grid's margin), where the recorder would be.
    expect(Number(await top())).toBe(GRID_MARGIN);

    act(() => session.agent.store.call.dialing(7, 31, "5555550100", "Pat Doe", "manual"));
    expect(await screen.findByRole("button", { name: "Record" })).toBeInTheDocument();
    expect(Number(await top())).toBeGreaterThan(GRID_MARGIN);

    act(() => session.agent.store.call.reset());
    await waitFor(() => expect(screen.queryByRole("region", { name: "Recorder" })).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Edit layout" }));
    expect(await screen.findByRole("region", { name: "Recorder" })).toBeInTheDocument();
    await waitForSave();
    expect(puts()).toEqual([]);
  });

  it("lets the agent choose when a panel shows: a panel for between calls steps aside on a call, and the choice is saved", async () => {
    const saved = [
      { i: "recorder.button", panel: "recorder.button", x: 0, y: 0, w: 4, h: 2 },
      { i: "notes.pad", panel: "notes.pad", x: 0, y: 2, w: 6, h: 8, shownWhile: "idle" },
      { i: "weather.today", panel: "weather.today", x: 6, y: 0, w: 6, h: 8 },
    ];
    quietly();
    const { session, user, puts, waitForSave } = await openWorkspace({
      status: 200,
      data: { data: { version: LAYOUT_VERSION, items: saved } },
    });
    expect(await screen.findByRole("region", { name: "Notes" })).toBeInTheDocument();

    // On a call the recorder takes its cell and the notes, kept for between calls, step aside.
    act(() => session.agent.store.call.dialing(7, 31, "5555550100", "Pat Doe", "manual"));
    expect(await screen.findByRole("button", { name: "Record" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("region", { name: "Notes" })).not.toBeInTheDocument());

    // In edit mode every panel shows, each with its choice; the agent keeps the weather for calls only.
    await user.click(screen.getByRole("button", { name: "Edit layout" }));
    expect(await screen.findByRole("combobox", { name: "When Notes shows" })).toHaveValue("idle");
    expect(screen.getByRole("combobox", { name: "When Recorder shows" })).toHaveValue("call");
    await user.selectOptions(screen.getByRole("combobox", { name: "When Weather shows" }), "On calls");
    await waitForSave();
    const last = puts().at(-1) as { items: LayoutItem[] };
    expect(last.items.find((it) => it.i === "weather.today")?.shownWhile).toBe("call");
    expect(last.items.find((it) => it.i === "notes.pad")?.shownWhile).toBe("idle");

    // Between calls, out of edit mode: the notes are back and the weather is gone.
    await user.click(screen.getByRole("button", { name: "Done" }));
    act(() => session.agent.store.call.reset());
    expect(await screen.findByRole("region", { name: "Notes" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("region", { name: "Weather" })).not.toBeInTheDocument());
  });

  it("restores the agent's saved layout", async () => {
    const saved = [{ i: "world-clock.face", panel: "world-clock.face", x: 0, y: 0, w: 4, h: 5 }];
    await openWorkspace({ status: 200, data: { data: { version: LAYOUT_VERSION, items: saved } } });
    expect(await screen.findByText("12:00")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Notes" })).not.toBeInTheDocument();
  });

  it("shows a panel that throws its error in its own frame, while the other panels keep working", async () => {
    const errors = quietly();
    const { user } = await openWorkspace();

    const failure = await within(panel("Weather")).findByRole("alert");
    expect(failure).toHaveTextContent("Weather stopped working");
    expect(failure).toHaveTextContent("the weather service sent nonsense");
    expect(within(failure).getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(errors).toHaveBeenCalledWith(
      "panel of plugin weather failed",
      expect.any(Error),
      expect.anything(),
    );

    const notesPanel = panel("Notes");
    expect(within(notesPanel).queryByRole("alert")).not.toBeInTheDocument();
    await user.click(within(notesPanel).getByRole("button", { name: "Count: 0" }));
    await user.click(within(notesPanel).getByRole("button", { name: "Count: 1" }));
    expect(within(notesPanel).getByRole("button", { name: "Count: 2" })).toBeInTheDocument();
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Edit layout" })).toBeEnabled();
  });

  it("offers Add panel, Reset layout and a remove button per panel in edit mode", async () => {
    quietly();
    const { user } = await openWorkspace();
    await screen.findByRole("button", { name: "Count: 0" });
    await user.click(screen.getByRole("button", { name: "Edit layout" }));

    expect(screen.getByRole("button", { name: "Done" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Add panel" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Reset layout" })).toBeInTheDocument();
    expect(within(panel("Notes")).getByRole("button", { name: "Remove Notes" })).toBeInTheDocument();
    expect(within(panel("Weather")).getByRole("button", { name: "Remove Weather" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("button", { name: "Add panel" })).not.toBeInTheDocument();
  });

  it("lists in the picker only the panels the agent may add and has not placed", async () => {
    quietly();
    const { user } = await openWorkspace();
    await screen.findByRole("button", { name: "Count: 0" });
    await user.click(screen.getByRole("button", { name: "Edit layout" }));
    await user.click(screen.getByRole("button", { name: "Add panel" }));
    const picker = await screen.findByRole("menu", { name: "Panels you can add" });
    expect(
      within(picker)
        .getAllByRole("menuitem")
        .map((m) => m.textContent),
    ).toEqual(["World clock", "Recorder"]);
  });

  it("removes a panel and adds it back from the picker, saving each change", async () => {
    quietly();
    const { user, puts, waitForSave } = await openWorkspace();
    await screen.findByRole("button", { name: "Count: 0" });
    await user.click(screen.getByRole("button", { name: "Edit layout" }));

    await user.click(screen.getByRole("button", { name: "Remove Notes" }));
    expect(screen.queryByRole("region", { name: "Notes" })).not.toBeInTheDocument();
    await waitForSave();
    expect(puts()).toEqual([
      {
        version: LAYOUT_VERSION,
        items: [{ i: "weather.today", panel: "weather.today", x: 6, y: 0, w: 6, h: 8 }],
      },
    ]);

    await user.click(screen.getByRole("button", { name: "Add panel" }));
    const picker = await screen.findByRole("menu", { name: "Panels you can add" });
    expect(
      within(picker)
        .getAllByRole("menuitem")
        .map((m) => m.textContent),
    ).toEqual(["Notes", "World clock", "Recorder"]);
    await user.click(within(picker).getByRole("menuitem", { name: "Notes" }));

    expect(await screen.findByRole("button", { name: "Count: 0" })).toBeInTheDocument();
    await waitForSave();
    expect(puts()).toHaveLength(2);
    expect(puts()[1]).toEqual({
      version: LAYOUT_VERSION,
      items: [
        { i: "weather.today", panel: "weather.today", x: 6, y: 0, w: 6, h: 8 },
        // Its default size, below everything else.
        { i: "notes.pad", panel: "notes.pad", x: 0, y: 8, w: 6, h: 8 },
      ],
    });
  });

  it("resets to the variant's default only after the agent confirms", async () => {
    quietly();
    const saved = [{ i: "world-clock.face", panel: "world-clock.face", x: 0, y: 0, w: 4, h: 5 }];
    const { user, puts, waitForSave } = await openWorkspace({
      status: 200,
      data: { data: { version: LAYOUT_VERSION, items: saved } },
    });
    await screen.findByText("12:00");
    await user.click(screen.getByRole("button", { name: "Edit layout" }));

    const toolbar = screen.getByRole("toolbar", { name: "Workspace layout" });
    await user.click(within(toolbar).getByRole("button", { name: "Reset layout" }));
    let dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Put every panel back where your call centre's default layout has it?");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitForElementToBeRemoved(() => screen.queryByRole("alertdialog"));
    await waitForSave();
    expect(puts()).toEqual([]);
    expect(screen.getByText("12:00")).toBeInTheDocument();

    await user.click(within(toolbar).getByRole("button", { name: "Reset layout" }));
    dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Reset layout" }));
    expect(await screen.findByRole("button", { name: "Count: 0" })).toBeInTheDocument();
    expect(screen.queryByText("12:00")).not.toBeInTheDocument();
    await waitForSave();
    expect(puts()).toEqual([{ version: LAYOUT_VERSION, items: asItems(DEFAULT_QUALIFIER) }]);
  });

  it("sends a reset made just before the page goes away as it goes, by a request that outlives the page", async () => {
    quietly();
    const saved = [{ i: "world-clock.face", panel: "world-clock.face", x: 0, y: 0, w: 4, h: 5 }];
    const { user, puts, keepalive } = await openWorkspace({
      status: 200,
      data: { data: { version: LAYOUT_VERSION, items: saved } },
    });
    await screen.findByText("12:00");
    await user.click(screen.getByRole("button", { name: "Edit layout" }));
    await user.click(
      within(screen.getByRole("toolbar", { name: "Workspace layout" })).getByRole("button", {
        name: "Reset layout",
      }),
    );
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Reset layout" }),
    );
    expect(await screen.findByRole("button", { name: "Count: 0" })).toBeInTheDocument();
    // The agent closes the tab before the save's debounce time has passed.
    expect(puts()).toEqual([]);
    await act(async () => {
      window.dispatchEvent(new Event("pagehide"));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(puts()).toEqual([{ version: LAYOUT_VERSION, items: asItems(DEFAULT_QUALIFIER) }]);
    expect(keepalive).toEqual([true]);
  });

  it("says how to start when the layout is empty", async () => {
    await openWorkspace({ status: 200, data: { data: { version: LAYOUT_VERSION, items: [] } } });
    expect(
      await screen.findByText("Choose Edit layout, then Add panel, to place your panels."),
    ).toBeInTheDocument();
  });
});
