// One language per screen (issue 13, fault 7): every plugin's panels and overlays, rendered in French and in
// Spanish with the gateway's realistic answers (its English disposition names, statuses and reasons
// included), must show no English text the product knows from an en.json (the core's and every plugin's)
// where the same key says something else in that language. A text that is the same in every language (a
// name, a number, "OK", a code) is not English to catch.
//
// Each plugin is loaded from plugins/catalogue.ts and mounted with renderPlugin() as its own tests do, with
// the roles, flags and variant it needs; the gateway is a small fake answering the panels' requests.
// ONE_LANGUAGE_DUMP=1 prints every text each scenario showed (to check a new scenario reaches its screen).
// English that another plugin's owner still has to translate is listed in KNOWN_ENGLISH: the test passes
// with it today, and fails as soon as an entry no longer shows, so the list only shrinks.
import { act, fireEvent, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import coreEn from "../../locales/en.json";
import coreEs from "../../locales/es.json";
import coreFr from "../../locales/fr.json";
import { catalogue, type PluginId } from "../../plugins/catalogue";
import { agents as bookingAgents, leadRoutes as bookingLeadRoutes, wireLead } from "../../plugins/booking/test/harness";
import { inboundAlertToneKey } from "../../plugins/inbound-alert/api";
import type { CallSnapshot } from "../../src/contract/calls";
import { matchEndpointPath } from "../../src/contract/endpoint";
import { countAvailableAgents } from "../../src/contract/geo";
import type { Language } from "../../src/contract/common";
import type { FollowUpItem, LastDialItem, RuleVerdict } from "../../src/contract/dialer";
import type { LeadHistory } from "../../src/contract/leadHistory";
import { callKey, leadsKey, statusKey, type AnyPlugin, type LeadView } from "../../src/sdk";
import {
  fakeCallControl,
  fakeGateway,
  fakeLeads,
  fakeStatusControl,
  leadView,
  provide,
  renderPlugin,
  reply,
  type EndpointRoute,
  type RenderedPlugin,
  type RenderPluginOptions,
  type Reply,
} from "../../src/sdk/testing";

const LANGUAGES = ["fr", "es"] as const satisfies Language[];
type Target = (typeof LANGUAGES)[number];

// ---------------------------------------------------------------- what counts as English

type Texts = Record<Language, Map<string, string>>;

/** Every string of a locale file by its dotted key. */
function flatten(o: unknown, prefix = "", out = new Map<string, string>()): Map<string, string> {
  if (typeof o === "string") out.set(prefix, o);
  else if (o && typeof o === "object")
    for (const [k, v] of Object.entries(o)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

const manifests = new Map<string, AnyPlugin>(
  await Promise.all(
    Object.entries(catalogue).map(async ([id, load]) => [id, (await load()).default] as const),
  ),
);

/** The namespaces the product speaks in: the core's and each plugin's, in en, fr and es. */
const namespaces = new Map<string, Texts>([
  ["core", { en: flatten(coreEn), fr: flatten(coreFr), es: flatten(coreEs) }],
  ...(await Promise.all(
    [...manifests.values()].map(async (m) => {
      const load = async (l: Language) => flatten((await m.locales?.[l]?.())?.default ?? {});
      return [m.id, { en: await load("en"), fr: await load("fr"), es: await load("es") }] as const;
    }),
  )),
]);

interface English {
  /** Where the product keeps it: `<namespace>:<key>`. */
  where: string;
  /** The en.json value, placeholders and all. */
  text: string;
  pattern: RegExp;
}

/**
 * The UI kit's own English (Blueprint's built-in labels, the date picker's month names): no en.json holds
 * it, and a panel that leaves it in shows it on every French or Spanish screen.
 */
const UI_KIT_ENGLISH = [
  "Open dropdown",
  "Close",
  "Clear filter query",
  "Clear selected items",
  "Remove tag",
  "Date picker shortcuts",
  "Previous month",
  "Next month",
  ...["January", "February", "March", "April", "June", "July", "August", "September", "October", "November", "December"],
];

const PLACEHOLDER = /\{\{[^}]*\}\}|\$t\([^)]*\)/g;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const wordsOf = (s: string) => s.toLowerCase().match(/[\p{L}'’-]+/gu) ?? [];

/**
 * The English to look for on a screen in `language`: each en.json value whose key says something else in
 * that language (a missing translation counts: the screen would fall back to English), as a pattern whose
 * placeholders match anything. Left out: values with fewer than three letters of their own, and values made
 * only of words this language uses itself (Notes, Agent, Message, Client…), which prove nothing.
 */
function englishFor(language: Target): English[] {
  const own = new Set<string>();
  for (const texts of namespaces.values()) for (const v of texts[language].values()) wordsOf(v).forEach((w) => own.add(w));
  const found = new Map<string, English>();
  const add = (where: string, text: string) => {
    if (found.has(text)) return;
    const literal = text.replace(PLACEHOLDER, " ");
    if ((literal.match(/\p{L}/gu) ?? []).length < 3) return;
    if (wordsOf(literal).every((w) => own.has(w))) return;
    // Placeholders at either end match whatever they hold: only the words between them need be there.
    const parts = text.split(PLACEHOLDER);
    while (parts.length > 1 && parts[0]!.trim() === "") parts.shift();
    while (parts.length > 1 && parts.at(-1)!.trim() === "") parts.pop();
    parts[0] = parts[0]!.trimStart();
    parts[parts.length - 1] = parts.at(-1)!.trimEnd();
    const body = parts.map(escape).join("[\\s\\S]+?");
    found.set(text, { where, text, pattern: new RegExp(`(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])`, "gu") });
  };
  for (const [ns, texts] of namespaces)
    for (const [key, text] of texts.en) if (texts[language].get(key) !== text) add(`${ns}:${key}`, text);
  for (const text of UI_KIT_ENGLISH) add("the UI kit's own English", text);
  return [...found.values()];
}
const ENGLISH: Record<Target, English[]> = { fr: englishFor("fr"), es: englishFor("es") };

/** What the agent reads (and hears from a screen reader): every text node and labelling attribute. */
function textsOnScreen(root: HTMLElement = document.body): string[] {
  const seen = new Set<string>();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let n: Node | null = walker.currentNode; n; n = walker.nextNode()) {
    if (n.nodeType === Node.TEXT_NODE) {
      const parent = n.parentElement?.tagName;
      if (parent !== "SCRIPT" && parent !== "STYLE" && n.textContent?.trim()) seen.add(n.textContent.trim());
    } else if (n instanceof Element) {
      for (const a of ["aria-label", "title", "placeholder", "alt", "aria-valuetext"]) {
        const v = n.getAttribute(a)?.trim();
        if (v) seen.add(v);
      }
    }
  }
  return [...seen];
}

interface Finding {
  english: string;
  where: string;
  /** The text on screen it was found in. */
  in: string;
}

/**
 * The English in these texts. Where several known texts match in one place ("Call", "Do Not Call" and "The
 * lead's status is Do Not Call."), the longest is the finding.
 */
function englishIn(texts: Iterable<string>, language: Target): Finding[] {
  const out = new Map<string, Finding>();
  for (const shown of texts) {
    const matches: { e: English; from: number; to: number }[] = [];
    for (const e of ENGLISH[language])
      for (const m of shown.matchAll(e.pattern)) matches.push({ e, from: m.index, to: m.index + m[0].length });
    matches.sort((a, b) => b.to - b.from - (a.to - a.from) || b.e.text.length - a.e.text.length);
    const kept: typeof matches = [];
    for (const m of matches) if (!kept.some((k) => k.from <= m.from && m.to <= k.to)) kept.push(m);
    for (const { e } of kept) if (!out.has(e.text)) out.set(e.text, { english: e.text, where: e.where, in: shown });
  }
  return [...out.values()];
}

// ---------------------------------------------------------------- the gateway's answers

const NOW = Date.parse("2026-01-05T15:00:00.000Z");

const lead = (over: Partial<LeadView> = {}): LeadView =>
  leadView({
    id: 31,
    marketingId: "ISF-31",
    firstName: "Pat",
    lastName: "Doe",
    phone: "+15555550131",
    status: "Callback Scheduled",
    campaign: "Final Expense",
    dials: 4,
    state: "TX",
    timezone: "America/Chicago",
    notes: "Prefers mornings",
    clients: [{ firstName: "Pat", lastName: "Doe", dob: "1960-04-02" }],
    ...over,
  });

const onCall: Partial<CallSnapshot> & { callId: number } = {
  callId: 7,
  leadId: 31,
  type: "auto",
  direction: 0,
  status: "answered",
  name: "Pat Doe",
  phone: "+15555550131",
  leadStatus: "In Process",
};

/** A rule's verdict as the gateway words it: its English sentence, with the key and values that translate it. */
function verdict(rule: RuleVerdict["rule"], ok: boolean, key: string, values: Record<string, string | number> = {}): RuleVerdict {
  const english = namespaces.get("lead-explain")!.en.get(`reasons.${key}`)!;
  const reason = english.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(values[k] ?? ""));
  return { rule, ok, reason, key, values };
}

const VERDICTS: RuleVerdict[] = [
  verdict("role", true, "role_ok"),
  verdict("calling-disabled", true, "calling_enabled"),
  verdict("inbound-only", true, "outbound_allowed"),
  verdict("operation-hours", true, "hours_inside", { time: "09:00", day: "Monday", zone: "America/New_York", from: "08:00", to: "21:00" }),
  verdict("quotas", true, "quota_under", { done: 12, max: 60, period: "hour" }),
  verdict("dnc", true, "dnc_clear"),
  verdict("status", true, "status_ok", { status: "Callback Scheduled" }),
  verdict("held", true, "held_none"),
  verdict("owner", true, "own_lead"),
  verdict("in-process", true, "in_process_free"),
  verdict("follow-ups", false, "follow_up_later", { at: "2026-01-06 15:00 UTC", from: "2026-01-06 14:45 UTC" }),
  verdict("campaign", true, "campaign_ok", { campaign: "Final Expense" }),
  verdict("lead-group", true, "lead_group_advisors"),
  verdict("callable-states", false, "states_out", { state: "NY" }),
  verdict("eligibility", true, "eligibility_ok", { eligibility: "both", dials: 4 }),
  verdict("level", true, "level_ok", { level: 2, min: 0, dials: 4 }),
  verdict("language", true, "language_bilingual"),
  verdict("publisher-suppression", true, "suppression_none"),
  verdict("dialing-sequence", true, "sequence_first", { n: 5 }),
  verdict("calling-window", false, "window_closed", { time: "08:00", zone: "America/Chicago", from: "09:00", to: "21:00", label: "TCPA" }),
];

const explained = (agentId: number | null, rules = VERDICTS): Reply => ({
  status: 200,
  data: { callable: rules.every((r) => r.ok), checkedAt: "2026-01-05T15:00:05.000Z", leadId: 31, agentId, rules },
});

const followUp = (over: Partial<FollowUpItem> = {}): FollowUpItem => ({
  id: 1,
  leadId: 31,
  startsAt: "2026-01-06T15:00:00.000Z",
  startedAt: "2026-01-05T14:00:00.000Z",
  dateTime: "2026-01-06T15:00:00.000Z",
  name: "Pat Doe",
  notes: "Round 1 note",
  state: "TX",
  timezone: "America/Chicago",
  type: 2,
  kind: "Pocket",
  overdue: false,
  url: "https://dashboard.example.com/leads/31",
  ...over,
});

const lastDial = (over: Partial<LastDialItem> = {}): LastDialItem => ({
  id: 70,
  leadId: 40,
  startedAt: "2026-01-05T13:30:00.000Z",
  dateTime: "2026-01-05T13:30:00.000Z",
  clientName: "Ana Ruiz",
  name: "Ruiz household",
  notes: "Spouse decides",
  state: "FL",
  status: "Not Interested",
  url: null,
  ...over,
});

const HISTORY: LeadHistory = {
  dispositions: [
    {
      id: 2,
      created_at: "2026-01-04T16:05:00.000Z",
      agent_name: "Dana Reyes",
      disposition: "Not Interested",
      reason: "Already has coverage",
      reason_other: null,
      notes: "Has a policy through work",
      date_time: null,
    },
    {
      id: 1,
      created_at: "2026-01-02T15:01:00.000Z",
      agent_name: "Sam Lee",
      disposition: "Callback Scheduled",
      reason: null,
      reason_other: null,
      notes: "",
      date_time: "2026-01-03T15:00:00.000Z",
    },
  ],
  calls: [
    { id: 12, started_at: "2026-01-04T16:00:00.000Z", type: "manual", direction: 0, duration: 95, agent_name: "Dana Reyes", live_transfer: 0 },
    { id: 11, started_at: "2026-01-02T15:00:00.000Z", type: "auto", direction: 0, duration: null, agent_name: "Sam Lee", live_transfer: 1 },
  ],
};

/** The same history, with what the disclosures and recordings plugins kept with the newer call. */
const HISTORY_WITH_FACETS: LeadHistory = {
  ...HISTORY,
  calls: [
    {
      ...HISTORY.calls[0]!,
      facets: {
        disclosures: {
          disclosures: [
            // A carrier's name is its own in every language; "Guarantee Trust Life Insurance Company" would read as English here.
            { at: "2026-01-04T16:01:00.000Z", carrier: "aa", company: "American Amicable", wording: "aa", language: "en", steps: 6, completed: true },
            { at: "2026-01-04T16:03:00.000Z", carrier: "aa", company: "American Amicable", wording: "occ", language: "es", steps: 1, completed: false },
          ],
          playbacks: [
            { at: "2026-01-04T16:00:30.000Z", media: "disclosures/aa-en", seconds: 8.8, end: "done" },
            { at: "2026-01-04T16:02:00.000Z", media: "disclosures/occ-es", seconds: 2, end: "stopped" },
            { at: "2026-01-04T16:02:30.000Z", media: "disclosures/occ-es", seconds: 1, end: "ended" },
          ],
        },
        recordings: {
          recordings: [
            { id: 4, index: 1, at: "2026-01-04T16:00:10.000Z", seconds: 7, state: "complete" },
            { id: 5, index: 2, at: "2026-01-04T16:01:00.000Z", seconds: 2.4, state: "incomplete" },
            { id: 6, index: 3, at: "2026-01-04T16:01:30.000Z", seconds: null, state: "no_audio" },
            { id: 7, index: 4, at: "2026-01-04T16:01:40.000Z", seconds: null, state: "recording" },
          ],
        },
      },
    },
    HISTORY.calls[1]!,
  ],
};

const overstay = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  agent_id: 7,
  agent_name: "Jordan Reyes",
  extension: "1001",
  role: "qualifier",
  status: "break",
  message: "users.overstayed.qualifier.break",
  limit: 1800,
  grace: 45,
  started_at: "2026-01-05T14:00:00Z",
  agent_notified_at: "2026-01-05T14:30:00Z",
  rtv_notified_at: "2026-01-05T14:30:45Z",
  ended_at: null,
  ...over,
});

