// The manual transfer as an agent uses it (agent-workspace §2 manual transfer, §4 Internal transfer, §5, §9):
// renderPlugin() with the manual-transfer feature on, a fake gateway answering GET /agents and POST
// /leads/{id}/transfers, a leads stack with a current lead, and a fake dispositions API recording `recorded`.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { listAgents, type AgentListItem } from "../../src/contract/agents";
import { TRANSFER_MESSAGES, transferLeadInternally } from "../../src/contract/calls";
import { IDEMPOTENCY_HEADER } from "../../src/contract/dispositions";
import { callKey, leadsKey } from "../../src/sdk";
import {
  fakeCallControl,
  fakeGateway,
  fakeLeads,
  leadView,
  provide,
  renderPlugin,
  reply,
  type EndpointHandler,
  type FakeReply,
} from "../../src/sdk/testing";
import { dispositionsApi, type DispositionsApi } from "../dispositions/api";
import plugin from "./index";

const row = (id: number, full: string, extension: string, role: "qualifier" | "advisor"): AgentListItem => {
  const [first_name = "", last_name = ""] = full.split(" ");
  return { id, first_name, last_name, full_name: full, extension, role, level: 1, is_bilingual: false };
};
const MARIA = row(7, "Maria Lopez", "1002", "advisor");
const MARC = row(8, "Marc Gagnon", "1003", "qualifier");
/** The signed-in agent (renderPlugin's Dana Reyes, id 42): never offered to itself. */
const SELF = row(42, "Dana Reyes", "2042", "qualifier");

const agents = (...rows: AgentListItem[]): FakeReply<typeof listAgents> => ({
  status: 200,
  data: { data: rows, meta: { total: rows.length, page: 1, per_page: 10 } },
});
type TransferReply = FakeReply<typeof transferLeadInternally>;
const TRANSFERRED: TransferReply = {
  status: 201,
  data: { data: { lead_id: 31, to: 7, disposition_id: 900, call_transferred: true } },
};

async function mount(
  o: {
    flags?: Record<string, boolean>;
    roles?: string[];
    language?: "en" | "fr" | "es";
    lead?: boolean;
    transfer?: EndpointHandler<typeof transferLeadInternally>;
  } = {},
) {
  /** The list's answer to each search text (the callable agents, 10 a page); another text finds nothing (404). */
  const found: Record<string, FakeReply<typeof listAgents>> = {
    mar: agents(MARIA, SELF, MARC),
    maria: agents(MARIA),
    "1003": agents(MARC),
    zz: agents(),
    dana: agents(SELF),
  };
  const transfer = o.transfer ?? TRANSFERRED;
  const gateway = fakeGateway([
    reply(listAgents, ({ query }) =>
      query.callable === "true" && query.per_page === 10 && query.query !== undefined
        ? (found[query.query] ?? { status: 404 })
        : { status: 404 },
    ),
    reply(transferLeadInternally, (req) =>
      req.params.leadId !== 31 ? { status: 404 } : typeof transfer === "function" ? transfer(req) : transfer,
    ),
  ]);
  const leads = fakeLeads(o.lead === false ? [] : [leadView({ id: 31 })]);
  const call = fakeCallControl();
  const recorded = vi.fn();
  const dispositions = { preset: () => {}, clearPreset: () => {}, recorded } as unknown as DispositionsApi;
  const view = await renderPlugin(plugin, {
    gateway,
    agent: { roles: o.roles ?? ["qualifier"] },
    language: o.language,
    flags: o.flags ?? { "manual-transfer": true },
    services: [provide(leadsKey, leads.control), provide(dispositionsApi, dispositions), provide(callKey, call.control)],
  });
  const user = userEvent.setup({ advanceTimers: (ms) => view.clock.advance(ms) });
  const panel = () =>
    screen.getByRole("region", { name: /Manual transfer|Transfert manuel|Transferencia manual/ });
  return { ...view, gateway, found, leads, recorded, user, panel, call };
}
type Mounted = Awaited<ReturnType<typeof mount>>;

const agentBox = (m: Mounted, name = "Agent") => within(m.panel()).findByRole("combobox", { name });
const transferButton = (m: Mounted, name = "Internal Transfer") =>
  within(m.panel()).getByRole("button", { name });
const searches = (m: Mounted) =>
  m.gateway.requests.filter((r) => r.method === "GET" && r.url.startsWith("/agents"));

/** The list of matches is closed (its popover fades out). */
async function listClosed(box: HTMLElement) {
  expect(box).toHaveAttribute("aria-expanded", "false");
  await waitFor(() => expect(screen.queryByRole("listbox")).not.toBeInTheDocument());
}

