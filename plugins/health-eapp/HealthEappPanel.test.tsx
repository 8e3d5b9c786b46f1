// The health e-app panel as an advisor sees it, mounted through renderPlugin() over a fake leads stack.
import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { leadsKey, type LeadView } from "../../src/sdk";
import {
  fakeLeads,
  leadView,
  provide,
  renderPlugin,
  type RenderPluginOptions,
  type TestAgent,
} from "../../src/sdk/testing";
import plugin from "./index";

/** An advisor whose account (login response `health_licenses`) holds these licences. */
const advisorHolding = (...licences: string[]): TestAgent => ({
  roles: ["advisor"],
  accountFields: { health_licenses: licences },
});

async function mount(current: LeadView | null, o: RenderPluginOptions = {}) {
  const stack = fakeLeads(current ? [current] : []);
  const view = await renderPlugin(plugin, {
    agent: advisorHolding("TX", "nj"),
    ...o,
    services: [provide(leadsKey, stack.control)],
  });
  return { ...view, stack };
}

const eappButton = () => screen.findByRole("button", { name: "Foresters E-App" });

describe("health e-app panel", () => {
  it("offers a licensed advisor the Foresters E-App for the lead, in a new tab, with the lead's id", async () => {
    await mount(leadView({ id: 31, state: "tx" }));

    expect(screen.getByRole("heading", { name: "Health Insurance E-App" })).toBeInTheDocument();
    const button = await eappButton();
    expect(button).toHaveAttribute("href", "/api/v1/health-eapp-demo/start?ref=31");
    expect(button).toHaveAttribute("target", "_blank");
    expect(button.getAttribute("rel")?.split(" ")).toContain("noopener");
  });

  it("opens the address the variant configures", async () => {
    await mount(leadView({ id: 58, state: "NJ" }), { config: { url: "https://apply.example.com/health/{leadId}/start" } });

    expect(await eappButton()).toHaveAttribute("href", "https://apply.example.com/health/58/start");
  });

  it("hides the button from an advisor without a licence for the lead's state, and says why", async () => {
    await mount(leadView({ state: "ny" }));

    expect(await screen.findByText("You hold no health licence for NY, the lead's state.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Foresters E-App" })).not.toBeInTheDocument();
  });

  it("says so to an advisor who holds no health licence at all", async () => {
    await mount(leadView({ state: "TX" }), { agent: { roles: ["advisor"] } });

    expect(await screen.findByText("You hold no health licence for TX, the lead's state.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Foresters E-App" })).not.toBeInTheDocument();
  });

  it("says why with no lead on the desk or a lead without a state, and follows the current lead", async () => {
    const { stack } = await mount(null);
    expect(await screen.findByText("No lead on the desk: open a lead to send it to the e-app.")).toBeInTheDocument();

    act(() => stack.setCurrent(leadView({ id: 40, state: null })));
    expect(
      await screen.findByText("This lead has no state, so your health licence cannot be checked."),
    ).toBeInTheDocument();

    act(() => stack.setCurrent(leadView({ id: 41, state: "TX" })));
    expect(await eappButton()).toHaveAttribute("href", "/api/v1/health-eapp-demo/start?ref=41");

    act(() => stack.setCurrent(leadView({ id: 42, state: "FL" })));
    expect(await screen.findByText("You hold no health licence for FL, the lead's state.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Foresters E-App" })).not.toBeInTheDocument();
  });

  it("speaks of provinces in the Canadian call centre", async () => {
    const { stack } = await mount(leadView({ id: 31, state: "qc" }), { variant: "slica", agent: advisorHolding("QC") });
    expect(await eappButton()).toHaveAttribute("href", "/api/v1/health-eapp-demo/start?ref=31");

    act(() => stack.setCurrent(leadView({ id: 32, state: "on" })));
    expect(await screen.findByText("You hold no health licence for ON, the lead's province.")).toBeInTheDocument();

    act(() => stack.setCurrent(leadView({ id: 33, state: null })));
    expect(
      await screen.findByText("This lead has no province, so your health licence cannot be checked."),
    ).toBeInTheDocument();
  });

  it("speaks French", async () => {
    const { stack } = await mount(leadView({ id: 31, state: "TX" }), { language: "fr" });

    expect(screen.getByRole("heading", { name: "Proposition électronique d'assurance santé" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "E-App Foresters" })).toHaveAttribute(
      "href",
      "/api/v1/health-eapp-demo/start?ref=31",
    );

    act(() => stack.setCurrent(leadView({ id: 32, state: "ny" })));
    expect(
      await screen.findByText("Vous n'avez pas de permis d'assurance santé pour NY, l'État du prospect."),
    ).toBeInTheDocument();
    act(() => stack.setCurrent(null));
    expect(
      await screen.findByText("Aucun prospect en cours : ouvrez un prospect pour l'envoyer à la proposition électronique."),
    ).toBeInTheDocument();
  });

  it("is for advisors only", async () => {
    await expect(renderPlugin(plugin, { agent: { roles: ["qualifier"] } })).rejects.toThrow(/not enabled/);
  });

  it("leaves the panel out when the variant's address has no {leadId}", async () => {
    await expect(
      renderPlugin(plugin, { agent: advisorHolding("TX"), config: { url: "https://eapp.foresters.example/start" } }),
    ).rejects.toThrow(/config does not parse/);
  });
});