const statistics = {
  dials: { hourly: { current: 45, target: 60 }, daily: { current: 100, target: 400 } },
  transfers: { hourly: { current: 0, target: 1 }, daily: { current: 6, target: 6 } },
  sales: { hourly: { current: 0, target: 1 }, daily: { current: 1, target: 2 } },
  new_leads: 6,
  "new-leads-threshold": 1,
  hours: 2,
  followUps: 1,
  pickups: 5,
};

// ---------------------------------------------------------------- each plugin on screen

interface Mounted {
  r: RenderedPlugin;
  gateway: ReturnType<typeof fakeGateway>;
  call: ReturnType<typeof fakeCallControl>;
  status: ReturnType<typeof fakeStatusControl>;
  leads: ReturnType<typeof fakeLeads>;
}

interface Scenario {
  name: string;
  plugin: PluginId;
  /** Plugins set up beside it for the services it needs (or uses when present). */
  providers?: PluginId[];
  options?: Omit<RenderPluginOptions, "services" | "providers" | "gateway" | "language">;
  routes?: Record<string, Reply>;
  /** The gateway's answers by endpoint (`reply(endpoint, …)`), before the string routes. */
  endpoints?: EndpointRoute[];
  /** The leads stack (the last one current) and leads awaiting a disposition. */
  leads?: LeadView[];
  awaiting?: number;
  call?: Partial<CallSnapshot> & { callId: number };
  status?: Parameters<typeof fakeStatusControl>[0];
  /** Waits for the panel's answer, then shows each state worth reading, calling `look()` in each. */
  drive: (m: Mounted, look: () => void) => Promise<void>;
}

