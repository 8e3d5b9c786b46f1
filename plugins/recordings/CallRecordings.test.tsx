// A call's extra recordings, as every agent with the lead card sees them under the call in the lead's history:
// how long each is, and Play loads its audio (GET /recordings/{id}/audio) into a player. A qualifier, who never
// records, plays them too.
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeGateway, historyCall, renderPlugin, reply, type FakeReply } from "../../src/sdk/testing";
import { readRecordingAudio, type RecordingsFacet } from "./contract";
import plugin from "./index";

const kept: RecordingsFacet = {
  recordings: [
    { id: 4, index: 1, at: "2026-01-04T16:00:10.000Z", seconds: 7, state: "complete" },
    { id: 5, index: 2, at: "2026-01-04T16:01:00.000Z", seconds: 2.4, state: "incomplete" },
    { id: 6, index: 3, at: "2026-01-04T16:01:30.000Z", seconds: null, state: "no_audio" },
  ],
};

const call = historyCall({ recordings: kept });

const { createObjectURL, revokeObjectURL } = URL;
let created: Blob[];
beforeEach(() => {
  created = [];
  URL.createObjectURL = (b: Blob) => (created.push(b), `blob:recording-${created.length}`);
  URL.revokeObjectURL = () => {};
});
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

async function mount(
  language: "en" | "fr",
  audio: FakeReply<typeof readRecordingAudio> = { status: 200, data: new Blob(["RIFF"], { type: "audio/wav" }) },
) {
  const gateway = fakeGateway([reply(readRecordingAudio, ({ params }) => (params.id === 4 ? audio : { status: 404 }))]);
  const view = await renderPlugin(plugin, {
    gateway,
    flags: { "recording-panel": true },
    agent: { roles: ["qualifier"] },
    language,
    historyCall: call,
  });
  const entry = screen.getByRole("listitem", { name: "Call 12" });
  await within(entry).findAllByRole("button");
  return { ...view, entry, lines: () => [...entry.querySelectorAll("div")].map((d) => d.textContent) };
}

describe("a call's recordings, in the lead's history", () => {
  it("lists them for a qualifier, without the advisors' panel, and plays one back", async () => {
    const { entry, lines, gateway, user } = await mount("en");
    expect(lines()).toEqual([
      "Recording 1 · 7 sPlay",
      "Recording 2 · 2.4 s · cut short (kept as recorded)Play",
      "Recording 3 · no audio",
    ]);
    expect(screen.queryByRole("region", { name: "Extra recordings" })).toBeNull();
    expect(within(entry).queryByRole("button", { name: "Play Recording 3" })).toBeNull();
    await user.click(within(entry).getByRole("button", { name: "Play Recording 1" }));
    const player = await within(entry).findByLabelText("Recording 1", { selector: "audio" });
    expect(player).toHaveAttribute("src", "blob:recording-1");
    expect(gateway.requests.at(-1)?.url).toBe("/recordings/4/audio");
    expect(within(entry).queryByRole("button", { name: "Play Recording 1" })).toBeNull();
  });

  it("says so when a recording cannot be loaded, in French", async () => {
    const { entry, lines, user } = await mount("fr", { status: 404, data: { message: "gone" } });
    expect(lines()).toEqual([
      "Enregistrement 1 · 7 sÉcouter",
      "Enregistrement 2 · 2,4 s · interrompu (conservé tel qu'enregistré)Écouter",
      "Enregistrement 3 · sans audio",
    ]);
    await user.click(within(entry).getByRole("button", { name: "Écouter Enregistrement 1" }));
    expect(await within(entry).findByText("· l'enregistrement n'a pas pu être chargé")).toBeVisible();
    expect(created).toEqual([]);
  });
});
