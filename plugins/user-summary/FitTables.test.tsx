// The tables fit their panel (issue 13, fault 4): columns give way by priority as the panel narrows, the
// essential ones (when, who, the actions) always stay, a cut text is whole on hover and keyboard focus, call
// times are compact in the agent's zone, and only a table that cannot fit scrolls — in a focusable, named box.
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LEAD_STATUSES } from "../../src/contract/lead";
import { fakeGateway } from "../../src/sdk/testing";
import en from "./locales/en.json";
import es from "./locales/es.json";
import fr from "./locales/fr.json";
import { followUp, headers, lastDial, lists, mount, panelLayout, searches, searchRow, tab } from "./testing";

const NOTE = "Round 1 note: asked to call back after the school run";

/** The texts of the tooltips open now (Blueprint renders them apart, in a portal), spaces made plain. */
const tooltips = () =>
  Array.from(document.querySelectorAll(".bp6-tooltip"), (t) => (t.textContent ?? "").replace(/\s/g, " "));

beforeEach(() => vi.stubEnv("TZ", "UTC"));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("column priorities by the panel's width", () => {
  it("last dials: every column when the panel is wide; when, who, status and dashboard at 430 px", async () => {
    const layout = panelLayout(1200);
    await mount({ tab: "Last dials" });
    expect(headers("Last dials")).toEqual([
      "Call time",
      "Name",
      "Call name",
      "Notes",
      "State",
      "Status",
      "Dashboard",
    ]);

    layout.resize(430); // 4 grid columns of a 1366-px screen
    expect(headers("Last dials")).toEqual(["Call time", "Name", "Status", "Dashboard"]);
    // Nothing scrolls: the box is not a tab stop.
    expect(screen.queryByRole("region", { name: "Last dials" })).not.toBeInTheDocument();

    // Widening brings back the most important hidden column first.
    layout.resize(500);
    expect(headers("Last dials")).toEqual(["Call time", "Name", "Notes", "Status", "Dashboard"]);
    // 4 grid columns of a 1920-px screen: the specification's seven.
    layout.resize(600);
    expect(headers("Last dials")).toHaveLength(7);
  });

  it("follow-ups keep the picker's column, the name, the state, Dial and the dashboard link at 413 px", async () => {
    // 413 px: the user summary's table in the default qualifier and advisor layouts at 1366×768, as measured.
    const layout = panelLayout(413);
    await mount({ agent: { roles: ["advisor"] } });
    expect(headers("Follow-ups")).toEqual(["Call time", "Call name", "State", "Dial", "Dashboard"]);
    const table = screen.getByRole("table", { name: "Follow-ups" });
    expect(within(table).getByRole("button", { name: "Dial Pat Doe" })).toBeInTheDocument();
    expect(within(table).getByRole("link", { name: "Open Pat Doe in the dashboard" })).toBeInTheDocument();
    expect(within(table).getByRole("combobox", { name: "New date for Pat Doe" })).toBeInTheDocument();

    layout.resize(900);
    expect(headers("Follow-ups")).toEqual(["Call time", "Call name", "Notes", "State", "Type", "Dial", "Dashboard"]);
  });

  it("my clients keep the name, phone, status and Load at 430 px", async () => {
    panelLayout(430);
    const r = await mount({
      gateway: fakeGateway([...lists(), searches({ Lee: { status: 200, data: { data: [searchRow()] } } })]),
    });
    await r.user.click(tab("My clients"));
    await r.user.type(screen.getByRole("textbox", { name: "Search my clients" }), "Lee{Enter}");
    await screen.findByRole("table", { name: "Search results" });
    expect(headers("Search results")).toEqual(["Name", "Phone", "Status", "Load"]);
  });

  it("scrolls only when even the essential columns do not fit, in a box a keyboard user can reach", async () => {
    // Even when, who and the dashboard link need 300 px.
    const layout = panelLayout(240, { table: 300 });
    const { user } = await mount({ tab: "Last dials" });
    expect(headers("Last dials")).toEqual(["Call time", "Name", "Dashboard"]);
    const box = screen.getByRole("region", { name: "Last dials" });
    expect(box).toHaveAttribute("tabindex", "0");
    await user.click(tab("Last dials"));
    await user.tab();
    expect(box).toHaveFocus();

    layout.resize(430);
    expect(screen.queryByRole("region", { name: "Last dials" })).not.toBeInTheDocument();
  });
});

describe("names", () => {
  it("are whole: a long name wraps in its cell rather than being cut, in follow-ups and last dials", async () => {
    panelLayout(413, { cellChars: 6 });
    const name = "Mark Castellano-Whitfield";
    const { user } = await mount({
      gateway: fakeGateway(
        lists({ upcoming: [followUp({ name })], dials: [lastDial({ clientName: name, name: "Castellano household" })] }),
      ),
    });
    const whole = (table: string) => {
      const cell = within(screen.getByRole("table", { name: table })).getByText(name);
      // Not a cut text (no ellipsis, nothing to reveal on focus): the whole name, wrapping.
      expect(cell).not.toHaveClass("user-summary__clip");
      expect(cell).toHaveClass("user-summary__whole");
      expect(cell).not.toHaveAttribute("tabindex");
    };
    whole("Follow-ups");
    await user.click(tab("Last dials"));
    whole("Last dials");
  });
});

