// The call script as a qualifier reads it: the four steps with the lead's and the agent's names and the script's
// facts in the agent's language, the step following the booking wizard's where the wizard is on screen (an
// observable stand-in for its API, then the real booking plugin), and the agent's own choice of step.
import { act, screen, within } from "@testing-library/react";
import { observable, runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import { readLead, type WireLead } from "../../src/contract/lead";
import { leadsKey, type LeadView } from "../../src/sdk";
import { fakeGateway, fakeLeads, leadView, provide, renderPlugin, reply, type EndpointHandler, type FakeReply } from "../../src/sdk/testing";
import { bookingApi, type BookingApi, type WizardStep } from "../booking/api";
import { catalogue } from "../catalogue";
import { SCRIPT_PAGES, scriptFacts } from "./content";
import { readScript } from "./contract";
import plugin from "./index";

const LEAD = 31;
const script = (country = "US"): FakeReply<typeof readScript> => ({
  status: 200,
  data: { data: { pages: SCRIPT_PAGES, facts: scriptFacts(country), agent: { first_name: "Dana" } } },
});

interface MountOptions {
  language?: "en" | "fr" | "es";
  lead?: Partial<LeadView> | null;
  /** The booking wizard's step as its API gives it; undefined: the booking plugin is off. */
  wizardStep?: WizardStep | null;
  answer?: EndpointHandler<typeof readScript>;
  country?: string;
}

async function mount(o: MountOptions = {}) {
  const leads = fakeLeads(o.lead === null ? [] : [leadView({ id: LEAD, firstName: "Ann", lastName: "Lee", ...o.lead })]);
  const booking =
    o.wizardStep === undefined ? null : observable({ wizardStep: o.wizardStep as WizardStep | null, watch: () => () => {} });
  const gateway = fakeGateway([reply(readScript, o.answer ?? script(o.country))]);
  const view = await renderPlugin(plugin, {
    gateway,
    flags: { scripts: true },
    agent: { roles: ["qualifier"] },
    language: o.language,
    services: [
      provide(leadsKey, leads.control),
      ...(booking ? [provide(bookingApi, booking as unknown as BookingApi)] : []),
    ],
  });
  const panel = screen.getByRole("region", { name: /^(Script|Script d'appel|Guion)$/ });
  const moveWizard = (step: WizardStep | null) => runInAction(() => (booking!.wizardStep = step));
  return { ...view, leads, panel, gateway, moveWizard };
}

/** The step the script shows: the stepper's current button and the page read aloud. */
function current(panel: HTMLElement) {
  const steps = within(panel).getByRole("navigation");
  return {
    step: within(steps).getByRole("button", { current: "step" }).textContent,
    page: within(panel).getByRole("article").getAttribute("aria-label"),
  };
}

describe("the script panel", { timeout: 20_000 }, () => {
  it("reads the lead's and the agent's names and the script's facts, step by step", async () => {
    const m = await mount();
    expect(
      await within(m.panel).findByText(
        "Hello, may I speak with Ann Lee? Hi Ann, my name is Dana and I'm calling about the life insurance information you requested. Before we go on, I need to verify a few details with you; it takes about 2 minutes. Can you confirm your full name, your date of birth and your address for me?",
      ),
    ).toBeVisible();
    expect(current(m.panel)).toEqual({ step: "1. Verify identity", page: "Verify identity" });
    expect(within(m.panel).getByRole("heading", { name: "Intro" })).toBeVisible();
    // No booking wizard: nothing to be in step with.
    expect(within(m.panel).queryByRole("status")).toBeNull();

    await m.user.click(within(m.panel).getByRole("button", { name: "2. Insurance questions" }));
    expect(current(m.panel)).toEqual({ step: "2. Insurance questions", page: "Insurance questions" });
    expect(within(within(m.panel).getByRole("article")).getAllByRole("heading").map((h) => h.textContent)).toEqual([
      "Insurance type",
      "Conditions",
      "Medications",
      "Income",
    ]);
    expect(within(m.panel).getByText(/^Ann, what kind of coverage are you looking for/)).toBeVisible();

    await m.user.click(within(m.panel).getByRole("button", { name: "3. Set appointment" }));
    expect(
      within(m.panel).getByText(
        "Thank you, Ann. A licensed advisor will go over your options with you and compare 3 to 5 quotes from the top 20 providers. The advisor can visit you tomorrow between 9am and 8pm. What time works best for you?",
      ),
    ).toBeVisible();
    await m.user.click(within(m.panel).getByRole("button", { name: "4. Recap" }));
    expect(within(m.panel).getByText(/^To recap, Ann Lee: .* This was Dana\.$/)).toBeVisible();
    expect(m.gateway.requests.filter((r) => r.path === readScript.path)).toHaveLength(1);
  });

  it("shows where a name goes when the lead's record has none yet, and starts over for the next lead", async () => {
    const m = await mount({ lead: { firstName: "", lastName: " " } });
    expect(await within(m.panel).findByText(/^Hello, may I speak with \[first name\] \[last name\]\? Hi \[first name\],/)).toBeVisible();
    await m.user.click(within(m.panel).getByRole("button", { name: "4. Recap" }));
    act(() => m.leads.setCurrent(leadView({ id: 32, firstName: "Omar", lastName: "Haddad" })));
    expect(current(m.panel).step).toBe("1. Verify identity");
    expect(within(m.panel).getByText(/^Hello, may I speak with Omar Haddad\?/)).toBeVisible();
  });

  it("speaks French, with a Canadian call centre's facts", async () => {
    const m = await mount({ language: "fr", country: "CA" });
    expect(
      await within(m.panel).findByText(
        "Bonjour, pourrais-je parler à Ann Lee ? Bonjour Ann, je m'appelle Dana et je vous appelle au sujet de l'information sur l'assurance vie que vous avez demandée. Avant d'aller plus loin, je dois vérifier quelques renseignements avec vous ; cela prend environ 2 minutes. Pouvez-vous me confirmer votre nom complet, votre date de naissance et votre adresse ?",
      ),
    ).toBeVisible();
    expect(within(m.panel).getByRole("navigation", { name: "Étapes du script d'appel" })).toBeVisible();
    await m.user.click(within(m.panel).getByRole("button", { name: "3. Fixer le rendez-vous" }));
    expect(
      within(m.panel).getByText(
        "Merci, Ann. Un conseiller autorisé passera en revue vos options avec vous et comparera de 3 à 5 soumissions parmi les 24 principaux assureurs. Le conseiller peut vous rencontrer demain entre 9 h et 20 h. Quelle heure vous convient le mieux ?",
      ),
    ).toBeVisible();
    expect(within(m.panel).getByRole("heading", { name: "Rendez-vous" })).toBeVisible();

    await act(() => m.changeLanguage("es"));
    expect(within(m.panel).getByText(/entre 9 a\. m\. y 8 p\. m\./)).toBeVisible();
    expect(current(m.panel).step).toBe("3. Fijar la cita");
  });

  it("follows the booking wizard's step, lets the agent pick another, and follows the wizard's next move", async () => {
    const m = await mount({ wizardStep: 1 });
    await within(m.panel).findByRole("navigation");
    expect(current(m.panel).step).toBe("2. Insurance questions");
    expect(within(m.panel).getByRole("status")).toHaveTextContent("In step with Booking");

    act(() => m.moveWizard(2));
    expect(current(m.panel).step).toBe("3. Set appointment");

    await m.user.click(within(m.panel).getByRole("button", { name: "1. Verify identity" }));
    expect(current(m.panel).step).toBe("1. Verify identity");
    expect(within(m.panel).getByRole("status")).toHaveTextContent("Picked by hand: Booking's next step brings the script back in step.");

    act(() => m.moveWizard(3));
    expect(current(m.panel)).toEqual({ step: "4. Recap", page: "Recap" });
    // The wizard closed: the script stays where it is, and says nothing of the wizard.
    act(() => m.moveWizard(null));
    expect(current(m.panel).step).toBe("4. Recap");
    expect(within(m.panel).queryByRole("status")).toBeNull();
  });

  it("says so where the call centre has no script, and offers to try again when it could not be read", async () => {
    const off = await mount({ answer: { status: 404, data: { message: "Scripts are not enabled for this call centre." } } });
    expect(await within(off.panel).findByText("Scripts are not enabled for this call centre.")).toBeVisible();
    act(() => off.unmount());

    let answer: FakeReply<typeof readScript> = { status: 500, data: { message: "Internal Server Error" } };
    const m = await mount({ answer: () => answer });
    expect(await within(m.panel).findByRole("alert")).toHaveTextContent("The script could not be loaded.");
    answer = script();
    await m.user.click(within(m.panel).getByRole("button", { name: "Try again" }));
    expect(await within(m.panel).findByText(/^Hello, may I speak with Ann Lee\?/)).toBeVisible();
  });
});

describe("the script beside the real booking wizard", { timeout: 20_000 }, () => {
  const wireLead: WireLead = {
    id: LEAD,
    marketing_id: "M-31",
    crm_id: null,
    first_name: "Ann",
    last_name: "Lee",
    phone: "+16125550144",
    phone_other: "[]",
    email: null,
    language: "en",
    status: "In Process",
    status_description: null,
    new: false,
    dials: 1,
    notes: null,
    cre_notes: null,
    keywords: null,
    mga: null,
    website: null,
    is_annuity: false,
    reasons: [],
    reason_other: null,
    campaign: null,
    local_did: null,
    is_inbound: false,
    is_redistributed_followup: false,
    qualifier_name: null,
    qualified_by: null,
    country: "US",
    created: false,
    created_at: "2026-01-01T10:00:00.000Z",
    address: {
      street: null,
      apartment: null,
      buzzer: null,
      city: null,
      zip: null,
      state: null,
      province: null,
      latitude: null,
      longitude: null,
      timezone: null,
      type: 1,
      valid: false,
    },
    clients: [],
    insurance: {
      amount: null,
      annuity_beneficiary: null,
      annuity_funds: null,
      annuity_investment: null,
      annuity_period: null,
      applied: 0,
      carrier: null,
      denied: 0,
      has_policy: 0,
      premium: null,
      type: [],
      type_other: "",
    },
  };

  it("is in step with the wizard only while a wizard panel is on screen", async () => {
    const leads = fakeLeads([leadView({ id: LEAD, firstName: "Ann", lastName: "Lee" })]);
    const m = await renderPlugin(plugin, {
      gateway: fakeGateway(
        [
          reply(readScript, script()),
          reply(readLead, ({ params }) => (params.id === LEAD ? { status: 200, data: { data: wireLead } } : { status: 404 })),
        ],
        // The booking plugin's own endpoints: another plugin reaches them only through its api.ts, so they are
        // answered here by their addresses.
        {
          [`GET /leads/${LEAD}/booking-draft`]: { status: 200, data: { data: null } },
          [`PUT /leads/${LEAD}/booking-draft`]: { status: 204 },
        },
      ),
      flags: { scripts: true },
      agent: { roles: ["qualifier"] },
      services: [provide(leadsKey, leads.control)],
      providers: [(await catalogue.booking()).default],
    });
    const panel = screen.getByRole("region", { name: "Script" });
    await within(panel).findByRole("navigation");
    const booking = m.service(bookingApi) as BookingApi & { goTo(step: number): void };
    expect(booking.wizardStep).toBeNull(); // no wizard panel on screen
    expect(within(panel).queryByRole("status")).toBeNull();

    let release = () => {};
    act(() => {
      release = booking.watch(); // the wizard's panel opens
    });
    expect(await within(panel).findByRole("status")).toHaveTextContent("In step with Booking");
    expect(current(panel).step).toBe("1. Verify identity");
    act(() => booking.goTo(1));
    expect(current(panel).step).toBe("2. Insurance questions");
    act(() => booking.goTo(3));
    expect(current(panel).step).toBe("4. Recap");

    act(() => release()); // the wizard's panel closes
    expect(booking.wizardStep).toBeNull();
    expect(within(panel).queryByRole("status")).toBeNull();
    expect(current(panel).step).toBe("4. Recap");
  });
});
