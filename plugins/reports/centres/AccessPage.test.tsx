// Operations managers across call centres as an admin and an operations manager use them, over the gateway's
// answers: the admin's list of operations managers given this centre's reports, one given by e-mail, a refusal said
// at the field in the admin's language, one taken back after a confirmation; the operations manager's "Call
// centre" field on a report, which asks the other centre's figures; a manager with one centre never sees it.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeGateway, renderPlugin, reply, type FakeGateway } from "../../../src/sdk/testing";
import plugin from "../index";
import { agentReport, type AgentReport } from "../contract";
import { englishLeft } from "../testing";
import {
  CENTRE_MESSAGES,
  grantCentre,
  listCentreGrants,
  reportCentres,
  revokeCentre,
  type CentreGrant,
} from "./contract";
import en from "./locales/en.json";
import es from "./locales/es.json";
import fr from "./locales/fr.json";

/** The requests the page sent to one endpoint. */
const seen = (gateway: FakeGateway, method: string, path: string) =>
  gateway.requests.filter((r) => r.method === method && r.path.endsWith(path));

const admin = { id: 5, roles: ["admin"] };
const ops = { id: 6, roles: ["operations-manager"] };
const manager = { id: 9, roles: ["manager"] };

const grant = (over: Partial<CentreGrant> = {}): CentreGrant => ({
  user_id: 31,
  name: "Riley Stone",
  email: "riley@other.test",
  centre: "ISIUS",
  granted_at: "2026-03-02T15:00:00.000Z",
  granted_by: "Julie Bouchard",
  ...over,
});

async function openAccess(language?: "fr" | "es") {
  let grants = [grant()];
  const gateway = fakeGateway([
    reply(listCentreGrants, () => ({ status: 200, data: { data: grants } })),
    reply(grantCentre, ({ body }) => {
      const email = (body as { email: string }).email;
      if (email === "nobody@demo.test") return { status: 404, data: { message: CENTRE_MESSAGES.noAccount } };
      const made = grant({ user_id: 32, name: "Sam Patel", email, granted_at: "2026-03-10T14:00:00.000Z" });
      grants = [made, ...grants];
      return { status: 201, data: { data: made } };
    }),
    reply(revokeCentre, ({ params }) => {
      grants = grants.filter((g) => g.user_id !== params.id);
      return { status: 204, data: null };
    }),
  ]);
  const page = await renderPlugin(plugin, {
    agent: admin,
    gateway,
    adminPage: "reports/operations-managers",
    ...(language && { language }),
  });
  await screen.findByRole("table", {
    name: /Operations managers|Directeurs des opérations|Gerentes de operaciones/,
  });
  return { ...page, gateway };
}