/** A text of the product in the language of the screen under test. */
let screenLanguage: Target = "fr";
const tr = (ns: string, key: string) => namespaces.get(ns)![screenLanguage].get(key)!;

/** Waits until `selector` is on screen (the panels are lazy, their data comes later). */
const shown = (selector: string) =>
  waitFor(() => expect(document.querySelector(selector)).not.toBeNull(), { timeout: 5000 });
/** Lets the gateway's answers and the re-renders they cause land. */
const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));
const click = async (el: Element) => {
  await act(async () => void fireEvent.click(el));
  await settle();
};

/** Opens every tab and every collapsed section of the plugin's screen in turn, reading each. */
async function openEverything(look: () => void) {
  for (const tab of [...document.querySelectorAll('[role="tab"]')]) {
    await click(tab);
    look();
  }
  for (const toggle of [...document.querySelectorAll('button[aria-expanded="false"]')]) {
    await click(toggle);
    look();
  }
}

const BOOKING_LEAD = wireLead({
  reasons: [],
  country: "CA",
  cre_notes: "2026-01-04 | 10:15:02 - Prefers the afternoon",
  address: { ...wireLead().address, zip: "H2X 1Y4", state: null, province: "qc", city: "Montréal", latitude: 45.51, longitude: -73.57, timezone: "America/Toronto" },
  clients: [{ ...wireLead().clients[0]!, dob: "1946-12-01" }],
});

