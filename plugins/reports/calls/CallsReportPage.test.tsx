// The call-detail search as a manager uses it, over the gateway's answers: today's calls in a table, filters sent
// as typed (and a bad one said at its field, nothing sent), next and previous pages by the gateway's cursors, a
// call opened beside the table with its lead, a recording played, its disclosure and the agent's status trail, the
// CSV saved as the gateway names it; and the same in French and Spanish with no English left.
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeGateway, renderPlugin, reply } from "../../../src/sdk/testing";
import { readRecordingAudio } from "../../recordings/api";
import plugin from "../index";
import { englishLeft } from "../testing";
import rootEs from "../locales/es.json";
import rootFr from "../locales/fr.json";
import {
  callDetail,
  callsReport,
  encodeCursor,
  exportCallsReport,
  type CallDetail,
  type CallRow,
  type CallsReport,
} from "./contract";
import en from "./locales/en.json";
import es from "./locales/es.json";
import fr from "./locales/fr.json";

const manager = { id: 9, roles: ["manager"] };
/** The second page's marker, as the gateway gives it. */
const NEXT = encodeCursor({ at: "2026-03-11 14:05:07.000000", id: 100 });

const row = (id: number, over: Partial<CallRow> = {}): CallRow => ({
  id,
  started_at: "2026-03-11T14:05:07.000Z",
  ended_at: "2026-03-11T14:07:00.000Z",
  agent: { id: 1, name: "Jordan Reyes" },
  lead: { id: 40, name: "Ada Lovelace" },
  number: "+12125550142",
  campaign: { id: 3, name: "Final Expense" },
  direction: "outbound",
  type: "auto",
  duration: 95,
  disposition: "Sold",
  amd: "AMD-Human-voice",
  live_transfer: false,
  recordings: 1,
  ...over,
});

const report = (over: Partial<CallsReport> = {}): CallsReport => ({
  from: "2026-03-11",
  to: "2026-03-11",
  time_zone: "America/New_York",
  as_of: "2026-03-11T18:00:00.000Z",
  today: "2026-03-11",
  agents: [
    { id: 1, name: "Jordan Reyes", role: "qualifier", active: true },
    { id: 2, name: "Avery Chen", role: "advisor", active: true },
  ],
  campaigns: [{ id: 3, name: "Final Expense" }],
  rows: [
    row(101),
    row(100, {
      lead: null,
      direction: "inbound",
      type: "inbound",
      disposition: null,
      amd: null,
      recordings: 0,
      duration: null,
      campaign: null,
      number: "+13055550199",
    }),
  ],
  next_cursor: NEXT,
  ...over,
});

const detail: CallDetail = {
  time_zone: "America/New_York",
  call: row(101),
  lead: {
    id: 40,
    name: "Ada Lovelace",
    phone: "2125550142",
    status: "Sold",
    marketing_id: "ISFX000123",
    campaign: { id: 3, name: "Final Expense" },
  },
  recordings: [
    { id: 7, index: 1, at: "2026-03-11T14:05:40.000Z", seconds: 42.3, state: "complete" },
    { id: 8, index: 2, at: "2026-03-11T14:06:10.000Z", seconds: null, state: "no_audio" },
  ],
  disclosures: [
    {
      at: "2026-03-11T14:06:30.000Z",
      carrier: "gtl",
      wording: "aa",
      language: "en",
      completed: true,
      steps: [{ step: 1, text: "This call is recorded.", answer: "Yes", at: "2026-03-11T14:06:20.000Z" }],
    },
  ],
  playbacks: [{ at: "2026-03-11T14:06:00.000Z", media: "disclosures/aa-en", seconds: 12.5, end: "done" }],
  status_trail: [
    {
      at: "2026-03-11T13:55:00.000Z",
      from: "break",
      to: "ready",
      source: "agent",
      reason: null,
      previous_seconds: 600,
    },
    {
      at: "2026-03-11T14:05:10.000Z",
      from: "ready",
      to: "on_a_call",
      source: "system",
      reason: null,
      previous_seconds: 610,
    },
    {
      at: "2026-03-11T14:07:01.000Z",
      from: "on_a_call",
      to: "after_call_work",
      source: "system",
      reason: null,
      previous_seconds: 111,
    },
  ],
};

