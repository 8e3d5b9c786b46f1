// The lead card as an agent sees it on a call, mounted through renderPlugin() with the SDK's fake leads
// stack, a fake gateway and the manual clock (2026-01-05 14:00 UTC: 8:00 AM in Chicago).
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { readLeadHistory, type LeadHistory } from "../../src/contract/leadHistory";
import { callEnded, callKey, leadsKey, type LeadView } from "../../src/sdk";
import {
  fakeCallControl,
  fakeGateway,
  fakeLeads,
  historyCall,
  leadView,
  provide,
  renderPlugin,
  reply,
  type FakeReply,
  type RenderPluginOptions,
} from "../../src/sdk/testing";
import { catalogue } from "../catalogue";
import leadCard from "./index";

const lead = (over: Partial<LeadView> = {}) =>
  leadView({
    id: 31,
    firstName: "Pat",
    lastName: "Doe",
    phone: "+15555550100",
    state: "tx",
    timezone: "America/Chicago",
    status: "Callback Scheduled",
    campaign: "Final Expense",
    dials: 4,
    notes: "Prefers mornings; spouse decides on anything above fifty thousand dollars of coverage",
    ...over,
  });

const history = (over: Partial<LeadHistory> = {}): LeadHistory => ({
  dispositions: [
    {
      id: 2,
      created_at: "2026-01-04T16:05:00.000Z",
      agent_name: "Dana Reyes",
      disposition: "Not Interested",
      reason: "Already has coverage",
      reason_other: null,
      notes: "Has a policy through work",
      date_time: null,
    },
    {
      id: 1,
      created_at: "2026-01-02T15:01:00.000Z",
      agent_name: "Sam Lee",
      disposition: "Voicemail",
      reason: null,
      reason_other: null,
      notes: "",
      date_time: null,
    },
  ],
  calls: [
    historyCall(),
    historyCall(undefined, {
      id: 11,
      started_at: "2026-01-02T15:00:00.000Z",
      type: "auto",
      duration: null,
      agent_name: "Sam Lee",
    }),
  ],
  ...over,
});
type HistoryReply = FakeReply<typeof readLeadHistory>;
const ok = (h: LeadHistory = history()): HistoryReply => ({ status: 200, data: { data: h } });

/** `histories`: the gateway's answer by lead id (lead 31's history by default; another lead's: 404). */
async function mount(
  current: LeadView | null,
  o: RenderPluginOptions & { histories?: Record<number, HistoryReply> } = {},
) {
  const stack = fakeLeads(current ? [current] : []);
  const histories: Record<number, HistoryReply> = { 31: ok(), ...o.histories };
  const gateway =
    o.gateway ??
    fakeGateway([reply(readLeadHistory, ({ params }) => histories[params.id] ?? { status: 404 })]);
  const call = fakeCallControl();
  const view = await renderPlugin(leadCard, {
    ...o,
    gateway,
    services: [provide(leadsKey, stack.control), provide(callKey, call.control), ...(o.services ?? [])],
  });
  return { ...view, stack, call, histories };
}

/** The value next to a fact's label. */
const fact = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling as HTMLElement;
/** The history's entries, top to bottom, as their text. */
const entries = () =>
  within(screen.getByRole("list", { name: /History|Historique|Historial/ }))
    .getAllByRole("listitem")
    .map((li) => li.textContent);

