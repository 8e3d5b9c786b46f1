// The Plugins and features page as an admin uses it: the variant's plugins and features with their defaults, a
// plugin and a feature switched off and saved as one set, the page's own switch that cannot go off, the last
// change, and a refusal shown in the admin's language.
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readPluginSettings, savePluginSettings, type PluginSettings } from "../../src/contract/pluginSettings";
import { fakeGateway, renderPlugin, reply, type FakeReply } from "../../src/sdk/testing";
import plugin from "./index";

const PAGE: PluginSettings = {
  variant: "isius",
  plugins: [
    { id: "goals", enabled: true, default: true },
    { id: "disclosures", enabled: true, default: true },
    { id: "plugin-settings", enabled: true, default: true },
  ],
  features: [
    { id: "scripts", enabled: true, default: true, plugin: "scripts" },
    { id: "iapp-choice", enabled: false, default: true, plugin: "iapp" },
  ],
  last_change: null,
};

async function mount(put: () => FakeReply<typeof savePluginSettings> = () => ({ status: 204 }), language?: "fr" | "es") {
  let page = PAGE;
  const gateway = fakeGateway([
    reply(readPluginSettings, () => ({ status: 200, data: page })),
    reply(savePluginSettings, () => {
      const answer = put();
      if ("status" in answer && answer.status === 204)
        page = { ...PAGE, last_change: { by: "Alex Admin", at: "2026-03-10T18:05:00.000Z" } };
      return answer;
    }),
  ]);
  const view = await renderPlugin(plugin, { gateway, agent: { roles: ["admin", "manager"] }, language, adminPage: "settings/plugins" });
  await screen.findByRole("heading", { name: /Plugins and features|Modules et fonctionnalités|Módulos y funciones/ });
  await screen.findAllByRole("checkbox");
  return { ...view, gateway };
}

const row = (name: string) => screen.getByRole("row", { name: new RegExp(name) });

afterEach(() => vi.restoreAllMocks());

describe("the plugins and features page", () => {
  it("turns the disclosures plugin and the scripts feature off and saves the whole set", async () => {
    const m = await mount();
    expect(screen.getByText(/Call centre variant ISIUS/)).toBeInTheDocument();
    expect(screen.getByText(/Never changed/)).toBeInTheDocument();
    // A feature the call centre already changed says so, with the variant's default beside it.
    expect(within(row("Choice between iApp and iApp 2")).getByText("Changed")).toBeInTheDocument();
    expect(within(row("Choice between iApp and iApp 2")).getByText("On")).toBeInTheDocument();
    // Each feature names the plugin that reads it (its manifest declares the flag).
    expect(within(row("Choice between iApp and iApp 2")).getByText("Plugin: Send to iApp")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();

    await m.user.click(screen.getByRole("checkbox", { name: "Disclosures" }));
    await m.user.click(screen.getByRole("checkbox", { name: "Scripts" }));
    await m.user.click(screen.getByRole("button", { name: "Save" }));

    const put = m.gateway.requests.find((r) => r.method === "PUT");
    expect(put?.body).toEqual({
      plugins: { goals: true, disclosures: false, "plugin-settings": true },
      features: { scripts: false, "iapp-choice": false },
    });
    expect(m.notify.shown).toContainEqual({ intent: "success", text: "Changes applied successfully." });
    expect(await screen.findByText(/Last changed by Alex Admin/)).toBeInTheDocument();
  });

  it("never offers to turn the page's own plugin off", async () => {
    await mount();
    expect(screen.getByRole("checkbox", { name: "Plugins and features (this page)" })).toBeDisabled();
  });

  it("shows the gateway's refusal in the admin's language and keeps the edit", async () => {
    const m = await mount(() => ({ status: 403, data: { message: "This action is unauthorized." } }), "fr");
    await m.user.click(screen.getByRole("checkbox", { name: "Divulgations" }));
    await m.user.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText("Vous n'êtes pas autorisé à faire cela.", { selector: ".bp6-callout *, .bp6-callout" })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Divulgations" })).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Enregistrer" })).toBeEnabled();
  });
});