const SCENARIOS: Scenario[] = [
  {
    name: "goals, a qualifier",
    plugin: "goals",
    options: { flags: { "new-leads-goal-count": true } },
    routes: { "GET /agents/42/statistics": { status: 200, data: statistics } },
    drive: async (_, look) => {
      await shown(".goals__table");
      look();
    },
  },
  {
    name: "goals, an advisor",
    plugin: "goals",
    options: { agent: { roles: ["advisor"] }, flags: { "new-leads-goal-count": true } },
    routes: { "GET /agents/42/statistics": { status: 200, data: statistics } },
    drive: async (_, look) => {
      await shown(".goals__table");
      look();
    },
  },
  {
    name: "goals, statistics not read",
    plugin: "goals",
    routes: { "GET /agents/42/statistics": { status: 500, data: { message: "Server Error" } } },
    drive: async (_, look) => {
      await shown(".bp6-callout");
      look();
    },
  },
  {
    name: "overstays, a manager",
    plugin: "overstays",
    options: { agent: { id: 7, roles: ["manager"] } },
    routes: {
      "GET /overstays": {
        status: 200,
        data: {
          data: [
            overstay(2, { agent_name: "Aisha Johnson", role: "advisor", status: "lunch_break", limit: 3600 }),
            overstay(1, { ended_at: "2026-01-05T14:40:00Z" }),
          ],
        },
      },
    },
    drive: async ({ r }, look) => {
      await shown(".overstays__table");
      await r.push("overstay-feed", overstay(3, { agent_name: "Lee Park", status: "after_call_work", limit: 60 }));
      look();
    },
  },
  {
    name: "overstays, nobody overstayed",
    plugin: "overstays",
    options: { agent: { id: 7, roles: ["manager"] } },
    routes: { "GET /overstays": { status: 200, data: { data: [] } } },
    drive: async (_, look) => {
      await shown(".bp6-non-ideal-state");
      look();
    },
  },
  {
    name: "overstays, feed not read",
    plugin: "overstays",
    options: { agent: { id: 7, roles: ["manager"] } },
    routes: { "GET /overstays": { status: 500, data: { message: "Server Error" } } },
    drive: async (_, look) => {
      await shown(".bp6-callout");
      look();
    },
  },
  {
    name: "inbound-alert, an inbound call ringing",
    plugin: "inbound-alert",
    drive: async ({ call }, look) => {
      await act(async () =>
        call.push({
          callId: 50,
          type: "inbound",
          direction: 1,
          status: "incoming",
          bridged: false,
          answeredAt: null,
          inboundAlert: true,
          name: "Pat Doe",
          phone: "+15555550100",
        }),
      );
      await shown(".inbound-alert");
      look();
    },
  },
  {
    name: "lead-explain, an agent",
    plugin: "lead-explain",
    leads: [lead()],
    routes: { "GET /leads/31/explain": explained(42) },
    drive: async (_, look) => {
      await shown(".lead-explain__rules");
      look();
    },
  },
  {
    name: "lead-explain, an agent without a lead",
    plugin: "lead-explain",
    drive: async (_, look) => {
      await shown(".lead-explain__hint");
      look();
    },
  },
  {
    name: "lead-explain, a manager",
    plugin: "lead-explain",
    options: { agent: { id: 7, roles: ["manager"] } },
    routes: {
      "GET /agents?page=1&per_page=100&sort=name": {
        status: 200,
        data: {
          data: [{ id: 12, first_name: "Jordan", last_name: "Reyes", full_name: "Jordan Reyes", extension: "1012", role: "advisor", level: 1, is_bilingual: false }],
          meta: { total: 1, page: 1, per_page: 100 },
        },
      },
      "GET /leads/search/Pa": {
        status: 200,
        data: {
          data: [31, 32].map((id) => ({ id, marketing_id: `ISF-${id}`, name: `Pat Doe ${id}`, phone: `55555501${id}`, email: null, address: { state: "TX" }, status: "New" })),
        },
      },
      "GET /leads/31/explain": explained(
        null,
        VERDICTS.map((v, i) => (i < 5 ? verdict(v.rule, true, "not_checked") : v)),
      ),
      "GET /leads/32/explain?agent=12": { status: 404, data: { message: "Not found." } },
    },
    drive: async ({ r }, look) => {
      await shown(".lead-explain__form");
      const submit = document.querySelector(".lead-explain__form button[type=submit]")!;
      // No lead chosen first: the form says why.
      await click(submit);
      look();
      // The lead picked by name among the suggestions.
      const pick = async (name: string) => {
        const box = document.querySelector<HTMLInputElement>(".lead-explain__form [role=combobox]")!;
        fireEvent.change(box, { target: { value: "Pa" } });
        await act(async () => r.clock.advance(1_000));
        await shown("[role=option]");
        look();
        const option = [...document.querySelectorAll("[role=option]")].find((o) => o.textContent?.startsWith(name))!;
        await click(option);
      };
      await pick("Pat Doe 31");
      await click(submit);
      await shown(".lead-explain__rules");
      look();
      // Another lead for an agent picked by name: the gateway's refusal.
      await pick("Pat Doe 32");
      fireEvent.change(document.querySelector<HTMLSelectElement>(".lead-explain__form select")!, { target: { value: "12" } });
      await click(submit);
      await shown(".lead-explain .bp6-callout");
      look();
    },
  },
  {
    name: "auto-dialing, no lead available",
    plugin: "auto-dialing",
    providers: ["lead-explain"],
    status: "ready",
    routes: {
      "POST /dials/auto": {
        status: 404,
        data: {
          message: "No leads were found",
          reasons: { dnc: 2, "calling-window": 5, owner: 1 },
          samples: {
            dnc: "The lead's status is Do Not Call.",
            "calling-window": "It is 22:10 in America/Chicago; calls are allowed only 09:00–21:00 (TCPA).",
            owner: "The lead belongs to another agent.",
          },
          // The same samples with their keys, as the gateway sends them, so the panel words them.
          sampleVerdicts: {
            dnc: verdict("dnc", false, "dnc_status"),
            "calling-window": verdict("calling-window", false, "window_closed", {
              time: "22:10",
              zone: "America/Chicago",
              from: "09:00",
              to: "21:00",
              label: "TCPA",
            }),
            owner: verdict("owner", false, "owned_by_other"),
          },
          examined: 8,
          blocked: null,
        },
      },
    },
    drive: async (_, look) => {
      await shown(".auto-dialing__last");
      look();
      await openEverything(look);
    },
  },
  {
    name: "auto-dialing, every lead blocked",
    plugin: "auto-dialing",
    providers: ["lead-explain"],
    status: "ready",
    routes: {
      "POST /dials/auto": {
        status: 404,
        data: {
          message: "No leads were found",
          reasons: {},
          samples: {},
          examined: 0,
          blocked: verdict("operation-hours", false, "hours_closed_day", { day: "Sunday" }),
        },
      },
    },
    drive: async (_, look) => {
      await shown(".auto-dialing__last");
      look();
      await openEverything(look);
    },
  },
  {
    name: "auto-dialing, waiting for a disposition",
    plugin: "auto-dialing",
    status: "after_call_work",
    awaiting: 1,
    drive: async (_, look) => {
      await shown(".auto-dialing__state");
      look();
    },
  },
  {
    name: "dispositions, a lead to dispose",
    plugin: "dispositions",
    leads: [lead()],
    awaiting: 1,
    call: { ...onCall, status: "ended", endedAt: "2026-01-05T14:59:50.000Z" },
    status: "after_call_work",
    drive: async (_, look) => {
      await shown(".dispositions select, select");
      look();
      const select = document.querySelector("select")!;
      for (const value of ["Not Interested", "Callback Scheduled", "Dead"]) {
        await act(async () => void fireEvent.change(select, { target: { value } }));
        await settle();
        look();
      }
    },
  },
  {
    name: "dispositions, no lead",
    plugin: "dispositions",
    status: "after_call_work",
    drive: async (_, look) => {
      await waitFor(() => expect(document.body.textContent).toContain(tr("dispositions", "waiting.no_lead")));
      look();
    },
  },
  {
    name: "user-summary, follow-ups and last dials",
    plugin: "user-summary",
    providers: ["dispositions"],
    routes: {
      "GET /agents/follow-ups?limit=50&overdue=true": {
        status: 200,
        data: {
          data: [followUp({ id: 3, overdue: true, kind: "Callback Scheduled", type: 1, startsAt: "2026-01-05T13:00:00.000Z" })],
          meta: { total: 1, overdue: 1, enforced: true },
        },
      },
      "GET /agents/follow-ups?limit=50&overdue=false": {
        status: 200,
        data: {
          data: [followUp(), followUp({ id: 2, leadId: 32, name: "Sam Roe", type: 3, kind: "Appointment Setup", url: null })],
          meta: { total: 2, overdue: 1, enforced: true },
        },
      },
      "GET /agents/last-dials?limit=10": {
        status: 200,
        data: { data: [lastDial(), lastDial({ id: 71, leadId: 41, status: "Callback Scheduled", clientName: "Lee Park", name: "Park family" })] },
      },
      "GET /leads/search/Lee": {
        status: 200,
        data: {
          data: [
            { id: 55, marketing_id: "ISF-55", name: "Lee Park", phone: "+15555550155", email: "lee@example.com", address: { state: "CA" }, status: "New" },
          ],
        },
      },
    },
    drive: async (_, look) => {
      await shown('[role="tablist"]');
      await waitFor(() => expect(document.querySelector(".bp6-spinner")).toBeNull());
      look();
      await openEverything(look);
      const search = document.querySelector<HTMLInputElement>('form[role="search"] input');
      if (search) {
        fireEvent.change(search, { target: { value: "Lee" } });
        await act(async () => void fireEvent.submit(search.closest("form")!));
        await settle();
        look();
      }
    },
  },
  {
    name: "user-summary, lists not read",
    plugin: "user-summary",
    providers: ["dispositions"],
    routes: {
      "GET /agents/follow-ups?limit=50&overdue=true": { status: 500, data: { message: "Server Error" } },
      "GET /agents/follow-ups?limit=50&overdue=false": { status: 500, data: { message: "Server Error" } },
      "GET /agents/last-dials?limit=10": { status: 500, data: { message: "Server Error" } },
    },
    drive: async (_, look) => {
      await shown(".user-summary .bp6-callout");
      look();
    },
  },
  {
    // A Canadian lead (its provinces' names, not the US states', whose 'New York' reads as English 'New'): a
    // 79-year-old client with no reason given, and no advisor in the area. Every step, the restrictions and
    // forced booking of Meeting Setup, then Book, which sends the agent back to the incomplete step.
    name: "booking, every step of a lead's wizard",
    plugin: "booking",
    leads: [lead()],
    call: onCall,
    options: { variant: "slica" },
    endpoints: [
      reply(countAvailableAgents, ({ query }) => (query.postal === "H2X 1Y4" ? bookingAgents(0) : { status: 404 })),
      ...bookingLeadRoutes([BOOKING_LEAD]),
    ],
    drive: async (_, look) => {
      await shown(".booking__steps");
      look();
      for (const step of [...document.querySelectorAll(".booking__steps button")]) {
        await click(step);
        look();
      }
      const bookButton = [...document.querySelectorAll(".booking__summary button")].at(-1);
      if (bookButton) await click(bookButton);
      await shown(".booking__missing");
      look();
    },
  },
  {
    name: "booking, no lead",
    plugin: "booking",
    drive: async (_, look) => {
      await shown(".booking__empty");
      look();
    },
  },
  {
    name: "lead-card, on a call",
    plugin: "lead-card",
    leads: [lead()],
    call: onCall,
    routes: { "GET /leads/31/history": { status: 200, data: { data: HISTORY } } },
    drive: async (_, look) => {
      await shown(".lead-card__history-list");
      look();
      await openEverything(look);
    },
  },
  {
    name: "lead-card, a call with the disclosures given and its recordings",
    plugin: "lead-card",
    providers: ["disclosures", "recordings"],
    options: { flags: { disclosures: true, "recording-panel": true } },
    leads: [lead()],
    call: onCall,
    routes: { "GET /leads/31/history": { status: 200, data: { data: HISTORY_WITH_FACETS } } },
    drive: async (_, look) => {
      await shown(".recordings__history-entry");
      await waitFor(() => expect(document.querySelector(".lead-card__facets")?.textContent).toContain("Amicable"));
      look();
    },
  },
  {
    name: "lead-card, history not read",
    plugin: "lead-card",
    leads: [lead()],
    call: onCall,
    routes: { "GET /leads/31/history": { status: 500, data: { message: "Server Error" } } },
    drive: async (_, look) => {
      await shown(".lead-card__history .bp6-callout");
      look();
    },
  },
  {
    name: "lead-card, no lead",
    plugin: "lead-card",
    drive: async (_, look) => {
      await shown(".lead-card__empty");
      look();
    },
  },
  {
    name: "voicemail-detection, an answering machine",
    plugin: "voicemail-detection",
    providers: ["dispositions"],
    leads: [lead()],
    awaiting: 1,
    call: onCall,
    drive: async ({ r }, look) => {
      await shown(".voicemail__idle");
      look();
      await r.push("voicemail-detection", { callId: 7, leadId: 31, event: "AMD-Machine-Vm-WA", channel: "PJSIP/2042-00000007" });
      await settle();
      look();
    },
  },
  {
    // jsdom has no microphone, and a softphone without a WebRTC user registers nothing: the widget shows both
    // problems, its dial pad and its audio settings (no SIP connection is tried from the test).
    name: "softphone, a WebRTC agent",
    plugin: "softphone",
    routes: { "GET /webrtc/credentials": { status: 404, data: { message: "No WebRTC user for this extension." } } },
    drive: async (_, look) => {
      await shown("[class*='softphone']");
      await settle();
      look();
      await openEverything(look);
    },
  },
];

