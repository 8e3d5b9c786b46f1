// Every call-centre variant against the real catalogue: a variant that names a missing plugin, wires a need
// nobody provides, places a panel its agents may not have, or ships a plugin with a half-translated locale
// fails here, not at an agent's desk.
import { GRID_COLUMNS, SCREEN_ROWS } from "../../src/contract/layout";
import axios from "axios";
import { describe, expect, it } from "vitest";
import { catalogue } from "../../plugins/catalogue";
import { API_BASE, type Language } from "../../src/contract/common";
import { manualClock } from "../../src/shared/clock";
import type { AnyPlugin } from "../../src/core/plugin";
import { VariantManifest } from "../../src/core/variant";
import { createI18n } from "../../src/i18n/i18n";
import { memoryStorage } from "../../src/store/storage";
import { fakeGateway } from "../../src/test/fakeGateway";
import { fakeRealtime } from "../../src/test/fakeRealtime";
import { compactVertically, isShown, shownWhileOf } from "../../src/workspace/layout";
import { createWorkspaceSession } from "../../src/workspace/session";
import { variants } from "../../variants";
import { TEST_AGENT } from "../../src/sdk/testing/renderPlugin";
import { adminLinks } from "../../src/app/shell/adminLinks";

const LANGUAGES: Language[] = ["en", "fr", "es"];
/** The core's texts: status names are what every panel calls a status. */
const coreTexts = {
  en: (await import("../../locales/en.json")).default,
  fr: (await import("../../locales/fr.json")).default,
  es: (await import("../../locales/es.json")).default,
};
/** Date masks written in capitals (YYYY-MM-DD, AAAA-MM-JJ) are not words. */
const DATE_MASKS = new Set(["YYYY", "AAAA"]);
const ROLES = ["qualifier", "advisor", "manager"] as const;

const manifests = new Map<string, AnyPlugin>(
  await Promise.all(
    Object.entries(catalogue).map(async ([id, load]) => [id, (await load()).default] as const),
  ),
);
const variantList = await Promise.all(
  Object.entries(variants).map(async ([key, load]) => ({ key, manifest: (await load()).default })),
);

/** Signs an agent of this variant in, as the workspace does, with the variant's own default flags. */
async function signIn(variantKey: keyof typeof variants, role: (typeof ROLES)[number] | "admin") {
  const gateway = fakeGateway({
    [`GET /agents/me/layouts/${variantKey}`]: { status: 200, data: { data: null } },
  });
  const logged: string[] = [];
  const session = await createWorkspaceSession({
    http: axios.create({ baseURL: API_BASE, adapter: gateway.adapter }),
    i18n: createI18n("en"),
    clock: manualClock(),
    storage: memoryStorage(),
    catalogue,
    variants,
    tenant: {
      tenant_id: 1,
      name: variantKey.toUpperCase(),
      variant: variantKey,
      country: "US",
      features: {},
    },
    agent: { ...TEST_AGENT, roles: [role] },
    mode: "development",
    log: (message) => void logged.push(message),
    token: () => "token-1",
    setDeactivated: () => {},
    onSessionEnded: () => {},
    onDuplicateTab: () => {},
    connect: fakeRealtime().connect,
  });
  return { session, logged };
}

type Tree = { [key: string]: unknown };
function keysOf(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) => {
    const path = prefix ? `${prefix}.${k}` : k;
    return v !== null && typeof v === "object" ? keysOf(v as Tree, path) : [path];
  });
}
function textsOf(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === "object") for (const [p, t] of textsOf(v as Tree, path)) out.set(p, t);
    else out.set(path, String(v));
  }
  return out;
}
const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)]
    .map((m) => m[1])
    .sort()
    .join();

it("has variants to check", () => {
  expect(variantList.map((v) => v.key).sort()).toEqual(["isius", "slica"]);
});

