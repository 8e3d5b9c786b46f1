// The proof of the disclosures given on a call, as every agent with the lead card sees it under the call in the
// lead's history: each disclosure (company, language, steps reached, read to the end or not) and its audio
// played to the lead, in the agent's language. Only advisors get the panel that reads them.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { historyCall, renderPlugin } from "../../src/sdk/testing";
import type { DisclosuresFacet } from "./contract";
import plugin from "./index";

const proof: DisclosuresFacet = {
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
    {
      at: "2026-01-04T16:03:00.000Z",
      carrier: "aa",
      company: "American Amicable",
      wording: "occ",
      language: "es",
      steps: 1,
      completed: false,
    },
  ],
  playbacks: [
    { at: "2026-01-04T16:00:30.000Z", media: "disclosures/aa-en", seconds: 8.8, end: "done" },
    { at: "2026-01-04T16:02:00.000Z", media: "disclosures/occ-es", seconds: 2, end: "stopped" },
  ],
};

const call = (disclosures: unknown) => historyCall({ disclosures });

/** The call's lines, as the lead card lists them under the call. */
async function linesOf(language: "en" | "fr", roles: string[] = ["qualifier"]) {
  await renderPlugin(plugin, {
    flags: { disclosures: true },
    agent: { roles },
    language,
    historyCall: call(proof),
  });
  const entry = screen.getByRole("listitem", { name: "Call 12" });
  await within(entry).findByText(/Guarantee Trust/);
  return [...entry.querySelectorAll("div")].map((d) => d.textContent);
}

describe("the disclosures given, in the lead's history", () => {
  it("shows a qualifier each disclosure given and its audio played, without the advisors' panel", async () => {
    expect(await linesOf("en")).toEqual([
      "Disclosure Guarantee Trust Life Insurance Company (EN): 6 steps · read to the end",
      "Disclosure American Amicable (ES): 1 step · not finished",
      "Disclosure audio played 8.8 s · to its end",
      "Disclosure audio played 2 s · stopped by the agent",
    ]);
    expect(screen.queryByRole("region", { name: "Disclosures" })).toBeNull();
  });

  it("says it in French", async () => {
    expect(await linesOf("fr", ["advisor"])).toEqual([
      "Divulgation Guarantee Trust Life Insurance Company (EN) : 6 étapes · lue jusqu'au bout",
      "Divulgation American Amicable (ES) : 1 étape · non terminée",
      "Audio de divulgation diffusé 8,8 s · jusqu'au bout",
      "Audio de divulgation diffusé 2 s · arrêté par l'agent",
    ]);
    // An advisor has the panel too.
    expect(await screen.findByRole("region", { name: "Divulgations" })).toBeInTheDocument();
  });
});