/**
 * English that plugins owned by other engineers still show in French or Spanish, found by this test (issue 13,
 * fault 7), each for its plugin's owner to translate. An entry that no longer shows fails the test: delete it
 * then, so the list only shrinks.
 */
const KNOWN_ENGLISH: { scenario: string; language: Target; english: string }[] = [
  // Empty: every panel speaks the agent's language. Blueprint's "Open dropdown" caret title went through the
  // SDK's Select.
];


// ---------------------------------------------------------------- the test

async function mount(s: Scenario, language: Target): Promise<Mounted> {
  const leads = fakeLeads(s.leads ?? [], s.awaiting ?? s.leads?.length ?? 0);
  const call = fakeCallControl();
  if (s.call) call.push(s.call);
  const status = fakeStatusControl(s.status ?? "after_call_work");
  const gateway = fakeGateway(s.endpoints ?? [], s.routes ?? {});
  const providers = await Promise.all((s.providers ?? []).map(async (id) => (await catalogue[id]()).default));
  const r = await renderPlugin(manifests.get(s.plugin)!, {
    now: NOW,
    ...s.options,
    language,
    gateway,
    providers,
    services: [
      provide(leadsKey, leads.control),
      provide(callKey, call.control),
      provide(statusKey, status.control),
      provide(inboundAlertToneKey, { play: async () => {} }),
    ],
  });
  return { r, gateway, call, status, leads };
}