describe("statuses and types", () => {
  /** The text is whole: in no cutting element (no ellipsis), wrapping at its spaces in a cell that keeps its words. */
  const whole = (table: string, text: string) => {
    const el = within(screen.getByRole("table", { name: table })).getByText(text);
    expect(el.closest(".user-summary__clip")).toBeNull();
    expect(el).toHaveClass("user-summary__whole--words");
    expect(el).not.toHaveAttribute("tabindex");
    // Not a cell that shrinks below its text (a cut text's, max-width 0): one as wide as its longest word.
    expect(el.closest("td")).toHaveClass("user-summary__words");
    expect(el.closest("td")).not.toHaveClass("user-summary__grow");
  };

  it("a French last dial's status is whole at 1366×768 (the default layouts' 413 px)", async () => {
    panelLayout(413, { cellChars: 6 });
    await mount({
      tab: "Derniers appels",
      language: "fr",
      gateway: fakeGateway(lists({ dials: [lastDial({ status: "Voicemail" })] })),
    });
    expect(headers("Derniers appels")).toContain("Statut");
    whole("Derniers appels", "Messagerie vocale");
  });

  it("a French follow-up's type is whole: 'Opportunité engagée'", async () => {
    panelLayout(900, { cellChars: 6 });
    await mount({ language: "fr", agent: { roles: ["advisor"] } });
    expect(headers("Suivis")).toContain("Type");
    whole("Suivis", "Opportunité engagée");
  });

  it("a status in my clients is whole", async () => {
    panelLayout(1200, { cellChars: 6 });
    const r = await mount({
      language: "fr",
      gateway: fakeGateway([
        ...lists(),
        searches({ Lee: { status: 200, data: { data: [searchRow({ status: "Make Phone Appointment" })] } } }),
      ]),
    });
    await r.user.click(tab("Mes clients"));
    await r.user.type(screen.getByRole("textbox", { name: "Rechercher mes clients" }), "Lee{Enter}");
    await screen.findByRole("table", { name: "Résultats de la recherche" });
    whole("Résultats de la recherche", "Rendez-vous téléphonique");
  });

  it("a status whose longest word has no room is hidden with the less important columns, never squeezed", async () => {
    // 'Disqualification' needs 138 px; beside when, who and the dashboard link (273 px) at 400 px it has 127.
    const layout = panelLayout(400);
    await mount({
      tab: "Derniers appels",
      language: "fr",
      gateway: fakeGateway(lists({ dials: [lastDial({ status: "Medical DQ AA/GTL" })] })),
    });
    expect(headers("Derniers appels")).toEqual(["Heure d'appel", "Nom", "Tableau de bord"]);
    layout.resize(413);
    expect(headers("Derniers appels")).toEqual(["Heure d'appel", "Nom", "Statut", "Tableau de bord"]);
    whole("Derniers appels", "Disqualification médicale AA/GTL");
  });
});

describe("cut texts", () => {
  it("are whole in a tooltip when the agent reaches them with the keyboard; whole texts are no tab stop", async () => {
    panelLayout(1200, { cellChars: 12 });
    const { user } = await mount({ tab: "Last dials", gateway: fakeGateway(lists({ dials: [lastDial({ notes: NOTE })] })) });
    const table = screen.getByRole("table", { name: "Last dials" });
    const notes = within(table).getByText(NOTE);
    expect(notes).toHaveAttribute("tabindex", "0");
    // "Ana Ruiz" fits: nothing to reveal, so no extra stop on the way.
    expect(within(table).getByText("Ana Ruiz")).not.toHaveAttribute("tabindex");

    await user.click(tab("Last dials"));
    for (let i = 0; i < 10 && document.activeElement !== notes; i++) await user.tab();
    expect(notes).toHaveFocus();
    await waitFor(() => expect(tooltips()).toContain(NOTE));
  });

  it("are cut on one line, never broken mid-word", async () => {
    panelLayout(1200, { cellChars: 12 });
    await mount({ tab: "Last dials", gateway: fakeGateway(lists({ dials: [lastDial({ notes: NOTE })] })) });
    const notes = within(screen.getByRole("table", { name: "Last dials" })).getByText(NOTE);
    expect(notes).toHaveClass("user-summary__clip");
    expect(notes.closest("td")).toHaveClass("user-summary__grow");
  });
});