describe.each(variantList)("variant $key", ({ key, manifest }) => {
  const variantKey = key as keyof typeof variants;

  it("parses as a variant manifest under its own id", () => {
    const parsed = VariantManifest.safeParse(manifest);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    expect(manifest.id).toBe(key);
  });

  it("lists only plugins of the catalogue, each manifest under its own id", () => {
    const unknown = manifest.plugins.filter((id) => !manifests.has(id));
    expect(unknown).toEqual([]);
    const mismatched = manifest.plugins.filter((id) => manifests.get(id)?.id !== id);
    expect(mismatched).toEqual([]);
  });

  it("configures only plugins it lists, with configs that parse", () => {
    expect(Object.keys(manifest.config).filter((id) => !manifest.plugins.includes(id))).toEqual([]);
    const failures = manifest.plugins.flatMap((id) => {
      const schema = manifests.get(id)?.configSchema;
      if (!schema) return [];
      const parsed = schema.safeParse(manifest.config[id] ?? {});
      return parsed.success ? [] : [`${id}: ${parsed.error.message}`];
    });
    expect(failures).toEqual([]);
  });

  it("offers every language a plugin's locales have", () => {
    // A plugin with no text of its own (client health reports, the floor shows) needs no locale.
    const missing = manifest.plugins.filter((id) => manifests.get(id)?.locales).flatMap((id) =>
      manifest.languages
        .filter((lang) => !manifests.get(id)?.locales?.[lang])
        .map((lang) => `${id}: ${lang}`),
    );
    expect(missing).toEqual([]);
  });

  it.each(ROLES)("resolves for a %s in development with no problems and no unmet needs", async (role) => {
    const { session, logged } = await signIn(variantKey, role);
    const unmet = session.registry.skipped.filter((s) => !s.reason.startsWith("requires not met"));
    expect(unmet).toEqual([]);
    expect(logged.filter((m) => !m.includes("requires not met"))).toEqual([]);
    session.dispose();
  });

  it.each(["qualifier", "advisor", "manager"] as const)(
    "fits the %s default layout on one screen, on a call and between calls: inside 12 columns and the screen's rows once the grid closes up over the panels stepping aside, no overlap, each panel at least its minimum size",
    (role) => {
      const panels = new Map<string, { shownWhile?: "call" | "idle"; size: { minW?: number; minH?: number } }>(
        [...manifests.values()].flatMap((p) => (p.panels ?? []).map((panel) => [panel.id, panel] as const)),
      );
      const sizes = new Map([...panels].map(([id, panel]) => [id, panel.size] as const));
      const items = manifest.defaultLayouts[role];
      const problems: string[] = [];
      for (const onCall of [true, false]) {
        const shown = items.filter((it) =>
          isShown(shownWhileOf(it, panels.get(it.panel) ?? {}), { onCall, editing: false }),
        );
        for (const it of compactVertically(shown))
          if (it.y + it.h > SCREEN_ROWS)
            problems.push(`${it.panel} goes past the screen ${onCall ? "on a call" : "between calls"}`);
      }
      for (const it of items) {
        if (it.x + it.w > GRID_COLUMNS) problems.push(`${it.panel} goes past the screen`);
        const size = sizes.get(it.panel);
        if (size && (it.w < (size.minW ?? 1) || it.h < (size.minH ?? 1)))
          problems.push(`${it.panel} is under its minimum size`);
      }
      for (const [i, a] of items.entries())
        for (const b of items.slice(i + 1))
          if (a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h)
            problems.push(`${a.panel} overlaps ${b.panel}`);
      expect(problems).toEqual([]);
    },
  );

  it.each(ROLES)(
    "places in the %s default layout only panels that exist and the role may have",
    async (role) => {
      const { session } = await signIn(variantKey, role);
      const existing = new Set<string>(
        [...manifests.values()].flatMap((p) => (p.panels ?? []).map((panel) => panel.id)),
      );
      const defaults = manifest.defaultLayouts[role].map((d) => d.panel);
      expect(defaults.filter((id) => !existing.has(id))).toEqual([]);
      expect(defaults.filter((id) => !session.registry.panels.has(id))).toEqual([]);
      // What the agent sees at first sign-in is that default, in full.
      expect(session.layout.items.map((it) => it.panel)).toEqual(defaults);
      session.dispose();
    },
  );

  it.each(["manager", "admin"] as const)(
    "links the %s's Admin Panel drawer as it always did: the specification's pages in its order, then the call centre's own, with the same texts",
    async (role) => {
      const { session } = await signIn(variantKey, role);
      const plugins = new Map(session.registry.plugins.map((p) => [p.manifest.id, p.ctx]));
      const links = adminLinks(session.registry, [role]).map(
        (link) => `${link.section}: ${plugins.get(link.pluginId)!.t(link.title)} /admin/${link.path}`,
      );
      expect(links).toEqual([
        "users: Managers /admin/users/managers",
        "users: Users /admin/users",
        "users: Accounts /admin/users/accounts",
        // Not in the specification: the call centre's leads in and numbers out (issue 36).
        "leads: Leads /admin/leads/search",
        "leads: Lead lists /admin/leads/lists",
        "leads: Publishers /admin/leads/publishers",
        "leads: Do Not Call lists /admin/leads/dnc-lists",
        // Not in the specification: what happened on the floor (issue 37).
        "reports: Agent performance /admin/reports/agents",
        "reports: Campaigns, lists and publishers /admin/reports/campaigns",
        "reports: Hours of the week /admin/reports/hours",
        "reports: Calls /admin/reports/calls",
        "reports: Compliance /admin/reports/compliance",
        "reports: Scheduled e-mails /admin/reports/schedules",
        // An admin gives the call centre's reports to operations managers of others (issue 37).
        ...(role === "admin" ? ["reports: Operations managers /admin/reports/operations-managers"] : []),
        "notifications: Send New Notification /admin/notifications/create",
        "settings: General Settings /admin/settings/globals",
        "settings: Configurations /admin/settings/configurations",
        "settings: Operation Hours /admin/settings/operation-hours",
        "settings: Dialing Sequence /admin/settings/dialing-sequence",
        "settings: User Quotas /admin/settings/user-quotas",
        "settings: User Dials Per Level /admin/settings/qualifier-dials-per-level",
        "settings: Lead Campaigns /admin/settings/lead-campaigns",
        "settings: Lead Prefixes /admin/settings/lead-prefixes",
        "settings: Lead Groups /admin/settings/lead-groups",
        "settings: Attribute Groups /admin/settings/attribute-groups",
        "settings: Allowed Extensions /admin/settings/allowed-extensions",
        "settings: WebRTC Users /admin/settings/webrtc-users",
        "settings: Retreaver Mappings /admin/settings/retreaver-mappings",
        "settings: Publisher Suppression /admin/settings/publisher-suppression",
        // Not in the specification's list: the transfer targets, and (an admin's) the plugins and features and the
        // supervision audit trail.
        "settings: Transfer Targets /admin/settings/external-transfers",
        ...(role === "admin"
          ? ["settings: Plugins and features /admin/settings/plugins", "settings: Supervision /admin/settings/supervision"]
          : []),
      ]);
      session.dispose();
    },
  );
});