describe("one language per screen", () => {
  it("knows the English to look for, and finds it", () => {
    expect(ENGLISH.fr.length).toBeGreaterThan(300);
    expect(englishIn(["Not Interested"], "fr").map((f) => f.english)).toEqual(["Not Interested"]);
    expect(englishIn(["Le prospect dit : Not Interested"], "es").map((f) => f.english)).toEqual(["Not Interested"]);
    // Placeholders match what they hold.
    expect(englishIn(["Checked Jan 5, 2026, 3:00:05 PM UTC"], "fr").map((f) => f.english)).toEqual(["Checked {{time}}"]);
    // The longest English found in one place is the finding, not the words inside it.
    expect(englishIn(["par ex. The lead's status is Do Not Call."], "es").map((f) => f.english)).toEqual([
      "The lead's status is Do Not Call.",
    ]);
    // Whole words only, and words French uses too are not English.
    expect(englishIn(["Transferts du jour", "Notes", "Agent"], "fr")).toEqual([]);
  });

  describe.each(LANGUAGES)("in %s", (language) => {
    it.each(SCENARIOS.map((s) => [s.name, s] as const))("%s shows no English", async (_, s) => {
      screenLanguage = language;
      const m = await mount(s, language);
      const texts = new Set<string>();
      const look = () => textsOnScreen().forEach((t) => texts.add(t));
      try {
        await s.drive(m, look);
      } finally {
        m.r.unmount();
      }
      // As the fake gateway matches: an endpoint's path, else the url as sent, then without the query a call by
      // endpoint adds.
      const answers = (q: { method: string; url: string; path: string }) =>
        (s.endpoints ?? []).some((e) => e.endpoint.method === q.method && matchEndpointPath(e.endpoint, q.path)) ||
        `${q.method} ${q.url}` in (s.routes ?? {}) ||
        `${q.method} ${q.path}` in (s.routes ?? {});
      const unanswered = m.gateway.requests.filter((q) => !answers(q));
      const known = KNOWN_ENGLISH.filter((k) => k.scenario === s.name && k.language === language);
      const found = englishIn(texts, language);
      if (process.env.ONE_LANGUAGE_DUMP) console.log(`${s.name} (${language}):\n  ${[...texts].join("\n  ")}`);
      const report = (f: Finding) => `${s.plugin} (${language}): "${f.english}" [${f.where}] in "${f.in}"`;
      expect(
        found.filter((f) => !known.some((k) => k.english === f.english)).map(report),
        `English on a ${language} screen of ${s.plugin}`,
      ).toEqual([]);
      expect(
        known.filter((k) => !found.some((f) => f.english === k.english)).map((k) => k.english),
        "translated now: delete these from KNOWN_ENGLISH",
      ).toEqual([]);
      expect(unanswered.map((q) => `${q.method} ${q.url}`), "requests this test's gateway does not answer").toEqual([]);
      // A scenario walks a whole panel (the booking wizard: every step) and reads every text after each move:
      // 4.5 s on a busy 2-core machine, so Vitest's 5 s default is too close.
    }, 20_000);
  });
});