const { createObjectURL, revokeObjectURL } = URL;
let saved: string[];
beforeEach(() => {
  let n = 0;
  URL.createObjectURL = () => `blob:calls-${++n}`;
  URL.revokeObjectURL = () => {};
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.restoreAllMocks();
});

async function open(language?: "fr" | "es") {
  const gateway = fakeGateway([
    reply(callsReport, ({ query }) => ({
      status: 200,
      data: {
        data: query.cursor
          ? report({ rows: [row(99, { agent: { id: 2, name: "Avery Chen" } })], next_cursor: null })
          : report(),
      },
    })),
    reply(callDetail, ({ params }) =>
      params.id === 101
        ? { status: 200, data: { data: detail } }
        : { status: 404, data: { message: "Not found." } },
    ),
    reply(readRecordingAudio, ({ params }) =>
      params.id === 7 ? { status: 200, data: new Blob(["RIFF"], { type: "audio/wav" }) } : { status: 404 },
    ),
    reply(exportCallsReport, {
      status: 200,
      data: "\uFEFFcall_id\r\n",
      headers: { "content-disposition": 'attachment; filename="calls-2026-03-11-2026-03-11.csv"' },
    }),
  ]);
  const page = await renderPlugin(plugin, {
    agent: manager,
    gateway,
    adminPage: "reports/calls",
    ...(language && { language }),
  });
  await screen.findByRole("table", { name: /newest first|plus récent|más reciente/ });
  return { ...page, gateway };
}

const table = () => screen.getByRole("table", { name: /newest first|plus récent|más reciente/ });
const bodyRows = () => within(table()).getAllByRole("row").slice(1);