describe("lead card", () => {
  it("shows the current lead: name, formatted phone, state, local time and zone, status, campaign, dials, notes", async () => {
    await mount(lead());
    expect(await screen.findByRole("heading", { name: "Pat Doe" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Current lead" })).toBeInTheDocument();
    expect(screen.getByText("(555) 555-0100")).toBeInTheDocument();
    expect(screen.getByLabelText("Status: Callback Scheduled")).toBeInTheDocument();
    expect(fact("State")).toHaveTextContent("TX");
    expect(fact("Local time")).toHaveTextContent("8:00 AM CST · America/Chicago");
    expect(fact("Campaign")).toHaveTextContent("Final Expense");
    expect(fact("Dials")).toHaveTextContent("4");
    // Long notes are cut to one line; the whole text is there and focusable for its tooltip.
    const notes = within(fact("Notes")).getByText(/^Prefers mornings/);
    expect(notes).toHaveTextContent(
      "Prefers mornings; spouse decides on anything above fifty thousand dollars of coverage",
    );
    expect(notes).toHaveAttribute("tabindex", "0");
    expect(screen.queryByRole("button", { name: "Show CRE notes" })).not.toBeInTheDocument();
  });

  it("shows the full notes in a tooltip when the agent reaches them with the keyboard", async () => {
    const { user } = await mount(lead());
    await screen.findByRole("heading", { name: "Pat Doe" });
    await user.tab(); // the panel's scrolling body
    expect(
      screen.getByRole("region", { name: "Current lead" }).querySelector(".isi-panel__body"),
    ).toHaveFocus();
    await user.tab(); // the campaign, cut the same way
    expect(within(fact("Campaign")).getByText("Final Expense")).toHaveFocus();
    await user.tab();
    expect(within(fact("Notes")).getByText(/^Prefers mornings/)).toHaveFocus();
    // The tooltip repeats the whole text beside the cut cell.
    const whole = "Prefers mornings; spouse decides on anything above fifty thousand dollars of coverage";
    await waitFor(() => expect(screen.getAllByText(whole)).toHaveLength(2));
    expect(screen.getAllByText(whole)[1]!.closest(".bp6-tooltip")).not.toBeNull();
  });

  it("ticks the lead's local time each minute on the clock", async () => {
    const { advance } = await mount(lead({ timezone: "America/New_York" }));
    await screen.findByRole("heading", { name: "Pat Doe" });
    expect(fact("Local time")).toHaveTextContent("9:00 AM EST");
    await advance(59_999);
    expect(fact("Local time")).toHaveTextContent("9:00 AM EST");
    await advance(1);
    expect(fact("Local time")).toHaveTextContent("9:01 AM EST");
    await advance(60 * 60_000);
    expect(fact("Local time")).toHaveTextContent("10:01 AM EST");
  });

  it("says so when the lead's time zone is unknown", async () => {
    await mount(lead({ timezone: null, state: null, campaign: null, notes: "" }));
    await screen.findByRole("heading", { name: "Pat Doe" });
    expect(fact("Local time")).toHaveTextContent("Time zone unknown");
    expect(fact("State")).toHaveTextContent("—");
    expect(fact("Campaign")).toHaveTextContent("—");
    expect(fact("Notes")).toHaveTextContent("—");
  });

  it("names the region a province in the Canadian call centre", async () => {
    await mount(lead({ state: "on", timezone: "America/Toronto" }), { variant: "slica" });
    await screen.findByRole("heading", { name: "Pat Doe" });
    expect(fact("Province")).toHaveTextContent("ON");
    expect(screen.queryByText("State", { selector: "dt" })).not.toBeInTheDocument();
  });

  it("says there is no lead yet, and asks the gateway nothing", async () => {
    const { gateway } = await mount(null);
    expect(await screen.findByText("No lead on this call yet")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "History" })).not.toBeInTheDocument();
    expect(gateway.requests).toEqual([]);
  });

  it("lists the lead's dispositions and calls, newest first, with when, who, what, why and how long", async () => {
    const { gateway } = await mount(lead());
    expect(await screen.findByRole("list", { name: "History" })).toBeInTheDocument();
    expect(gateway.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /leads/31/history"]);
    expect(entries()).toEqual([
      "DispositionNot InterestedJan 4, 2026, 4:05 PM UTCby Dana Reyes · reason: Already has coverageHas a policy through work",
      "CallManual · outgoingJan 4, 2026, 4:00 PM UTCtalked 1:35 · by Dana Reyes",
      "DispositionVoicemailJan 2, 2026, 3:01 PM UTCby Sam Lee",
      "CallAuto · outgoingJan 2, 2026, 3:00 PM UTCnot connected · by Sam Lee",
    ]);
  });

  it("says the call under way is on now, rather than not connected", async () => {
    const { call } = await mount(lead());
    await screen.findByRole("list", { name: "History" });
    const [, newest] = history().calls;
    act(() => call.push({ callId: newest!.id, leadId: 31, status: "answered", bridged: true }));
    expect(entries()[3]).toBe("CallAuto · outgoingJan 2, 2026, 3:00 PM UTCon the call now · by Sam Lee");
    act(() =>
      call.push({
        callId: newest!.id,
        leadId: 31,
        status: "ended",
        bridged: true,
        endedAt: "2026-01-05T14:01:00.000Z",
      }),
    );
    expect(entries()[3]).toBe("CallAuto · outgoingJan 2, 2026, 3:00 PM UTCnot connected · by Sam Lee");
  });

  it("shows with a call what the call centre's plugins kept with it, each drawn by its own plugin", async () => {
    // The disclosures and recordings plugins as the product has them: a qualifier gets their facets, not their panels.
    const providers = [(await catalogue.disclosures()).default, (await catalogue.recordings()).default];
    const calls = history().calls;
    calls[0] = {
      ...calls[0]!,
      facets: {
        disclosures: {
          disclosures: [
            {
              at: "2026-01-04T16:01:00.000Z",
              carrier: "gtl",
              company: "Guarantee Trust Life Insurance Company",
              wording: "aa",
              language: "en",
              steps: 6,
              completed: true,
            },
          ],
          playbacks: [
            { at: "2026-01-04T16:00:30.000Z", media: "disclosures/aa-en", seconds: 8.8, end: "done" },
          ],
        },
        recordings: {
          recordings: [{ id: 4, index: 1, at: "2026-01-04T16:00:10.000Z", seconds: 7, state: "complete" }],
        },
        // A plugin this call centre does not have kept something too: the card shows nothing of it.
        "call-notes": { text: "kept elsewhere" },
      },
    };
    await mount(lead(), {
      providers,
      flags: { disclosures: true, "recording-panel": true },
      histories: { 31: ok(history({ calls })) },
    });
    await screen.findByRole("list", { name: "History" });
    // Each plugin's component loads on its own (lazy), in the registry's order of plugins.
    await waitFor(() =>
      expect(entries()[1]).toBe(
        "CallManual · outgoingJan 4, 2026, 4:00 PM UTCtalked 1:35 · by Dana Reyes" +
          "Disclosure Guarantee Trust Life Insurance Company (EN): 6 steps · read to the end" +
          "Disclosure audio played 8.8 s · to its end" +
          "Recording 1 · 7 sPlay",
      ),
    );
    expect(screen.getByRole("button", { name: "Play Recording 1" })).toBeInTheDocument();
    // The older call has nothing kept with it.
    expect(entries()[3]).toBe("CallAuto · outgoingJan 2, 2026, 3:00 PM UTCnot connected · by Sam Lee");
  });

  it("says when the lead has no history", async () => {
    await mount(lead(), { histories: { 31: ok({ dispositions: [], calls: [] }) } });
    expect(await screen.findByText("No earlier dispositions or calls.")).toBeInTheDocument();
  });

  it("reads the history again after the call ends", async () => {
    const { gateway, emit, histories } = await mount(lead());
    await screen.findByRole("list", { name: "History" });
    expect(entries()).toHaveLength(4);

    const newer = history();
    newer.dispositions.unshift({
      id: 3,
      created_at: "2026-01-05T14:03:00.000Z",
      agent_name: "Dana Reyes",
      disposition: "Callback Scheduled",
      reason: "At work",
      reason_other: null,
      notes: "Call back after 5",
      date_time: "2026-01-05T23:00:00.000Z",
    });
    newer.calls.unshift({
      id: 13,
      started_at: "2026-01-05T14:00:00.000Z",
      type: "inbound",
      direction: 1,
      duration: 160,
      agent_name: "Dana Reyes",
      live_transfer: 0,
    });
    histories[31] = ok(newer);
    await emit(callEnded, { callId: 13, leadId: 31, duration: 160, shortCall: false, bridged: true });

    expect(await screen.findByText("Call back after 5")).toBeInTheDocument();
    expect(gateway.requests).toHaveLength(2);
    expect(entries().slice(0, 2)).toEqual([
      "DispositionCallback ScheduledJan 5, 2026, 2:03 PM UTCby Dana Reyes · reason: At workCall back after 5",
      "CallInbound · incomingJan 5, 2026, 2:00 PM UTCtalked 2:40 · by Dana Reyes",
    ]);
  });

  it("follows the current lead: another lead's history replaces the first, and none leaves the empty card", async () => {
    const { gateway, stack } = await mount(lead(), {
      histories: { 32: ok({ dispositions: [], calls: [] }) },
    });
    await screen.findByRole("list", { name: "History" });

    act(() => stack.setCurrent(lead({ id: 32, firstName: "Lee", lastName: "Park" })));
    expect(await screen.findByRole("heading", { name: "Lee Park" })).toBeInTheDocument();
    expect(await screen.findByText("No earlier dispositions or calls.")).toBeInTheDocument();
    expect(screen.queryByText("Has a policy through work")).not.toBeInTheDocument();
    expect(gateway.requests.map((r) => r.url)).toEqual(["/leads/31/history", "/leads/32/history"]);

    act(() => stack.setCurrent(null));
    expect(await screen.findByText("No lead on this call yet")).toBeInTheDocument();
  });

  it("says when the history could not be read, and reads it again on Retry", async () => {
    const { histories, user } = await mount(lead(), {
      histories: { 31: { status: 500, data: { message: "Server Error" } } },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("The lead's history could not be loaded.");
    histories[31] = ok();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("list", { name: "History" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("reveals the CRE notes on demand, one entry per line with its stamp, when there are some", async () => {
    const { user } = await mount(
      lead({
        creNotes:
          "2026-01-04 | 10:15:02 - Client asked for a French-speaking advisor<br>Imported from the web form",
      }),
    );
    const show = await screen.findByRole("button", { name: "Show CRE notes" });
    expect(show).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByText("Client asked for a French-speaking advisor")).not.toBeInTheDocument();
    await user.click(show);
    expect(
      within(screen.getByRole("list", { name: "CRE notes" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "2026-01-04 | 10:15:02 · Client asked for a French-speaking advisor",
      "Imported from the web form",
    ]);
    await user.click(screen.getByRole("button", { name: "Hide CRE notes" }));
    expect(screen.queryByText("Client asked for a French-speaking advisor")).not.toBeInTheDocument();
  });

  it("marks an inbound lead, a redistributed follow-up and a transferred lead (with who transferred it)", async () => {
    const plain = await mount(lead());
    await screen.findByRole("list", { name: "History" });
    expect(screen.queryByRole("list", { name: "About this lead" })).not.toBeInTheDocument();
    plain.unmount();

    const transferred = history();
    transferred.dispositions.unshift({
      id: 5,
      created_at: "2026-01-05T10:00:00.000Z",
      agent_name: "Sam Lee",
      disposition: "Live_Transfer",
      reason: null,
      reason_other: null,
      notes: "",
      date_time: null,
    });
    await mount(lead({ isInbound: true, isRedistributedFollowup: true }), {
      histories: { 31: ok(transferred) },
    });
    const flags = await screen.findByRole("list", { name: "About this lead" });
    expect(await within(flags).findByText("Transferred by Sam Lee")).toBeInTheDocument();
    expect(
      within(flags)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Inbound lead", "Transferred by Sam Lee", "Redistributed follow-up"]);
  });

  it("marks a lead whose call under way came in as a transfer", async () => {
    const { call } = await mount(lead());
    await screen.findByRole("list", { name: "History" });
    act(() => call.push({ callId: 70, leadId: 31, type: "transfer", direction: 1 }));
    expect(await screen.findByText("Transferred")).toBeInTheDocument();
  });

  it.each([
    [
      "fr",
      "Prospect en cours",
      "Heure locale",
      "Historique",
      "Statut : Rappel planifié",
      "Pas intéressé",
      "A déjà une couverture",
      "Manuel · sortant",
    ],
    [
      "es",
      "Prospecto actual",
      "Hora local",
      "Historial",
      "Estado: Devolución de llamada programada",
      "No interesado",
      "Ya tiene cobertura",
      "Manual · saliente",
    ],
  ] as const)(
    "speaks %s",
    async (language, title, localTime, historyTitle, status, notInterested, reason, call) => {
      await mount(lead(), { language });
      expect(await screen.findByRole("heading", { name: title })).toBeInTheDocument();
      expect(screen.getByText(localTime, { selector: "dt" })).toBeInTheDocument();
      expect(await screen.findByRole("list", { name: historyTitle })).toBeInTheDocument();
      expect(screen.getByLabelText(status)).toBeInTheDocument();
      expect(screen.getByText(notInterested)).toBeInTheDocument();
      expect(screen.getByText(new RegExp(reason))).toBeInTheDocument();
      expect(screen.getByText(call)).toBeInTheDocument();
      expect(
        screen.queryByText(/Local time|Campaign|Dials|History|Not Interested|outgoing/),
      ).not.toBeInTheDocument();
    },
  );

  it("says there is no lead in French and Spanish", async () => {
    const fr = await mount(null, { language: "fr" });
    expect(await screen.findByText("Aucun prospect sur cet appel pour l'instant")).toBeInTheDocument();
    fr.unmount();
    await mount(null, { language: "es" });
    expect(await screen.findByText("Todavía no hay ningún prospecto en esta llamada")).toBeInTheDocument();
  });
});