describe.each([...manifests.entries()].map(([id, manifest]) => ({ id, manifest })))(
  "plugin $id",
  ({ manifest }) => {
    const load = async () => {
      const texts: Partial<Record<Language, Tree>> = {};
      for (const lang of LANGUAGES) {
        const loader = manifest.locales?.[lang];
        if (loader) texts[lang] = (await loader()).default;
      }
      return texts;
    };

    it("has the same locale keys in en, fr and es", async () => {
      const texts = await load();
      const en = new Set(keysOf(texts.en ?? {}));
      const problems = LANGUAGES.filter((l) => l !== "en").flatMap((lang) => {
        const keys = new Set(keysOf(texts[lang] ?? {}));
        return [
          ...[...en].filter((k) => !keys.has(k)).map((k) => `${lang} misses ${k}`),
          ...[...keys].filter((k) => !en.has(k)).map((k) => `${lang} has ${k}, which en lacks`),
        ];
      });
      expect(problems).toEqual([]);
    });

    it("keeps every {{placeholder}} of en in fr and es", async () => {
      const texts = await load();
      const en = textsOf(texts.en ?? {});
      const differing = LANGUAGES.filter((l) => l !== "en").flatMap((lang) => {
        const other = textsOf(texts[lang] ?? {});
        return [...en]
          .filter(([k, text]) => other.has(k) && placeholders(text) !== placeholders(other.get(k)!))
          .map(([k]) => `${lang}: ${k}`);
      });
      expect(differing).toEqual([]);
    });

    it("names a status in capitals only by that status's own name in the language (one word for one thing)", async () => {
      const texts = await load();
      const problems = LANGUAGES.flatMap((lang) => {
        const names = new Set(
          Object.values(coreTexts[lang].status.names).map((n) => n.toLocaleUpperCase(lang)),
        );
        return [...textsOf(texts[lang] ?? {})].flatMap(([key, text]) =>
          (text.match(/(?<![\p{L}])[\p{Lu}]{4,}(?![\p{L}])/gu) ?? [])
            .filter((word) => !DATE_MASKS.has(word) && !names.has(word))
            .map((word) => `${lang} ${key}: ${word}`),
        );
      });
      expect(problems).toEqual([]);
    });

    it("names its panels <plugin-id>.<panel> and titles them with keys of its own locale", async () => {
      const en = textsOf((await load()).en ?? {});
      const panels = manifest.panels ?? [];
      expect(panels.filter((p) => !p.id.startsWith(`${manifest.id}.`)).map((p) => p.id)).toEqual([]);
      expect(panels.filter((p) => !en.has(p.title)).map((p) => `${p.id}: ${p.title}`)).toEqual([]);
    });

    it("titles its admin pages' drawer links with keys of its own locale", async () => {
      const en = textsOf((await load()).en ?? {});
      const pages = manifest.adminPages ?? [];
      expect(pages.filter((p) => !en.has(p.title)).map((p) => `${p.path}: ${p.title}`)).toEqual([]);
    });
  },
);