describe("the call-detail search", () => {
  it("lists today's calls newest first, each as a manager reads it", async () => {
    await open();
    expect(screen.getByRole("heading", { name: "Calls", level: 1 })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Mar 11, 2026 · America/New_York time");
    const [first, second] = bodyRows();
    // 14:05:07 UTC is 10:05:07 in New York (daylight saving time from March 8th).
    expect(within(first!).getByRole("rowheader")).toHaveTextContent("3/11/26, 10:05:07 AM");
    expect(
      within(first!)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual([
      "Jordan Reyes",
      "Ada Lovelace",
      "212.555.0142",
      "Final Expense",
      "Outbound · Auto-dial",
      "1:35",
      "Sold",
      "Person",
      "–",
      "1",
    ]);
    expect(
      within(second!)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["Jordan Reyes", "–", "305.555.0199", "–", "Inbound · Inbound", "–", "–", "–", "–", "–"]);
    expect(screen.getByText("Page 1 · 2 calls")).toBeInTheDocument();
  });

  it("sends the filters as typed, and says a bad one at its field without asking", async () => {
    const { user, gateway } = await open();
    await user.selectOptions(screen.getByLabelText("Agent"), "Avery Chen");
    await user.type(screen.getByLabelText("Number"), "(212) 555-0142");
    await user.selectOptions(screen.getByLabelText("Direction"), "Inbound");
    await user.selectOptions(screen.getByLabelText("Disposition"), "Sold");
    await user.selectOptions(screen.getByLabelText("Answering machine"), "No verdict");
    await user.selectOptions(screen.getByLabelText("Live transfer"), "Yes");
    await user.selectOptions(screen.getByLabelText("Recording"), "No");
    await user.type(screen.getByLabelText("Shortest (s)"), "30");
    await user.click(screen.getByRole("button", { name: "Show" }));
    await waitFor(() =>
      expect(gateway.requests.at(-1)?.query).toMatchObject({
        agent_id: "2",
        phone: "(212) 555-0142",
        direction: "inbound",
        disposition: "Sold",
        amd: "none",
        transfer: "yes",
        recording: "no",
        min_duration: "30",
      }),
    );
    // Today, as the preset says: the same days again.
    expect(gateway.requests.at(-1)?.query).toMatchObject({ from: "2026-03-11", to: "2026-03-11" });

    const asked = gateway.requests.length;
    await user.type(screen.getByLabelText("Longest (s)"), "10");
    await user.click(screen.getByRole("button", { name: "Show" }));
    expect(await screen.findByText("The longest must be at least the shortest.")).toBeInTheDocument();
    expect(screen.getByText("These filters cannot be used: see the fields.")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Longest (s)"));
    await user.type(screen.getByLabelText("Number"), "x");
    await user.click(screen.getByRole("button", { name: "Show" }));
    expect(await screen.findByText(en.calls.errors.phone)).toBeInTheDocument();
    expect(screen.queryByText("The longest must be at least the shortest.")).toBeNull();
    expect(gateway.requests.length).toBe(asked);
  }, 20_000);

  it("turns to the next page by the gateway's cursor and back", async () => {
    const { user, gateway } = await open();
    expect(screen.getByRole("button", { name: "Previous page" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await screen.findByText("Page 2 · 1 calls");
    expect(gateway.requests.at(-1)?.query).toMatchObject({
      cursor: NEXT,
      from: "2026-03-11",
      to: "2026-03-11",
    });
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Next page" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Previous page" }));
    await screen.findByText("Page 1 · 2 calls");
    expect(gateway.requests.at(-1)?.query.cursor).toBeUndefined();
  });

  it("opens a call beside the table: its lead, a recording to play, its disclosure and the agent's status", async () => {
    const { user, gateway } = await open();
    await user.click(screen.getByRole("button", { name: "Call 101 at 3/11/26, 10:05:07 AM" }));
    const pane = await screen.findByRole("complementary", { name: "Call 101" });
    const lead = within(pane).getByRole("region", { name: "Lead" });
    expect(lead).toHaveTextContent("ISFX000123");
    expect(lead).toHaveTextContent("212.555.0142");
    const recordings = within(pane).getByRole("region", { name: "Recordings" });
    expect(
      within(recordings)
        .getAllByRole("listitem")
        .map((l) => l.textContent),
    ).toEqual(["Recording 1 · 42.3 sPlay", "Recording 2 · no audio"]);
    await user.click(within(recordings).getByRole("button", { name: "Play recording 1" }));
    const player = await within(recordings).findByLabelText("Recording 1", { selector: "audio" });
    expect(player).toHaveAttribute("src", "blob:calls-1");
    expect(player).toHaveAttribute("controls");
    expect(gateway.requests.at(-1)?.url).toBe("/recordings/7/audio");
    const disclosures = within(pane).getByRole("region", { name: "Disclosures" });
    expect(disclosures).toHaveTextContent("Guarantee Trust Life Insurance Company");
    expect(disclosures).toHaveTextContent("Read to the end");
    expect(disclosures).toHaveTextContent("This call is recorded. — Answer: Yes");
    expect(disclosures).toHaveTextContent("aa-en · 3/11/26, 10:06:00 AM · 12.5 s · played to the end");
    const trail = within(pane).getByRole("table", { name: "The agent's status around the call" });
    expect(
      within(trail)
        .getAllByRole("row")
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      "3/11/26, 9:55:00 AMBreakReadyAgent",
      "3/11/26, 10:05:10 AMReadyOn a CallDialer",
      "3/11/26, 10:07:01 AMOn a CallAfter Call WorkDialer",
    ]);
    await user.click(within(pane).getByRole("button", { name: "Close the call" }));
    expect(screen.queryByRole("complementary", { name: "Call 101" })).toBeNull();
  });

  it("saves the whole search as the gateway's CSV", async () => {
    const { user, gateway } = await open();
    await user.selectOptions(screen.getByLabelText("Direction"), "Outbound");
    await user.click(screen.getByRole("button", { name: "Show" }));
    await waitFor(() => expect(gateway.requests.at(-1)?.query.direction).toBe("outbound"));
    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(saved).toEqual(["calls-2026-03-11-2026-03-11.csv"]));
    const asked = gateway.requests.find((r) => r.path === "/reports/calls/export")!;
    expect(asked.query).toEqual({ from: "2026-03-11", to: "2026-03-11", direction: "outbound" });
  });

  it("says everything in French and in Spanish", async () => {
    for (const [language, texts, root, heading, call] of [
      ["fr", fr, rootFr, "Appels", "Appel 101 à 11/03/2026 10:05:07"],
      ["es", es, rootEs, "Llamadas", "Llamada 101 a las 11/3/26, 10:05:07"],
    ] as const) {
      const { unmount, user } = await open(language);
      expect(screen.getByRole("heading", { name: heading, level: 1 })).toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: call }));
      await within(await screen.findByRole("complementary")).findByRole("table");
      expect(englishLeft(texts, en)).toEqual([]);
      expect(englishLeft(root)).toEqual([]);
      unmount();
    }
  });
});
