// The disclosures as an ISIUS advisor reads them on a call: the carrier's disclosure for the lead, in the wording
// its state calls for and its language, step by step (Next waits for the lead's answer; a switch question
// changes what follows and the counter), then the proof posted when the agent is done or the call ends.
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { callEnded, callKey, leadsKey } from "../../src/sdk";
import {
  fakeCallControl,
  fakeGateway,
  fakeLeads,
  leadView,
  provide,
  renderPlugin,
  reply,
} from "../../src/sdk/testing";
import { disclosureSteps } from "./content";
import { addDisclosureProof, listDisclosures } from "./contract";
import plugin from "./index";

const LEAD = 31;
const disclosures = {
  aa: { en: disclosureSteps("aa", "en"), es: disclosureSteps("aa", "es") },
  occ: { en: disclosureSteps("occ", "en"), es: disclosureSteps("occ", "es") },
  pio: { en: disclosureSteps("pio", "en"), es: disclosureSteps("pio", "es") },
};

interface MountOptions {
  state?: string;
  language?: string;
  firstName?: string;
  lastName?: string;
  onCall?: boolean;
  agentLanguage?: "en" | "fr" | "es";
}

async function mount(o: MountOptions = {}) {
  const call = fakeCallControl();
  const leads = fakeLeads([
    leadView({
      id: LEAD,
      firstName: o.firstName ?? "Ann",
      lastName: o.lastName ?? "Lee",
      state: o.state ?? "mn",
      language: o.language ?? "en",
    }),
  ]);
  const gateway = fakeGateway([
    reply(listDisclosures, { status: 200, data: { data: disclosures } }),
    reply(addDisclosureProof, ({ params }) =>
      params.callId === 7 ? { status: 201, data: { data: { id: 1 } } } : { status: 404 },
    ),
  ]);
  const view = await renderPlugin(plugin, {
    gateway,
    flags: { disclosures: true },
    agent: { roles: ["advisor"] },
    language: o.agentLanguage,
    services: [provide(callKey, call.control), provide(leadsKey, leads.control)],
  });
  if (o.onCall !== false) act(() => call.push({ callId: 7, leadId: LEAD }));
  const user = userEvent.setup({ advanceTimers: (ms) => view.clock.advance(ms) });
  const panel = screen.getByRole("region", { name: /^(Disclosures|Divulgations)$/ });
  await within(panel).findByRole("button", { name: "GTL" }); // the panel's code is loaded
  const proofs = () => gateway.requests.filter((r) => r.method === "POST");
  return { ...view, call, user, panel, proofs };
}