describe("the operations managers page (admins)", { timeout: 20_000 }, () => {
  it("lists who reads this centre's reports, gives them to an operations manager by e-mail and takes them back", async () => {
    const { user, gateway } = await openAccess();
    const riley = screen.getByRole("row", { name: /Riley Stone/ });
    expect(within(riley).getByText("riley@other.test")).toBeTruthy();
    expect(within(riley).getByText(/by Julie Bouchard/)).toBeTruthy();

    await user.type(screen.getByLabelText("Operations manager's e-mail"), "not an e-mail");
    await user.click(screen.getByRole("button", { name: "Give reports" }));
    expect(await screen.findByText("Enter an e-mail address.")).toBeTruthy();
    expect(seen(gateway, "POST", "/reports/centre-grants")).toHaveLength(0);

    await user.clear(screen.getByLabelText("Operations manager's e-mail"));
    await user.type(screen.getByLabelText("Operations manager's e-mail"), "nobody@demo.test");
    await user.click(screen.getByRole("button", { name: "Give reports" }));
    expect(await screen.findByText("No account has this e-mail.")).toBeTruthy();

    await user.clear(screen.getByLabelText("Operations manager's e-mail"));
    await user.type(screen.getByLabelText("Operations manager's e-mail"), "ops@demo.test");
    await user.click(screen.getByRole("button", { name: "Give reports" }));
    expect(await screen.findByText("Sam Patel (ISIUS) now reads this call centre's reports.")).toBeTruthy();
    expect(await screen.findByRole("row", { name: /Sam Patel/ })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Take back the reports from Riley Stone" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText(/Riley Stone \(ISIUS\)/)).toBeTruthy();
    await user.click(within(confirm).getByRole("button", { name: "Take back" }));
    expect(await screen.findByText("Riley Stone no longer reads this call centre's reports.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("row", { name: /Riley Stone/ })).toBeNull());
    expect(seen(gateway, "DELETE", "/reports/centre-grants/31")).toHaveLength(1);
  });

  for (const [language, texts, refusal] of [
    ["fr", fr, "Aucun compte n'a ce courriel."],
    ["es", es, "Ninguna cuenta tiene este correo."],
  ] as const)
    it(`is all in ${language === "fr" ? "French" : "Spanish"}, the gateway's refusal included`, async () => {
      const { user } = await openAccess(language);
      await user.type(screen.getByLabelText(texts.centres.email), "nobody@demo.test");
      await user.click(screen.getByRole("button", { name: texts.centres.give }));
      expect(await screen.findByText(refusal)).toBeTruthy();
      expect(englishLeft(texts, en)).toEqual([]);
    });
});

const agentsAnswer = (centre: number | undefined): AgentReport => ({
  from: "2026-03-11",
  to: "2026-03-11",
  by: "day",
  time_zone: centre === 2 ? "America/Toronto" : "America/New_York",
  as_of: "2026-03-11T18:00:00.000Z",
  today: "2026-03-11",
  agents: [
    { id: 1, name: centre === 2 ? "Émilie Tremblay" : "Jordan Reyes", role: "qualifier", active: true },
  ],
  per_agent: [],
  per_period: [],
  quotas: {
    dials: { qualifier: [1, 1, 1, 1], advisor: [1, 1, 1, 1] },
    meetings: { qualifier: [1, 1, 1, 1], advisor: [1, 1, 1, 1] },
    sales: { qualifier: [0, 0, 0, 0], advisor: [0, 0, 0, 0] },
  },
});

describe("the Call centre field of a report", { timeout: 20_000 }, () => {
  it("lets an operations manager read another centre they are given, and come back to their own", async () => {
    const gateway = fakeGateway([
      reply(reportCentres, () => ({
        status: 200,
        data: {
          data: [
            { id: 1, name: "ISIUS", own: true },
            { id: 2, name: "SLICA", own: false },
          ],
        },
      })),
      reply(agentReport, ({ query }) => ({
        status: 200,
        data: { data: agentsAnswer(query.centre) },
      })),
    ]);
    const { user } = await renderPlugin(plugin, { agent: ops, gateway, adminPage: "reports/agents" });
    const field = await screen.findByLabelText("Call centre");
    expect(within(field).getByRole("option", { name: "ISIUS (yours)" })).toBeTruthy();
    expect(await screen.findByText("Jordan Reyes")).toBeTruthy();

    await user.selectOptions(field, "SLICA");
    expect(await screen.findByText("Émilie Tremblay")).toBeTruthy();
    expect(screen.getByText(/America\/Toronto/)).toBeTruthy();
    expect(seen(gateway, "GET", "/reports/agents").at(-1)?.query).toMatchObject({ centre: "2" });

    // Another range keeps the centre chosen.
    await user.selectOptions(screen.getByLabelText("Range"), "yesterday");
    await waitFor(() =>
      expect(seen(gateway, "GET", "/reports/agents").at(-1)?.query).toMatchObject({ centre: "2" }),
    );

    await user.selectOptions(field, "ISIUS (yours)");
    expect(await screen.findByText("Jordan Reyes")).toBeTruthy();
    expect(seen(gateway, "GET", "/reports/agents").at(-1)?.query).not.toHaveProperty("centre");
  });

  it("is not there for a manager who reads their own centre only", async () => {
    const gateway = fakeGateway([
      reply(reportCentres, () => ({ status: 200, data: { data: [{ id: 1, name: "ISIUS", own: true }] } })),
      reply(agentReport, ({ query }) => ({
        status: 200,
        data: { data: agentsAnswer(query.centre) },
      })),
    ]);
    await renderPlugin(plugin, { agent: manager, gateway, adminPage: "reports/agents" });
    expect(await screen.findByText("Jordan Reyes")).toBeTruthy();
    await waitFor(() => expect(seen(gateway, "GET", "/reports/centres")).toHaveLength(1));
    expect(screen.queryByLabelText("Call centre")).toBeNull();
  });
});