/** Types `text`, lets the 250 ms pass and returns the listbox of matches. */
async function lookUp(m: Mounted, text: string) {
  await m.user.type(await agentBox(m), text);
  await m.advance(250);
  return screen.findByRole("listbox");
}

/** Chooses Maria Lopez with the keyboard. */
async function chooseMaria(m: Mounted) {
  const list = await lookUp(m, "maria");
  await within(list).findByRole("option", { name: "Maria Lopez · ext 1002 · advisor" });
  await m.user.keyboard("{ArrowDown}{Enter}");
}

describe("the manual-transfer panel", { timeout: 20_000 }, () => {
  it("shows for qualifiers and advisors when the call centre has the manual-transfer feature", async () => {
    for (const roles of [["qualifier"], ["advisor"]]) {
      const m = await mount({ roles });
      expect(m.panels.map((p) => p.id)).toContain("transfers.manual");
      expect(await agentBox(m)).toBeInTheDocument();
      m.unmount();
    }
    const off = await mount({ flags: {} });
    expect(off.panels.map((p) => p.id)).not.toContain("transfers.manual");
  });

  it("searches the callable agents 250 ms after the agent stops typing, and never offers the agent itself", async () => {
    const m = await mount();
    const box = await agentBox(m);
    expect(transferButton(m)).toBeDisabled(); // no agent chosen yet
    await m.user.type(box, "ma");
    await m.advance(200);
    await m.user.type(box, "r");
    await m.advance(249);
    expect(searches(m)).toEqual([]);
    await m.advance(1);
    expect(searches(m).map((r) => r.url)).toEqual(["/agents?query=mar&callable=true&per_page=10"]);
    const list = await screen.findByRole("listbox");
    expect(
      within(list)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Maria Lopez · ext 1002 · advisor", "Marc Gagnon · ext 1003 · qualifier"]);
    expect(box).toHaveAttribute("aria-expanded", "true");
    // Nothing found, and the agent alone: said so.
    await m.user.clear(box);
    await m.user.type(box, "zz");
    await m.advance(250);
    expect(await within(m.panel()).findByText("No agent matches.")).toBeInTheDocument();
    await m.user.clear(box);
    await m.user.type(box, "dana");
    await m.advance(250);
    expect(await within(m.panel()).findByText("No agent matches.")).toBeInTheDocument();
    await listClosed(box);
  });

  it("chooses a match with the arrows and Enter, or with a click; typing again drops the choice", async () => {
    const m = await mount();
    const list = await lookUp(m, "mar");
    const box = await agentBox(m);
    await m.user.keyboard("{ArrowDown}{ArrowDown}");
    const second = within(list).getByRole("option", { name: "Marc Gagnon · ext 1003 · qualifier" });
    expect(second).toHaveAttribute("aria-selected", "true");
    expect(box).toHaveAttribute("aria-activedescendant", second.id);
    await m.user.keyboard("{Enter}");
    expect(box).toHaveValue("Marc Gagnon");
    await listClosed(box);
    expect(transferButton(m)).toBeEnabled();

    await m.user.type(box, "x");
    expect(transferButton(m)).toBeDisabled();
    await m.user.clear(box);
    const again = await lookUp(m, "1003");
    await m.user.click(within(again).getByRole("option", { name: /Marc Gagnon/ }));
    expect(box).toHaveValue("Marc Gagnon");
    expect(transferButton(m)).toBeEnabled();
    // Escape closes the list without choosing.
    await m.user.clear(box);
    await lookUp(m, "mar");
    await m.user.keyboard("{Escape}");
    await listClosed(box);
    expect(transferButton(m)).toBeDisabled();
  });

  it("keeps Internal Transfer off without a current lead", async () => {
    const m = await mount({ lead: false });
    await chooseMaria(m);
    expect(transferButton(m)).toBeDisabled();
    expect(within(m.panel()).getByText("Open a lead to transfer it.")).toBeInTheDocument();
    act(() => m.leads.setCurrent(leadView({ id: 31 })));
    expect(transferButton(m)).toBeEnabled();
  });

  it("transfers the lead under an Idempotency-Key, closes it, and waits 30 s before the next one", async () => {
    let answer: (r: TransferReply) => void = () => {};
    const m = await mount({ transfer: () => new Promise<TransferReply>((resolve) => (answer = resolve)) });
    await chooseMaria(m);
    await m.user.click(transferButton(m));
    // While the press runs, a second one cannot go.
    expect(transferButton(m)).toBeDisabled();
    const posts = m.gateway.requests.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ url: "/leads/31/transfers", body: { to: 7 } });
    expect(posts[0]!.headers[IDEMPOTENCY_HEADER.toLowerCase()]).toMatch(/^[0-9a-f-]{36}$/);
    await act(async () => answer(TRANSFERRED));

    expect(m.notify.shown).toContainEqual({ intent: "success", text: "Lead transferred to Maria Lopez." });
    expect(m.recorded).toHaveBeenCalledWith(31, "Internal Transfer");
    expect(within(m.panel()).getByText("You can transfer again in 30 s.")).toBeInTheDocument();
    expect(transferButton(m)).toBeDisabled();
    expect(await agentBox(m)).toHaveValue("");

    await chooseMaria(m);
    expect(transferButton(m)).toBeDisabled();
    await m.advance(29_000 - 250);
    expect(within(m.panel()).getByText("You can transfer again in 1 s.")).toBeInTheDocument();
    expect(transferButton(m)).toBeDisabled();
    await m.advance(1000);
    expect(within(m.panel()).queryByText(/transfer again/)).not.toBeInTheDocument();
    expect(transferButton(m)).toBeEnabled();
  });

  it("says when the colleague's phone did not take the call: the lead is theirs, the caller still with the agent", async () => {
    const m = await mount();
    await agentBox(m);
    act(() =>
      m.call.push({
        callId: 9,
        leadId: 31,
        status: "answered",
        bridged: true,
        conference: null,
        transfer: {
          kind: "internal",
          level: 1,
          party: "1002",
          name: "Maria Lopez",
          outcome: "failed",
          message: "The transfer target could not be reached. The lead is still with you.",
          disposition: { disposition: "Internal Transfer", reason: null, saved: true },
        },
      }),
    );
    expect(within(m.panel()).getByRole("status")).toHaveTextContent(
      "Maria Lopez's phone could not be reached: the lead is theirs now, and the call is still with you.",
    );
  });

  it("waits for the call to be answered before handing the lead over", async () => {
    const m = await mount();
    act(() => m.call.push({ callId: 9, leadId: 31, status: "dialing", bridged: false, answeredAt: null }));
    await chooseMaria(m);
    expect(transferButton(m)).toBeDisabled();
    expect(within(m.panel()).getByText("The call is not answered yet: transfer once it is.")).toBeInTheDocument();
    act(() => m.call.push({ callId: 9, leadId: 31 }));
    expect(transferButton(m)).toBeEnabled();
  });

  it("says the gateway's 429 with its Retry-After seconds, and waits them", async () => {
    const m = await mount({
      transfer: {
        status: 429,
        data: { message: TRANSFER_MESSAGES.internalTooSoon },
        headers: { "Retry-After": "12" },
      },
    });
    await chooseMaria(m);
    await m.user.click(transferButton(m));
    expect(m.notify.shown).toContainEqual({
      intent: "error",
      text: "Wait 30 seconds between internal transfers. Try again in 12 s.",
    });
    expect(m.recorded).not.toHaveBeenCalled();
    expect(within(m.panel()).getByText("You can transfer again in 12 s.")).toBeInTheDocument();
    await m.advance(12_000);
    expect(transferButton(m)).toBeEnabled();
  });

  it("words the gateway's refusals in the agent's language", async () => {
    const cases: [TransferReply, string][] = [
      [
        {
          status: 422,
          data: {
            message: TRANSFER_MESSAGES.internalTarget,
            errors: { to: [TRANSFER_MESSAGES.internalTarget] },
          },
        },
        "L'agent destinataire doit être un autre agent de votre centre d'appels ayant un poste.",
      ],
      [
        { status: 409, data: { message: TRANSFER_MESSAGES.internalInConference } },
        "Terminez la conférence avant de transférer l'appel à un collègue.",
      ],
      [
        { status: 403, data: { message: "This action is unauthorized." } },
        "Ce prospect n'est pas le vôtre : vous ne pouvez pas le transférer.",
      ],
      [{ status: 404, data: { message: "Not found." } }, "Ce prospect est introuvable."],
    ];
    for (const [reply, text] of cases) {
      const m = await mount({ language: "fr", transfer: reply });
      const list = await (async () => {
        await m.user.type(await agentBox(m, "Agent"), "maria");
        await m.advance(250);
        return screen.findByRole("listbox");
      })();
      await m.user.click(within(list).getByRole("option", { name: "Maria Lopez · poste 1002 · conseiller" }));
      await m.user.click(transferButton(m, "Transfert interne"));
      expect(m.notify.shown, text).toContainEqual({ intent: "error", text });
      expect(m.recorded).not.toHaveBeenCalled();
      // Refused: the agent may try again at once.
      expect(transferButton(m, "Transfert interne")).toBeEnabled();
      m.unmount();
    }
  });

  it("says when the agents cannot be searched", async () => {
    const m = await mount();
    m.found.maria = { status: 500, data: { message: "Something went wrong." } };
    await m.user.type(await agentBox(m), "maria");
    await m.advance(250);
    expect(await within(m.panel()).findByText("The agents could not be searched.")).toBeInTheDocument();
  });
});