describe("the disclosures panel", { timeout: 20_000 }, () => {
  it("waits for an answered call", async () => {
    const m = await mount({ onCall: false });
    for (const name of ["GTL", "American Amicable", "Assurity"])
      expect(within(m.panel).getByRole("button", { name })).toBeDisabled();
    expect(within(m.panel).getByText("Disclosures open on an answered call with a lead.")).toBeVisible();
  });

  it("walks GTL's disclosure for a Minnesota lead in the aa wording, then posts the proof once done", async () => {
    const m = await mount();
    await m.user.click(within(m.panel).getByRole("button", { name: "GTL" }));
    const popup = await screen.findByRole("dialog", {
      name: "Guarantee Trust Life Insurance Company: disclosure",
    });
    expect(within(popup).getByText("Standard wording")).toBeVisible();
    expect(
      within(popup).getByText(
        "Ann Lee, this call is recorded for quality and compliance. I am a licensed insurance agent calling on behalf of Guarantee Trust Life Insurance Company.",
      ),
    ).toBeVisible();
    // Seven steps, the switch question not counted until answered.
    expect(within(popup).getByRole("status")).toHaveTextContent("Step 1 of 6");
    expect(within(popup).getByRole("button", { name: "Prev" })).toBeDisabled();
    await m.user.click(within(popup).getByRole("button", { name: "Next" }));
    expect(within(popup).getByRole("button", { name: "Next" })).toBeDisabled(); // the lead has not answered
    await m.user.click(within(popup).getByRole("radio", { name: "Yes, the insured pays" }));
    // The insured pays: the payer's consent is not asked; the question now counts.
    expect(within(popup).getByRole("status")).toHaveTextContent("Step 2 of 6");
    await m.user.click(within(popup).getByRole("button", { name: "Next" }));
    expect(
      within(popup).getByText(/This is a life insurance policy issued by Guarantee Trust/),
    ).toBeVisible();
    await m.user.click(within(popup).getByRole("button", { name: "Next" }));
    await m.user.click(within(popup).getByRole("button", { name: "Next" }));
    await m.user.click(within(popup).getByRole("radio", { name: "Yes" }));
    await m.user.click(within(popup).getByRole("button", { name: "Next" }));
    expect(within(popup).getByRole("status")).toHaveTextContent("Step 6 of 6");
    await m.user.click(within(popup).getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    const [proof] = m.proofs();
    expect(proof?.url).toBe("/calls/7/disclosures");
    expect(proof?.headers["idempotency-key"]).toBeTruthy();
    expect(proof?.body).toMatchObject({
      carrier: "gtl",
      wording: "aa",
      language: "en",
      completed: true,
      steps: [1, 2, 4, 5, 6, 7].map((step) => ({ step })),
    });
    expect((proof?.body as { steps: { step: number; answer: number | null }[] }).steps[1]).toMatchObject({
      step: 2,
      answer: 0,
    });
  });

  it("reads a Texas lead who speaks Spanish the pio wording in Spanish", async () => {
    const m = await mount({ state: "tx", language: "es" });
    await m.user.click(within(m.panel).getByRole("button", { name: "Assurity" }));
    const popup = await screen.findByRole("dialog", { name: "Assurity Life Insurance Company: disclosure" });
    expect(within(popup).getByText("Policy information wording (the lead's state)")).toBeVisible();
    expect(within(popup).getByText(/^Ann Lee, esta llamada se graba/)).toBeVisible();
  });

  it("the call ending closes the disclosure and records it as far as it went", async () => {
    const m = await mount();
    await m.user.click(within(m.panel).getByRole("button", { name: "American Amicable" }));
    await screen.findByRole("dialog");
    await m.emit(callEnded, { callId: 7, leadId: LEAD, duration: 30, shortCall: false, bridged: true });
    act(() =>
      m.call.push({
        callId: 7,
        leadId: LEAD,
        status: "ended",
        bridged: true,
        endedAt: "2026-01-05T14:01:00.000Z",
      }),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(m.proofs()[0]?.body).toMatchObject({
      carrier: "aa",
      completed: false,
      steps: [{ step: 1, answer: null }],
    });
    expect(within(m.panel).getByRole("button", { name: "GTL" })).toBeDisabled();
  });

  it("shows where a name goes when the lead's record has none yet", async () => {
    const m = await mount({ firstName: "", lastName: "" });
    await m.user.click(within(m.panel).getByRole("button", { name: "GTL" }));
    const popup = await screen.findByRole("dialog");
    expect(within(popup).getByText(/^\[first name\] \[last name\], this call is recorded/)).toBeVisible();
  });

  it("speaks French to a French-speaking agent (the lead still hears the disclosure in its own language)", async () => {
    const m = await mount({ agentLanguage: "fr" });
    const panel = screen.getByRole("region", { name: "Divulgations" });
    await m.user.click(within(panel).getByRole("button", { name: "GTL" }));
    const popup = await screen.findByRole("dialog", {
      name: "Guarantee Trust Life Insurance Company : divulgation",
    });
    expect(within(popup).getByRole("status")).toHaveTextContent("Étape 1 sur 6");
    expect(within(popup).getByRole("button", { name: "Suivant" })).toBeEnabled();
    expect(within(popup).getByText(/^Ann Lee, this call is recorded/)).toBeVisible();
  });

  it("plays the wording's recorded disclosure into the call in the lead's language, and stops it", async () => {
    const m = await mount({ state: "pa", language: "es" });
    await m.user.click(within(m.panel).getByRole("button", { name: "Assurity" }));
    const popup = await screen.findByRole("dialog");
    await m.user.click(within(popup).getByRole("button", { name: "Start audio" }));
    expect(m.call.playbacks).toEqual([{ operation: "play", file: "disclosures/occ-es" }]);
    // The gateway says the clip plays: the button stops it, and the popup says the lead hears it.
    act(() => m.call.push({ callId: 7, leadId: LEAD, playback: "disclosures/occ-es" }));
    const stop = within(popup).getByRole("button", { name: "Stop audio" });
    expect(stop).toHaveAttribute("aria-pressed", "true");
    expect(within(popup).getByText("The recorded disclosure is playing to the lead.")).toBeVisible();
    await m.user.click(stop);
    expect(m.call.playbacks.at(-1)).toEqual({ operation: "stop", file: "disclosures/occ-es" });
    act(() => m.call.push({ callId: 7, leadId: LEAD, playback: null }));
    expect(within(popup).getByRole("button", { name: "Start audio" })).toBeEnabled();
  });

  it("closing the popup stops its audio", async () => {
    const m = await mount();
    await m.user.click(within(m.panel).getByRole("button", { name: "GTL" }));
    const popup = await screen.findByRole("dialog");
    await m.user.click(within(popup).getByRole("button", { name: "Start audio" }));
    act(() => m.call.push({ callId: 7, leadId: LEAD, playback: "disclosures/aa-en" }));
    await m.user.click(within(popup).getByRole("button", { name: "Close" }));
    expect(m.call.playbacks).toEqual([
      { operation: "play", file: "disclosures/aa-en" },
      { operation: "stop", file: "disclosures/aa-en" },
    ]);
  });
});