describe("call times", () => {
  it("are compact in the agent's zone, the year only when it is not this year's, in full on focus", async () => {
    vi.stubEnv("TZ", "America/Chicago");
    const { user } = await mount({
      tab: "Last dials",
      gateway: fakeGateway(
        lists({
          dials: [
            lastDial({ startedAt: "2026-01-05T13:30:00.000Z" }),
            lastDial({ id: 71, clientName: "Bo Chen", startedAt: "2026-01-01T03:00:00.000Z" }),
          ],
        }),
      ),
    });
    const table = screen.getByRole("table", { name: "Last dials" });
    const [, ana, bo] = within(table).getAllByRole("row");
    const anaTime = within(ana!).getAllByRole("cell")[0]!;
    expect(anaTime).toHaveTextContent(/^Jan 5, 7:30\sAM$/);
    // New Year's Eve in Chicago.
    expect(within(bo!).getAllByRole("cell")[0]).toHaveTextContent(/^Dec 31, 2025, 9:00\sPM$/);

    const time = anaTime.querySelector("time")!;
    expect(time).toHaveAttribute("datetime", "2026-01-05T13:30:00.000Z");
    expect(time).toHaveAccessibleName(/^Monday, January 5, 2026 at 7:30\sAM CST$/);
    await user.click(tab("Last dials"));
    await user.tab();
    expect(time).toHaveFocus();
    await waitFor(() => expect(tooltips()).toContain("Monday, January 5, 2026 at 7:30 AM CST"));
  });

  it("follow the agent's language", async () => {
    vi.stubEnv("TZ", "America/Toronto");
    await mount({ tab: "Derniers appels", language: "fr", gateway: fakeGateway(lists({ dials: [lastDial()] })) });
    const table = screen.getByRole("table", { name: "Derniers appels" });
    expect(within(table).getAllByRole("cell")[0]).toHaveTextContent(/^5 janv\., 8:30$/);
  });
});

describe("one language per screen", () => {
  const dials = [
    lastDial({ id: 1, status: "Not Interested" }),
    lastDial({ id: 2, status: "In Process" }),
    lastDial({ id: 3, status: "Pocket" }),
    lastDial({ id: 4, status: "Live_Transfer" }),
    lastDial({ id: 5, status: "Medical DQ AA/GTL" }),
  ];
  const statuses = (name: string) =>
    within(screen.getByRole("table", { name }))
      .getAllByRole("row")
      .slice(1)
      .map((row) => within(row).getAllByRole("cell")[5]!.textContent);

  it.each([
    [
      "fr",
      "Derniers appels",
      [
        "Pas intéressé",
        "En cours",
        "Suivi",
        "Transfert en direct",
        "Disqualification médicale AA/GTL",
      ],
    ],
    [
      "es",
      "Últimas llamadas",
      [
        "No interesado",
        "En proceso",
        "Seguimiento",
        "Transferencia en vivo",
        "Descalificación médica AA/GTL",
      ],
    ],
  ] as const)("last dials show lead statuses and dispositions in %s", async (language, table, expected) => {
    panelLayout(1200);
    await mount({ tab: table, language, gateway: fakeGateway(lists({ dials })) });
    expect(statuses(table)).toEqual(expected);
  });

  it.each([
    ["fr", "Mes clients", "Rechercher mes clients", "Résultats de la recherche", "Nouveau"],
    ["es", "Mis clientes", "Buscar mis clientes", "Resultados de la búsqueda", "Nuevo"],
  ] as const)("my clients show the lead's status in %s", async (language, tabName, box, results, status) => {
    panelLayout(1200);
    const r = await mount({
      language,
      gateway: fakeGateway([...lists(), searches({ Lee: { status: 200, data: { data: [searchRow()] } } })]),
    });
    await r.user.click(tab(tabName));
    await r.user.type(screen.getByRole("textbox", { name: box }), "Lee{Enter}");
    const table = await screen.findByRole("table", { name: results });
    expect(within(table).getAllByRole("cell")[5]).toHaveTextContent(status);
  });

  it("shows a status the locales do not know as it came", async () => {
    panelLayout(1200);
    await mount({
      tab: "Derniers appels",
      language: "fr",
      gateway: fakeGateway(lists({ dials: [lastDial({ status: "Brand New Status" })] })),
    });
    expect(statuses("Derniers appels")).toEqual(["Brand New Status"]);
  });

  it.each(["fr", "es"] as const)("leaves no English text of the gateway's values in the %s tables", async (language) => {
    panelLayout(1200);
    const other = { fr, es }[language];
    const theirs = new Set(Object.values({ ...other.status, ...other.type }));
    // The gateway's values as it sends them, and their English texts, less the words both languages share.
    const english = new Set(
      [...LEAD_STATUSES, ...Object.values({ ...en.status, ...en.type })].filter((w) => !theirs.has(w)),
    );
    const r = await mount({
      language,
      agent: { roles: ["advisor"] },
      gateway: fakeGateway(
        lists({
          upcoming: [followUp(), followUp({ id: 2, leadId: 32, name: "Sam Roe", type: 3 })],
          dials: [lastDial({ status: "Voicemail" }), lastDial({ id: 71, status: "Callback" })],
        }),
      ),
    });
    const cells = () => screen.getAllByRole("cell").map((c) => c.textContent ?? "");
    const seen = [...cells()];
    await r.user.click(screen.getAllByRole("tab")[2]!);
    await waitFor(() => expect(screen.getAllByRole("table")).toHaveLength(1));
    seen.push(...cells());
    expect(seen.filter((text) => english.has(text))).toEqual([]);
  });
});
