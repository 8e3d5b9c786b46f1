// The Admin Panel opened before the workspace has loaded the plugins' pages says it is loading, in the
// agent's language, rather than showing an empty drawer.
import { render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { createI18n, localesReady } from "../../i18n/i18n";
import { addWorkspaceTexts } from "../../i18n/workspaceTexts";
import { AdminDrawer } from "./AdminDrawer";

async function open(language: "en" | "fr" | "es") {
  const i18n = createI18n(language);
  addWorkspaceTexts(i18n);
  await localesReady(i18n);
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <AdminDrawer isOpen onClose={() => {}} roles={["manager"]} registry={undefined} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe("Admin Panel drawer while the workspace opens", () => {
  it.each([
    ["en", "Loading the admin pages…"],
    ["fr", "Chargement des pages d'administration…"],
    ["es", "Cargando las páginas de administración…"],
  ] as const)("says it is loading (%s), with no link yet", async (language, text) => {
    await open(language);
    expect(await screen.findByRole("status")).toHaveTextContent(text);
    expect(screen.getByRole("navigation")).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });
});
