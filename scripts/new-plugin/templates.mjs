// The files `npm run new:plugin <id>` writes: a whole plugin, both sides. The agent's notes, as the example: a
// panel that lists the agent's notes and adds one, a gateway route that keeps them in the plugin's own table
// (migrated from its own folder) and pushes each new note to the agent's other tabs, a note added on a call shown
// with that call in the lead's history (a lead-history facet), and an admin page where a manager reads the call
// centre's notes. Replace the notes with the plugin's own subject; keep the shape.
const json = (value) => JSON.stringify(value, null, 2) + "\n";

const texts = {
  en: {
    empty: "No notes yet.",
    note: "Note",
    add: "Add note",
    failed: "The notes could not be loaded.",
    refused: "The note could not be saved.",
    history: "Note: {{text}}",
    admin: { link: "Agents' notes", title: "Agents' notes", agent: "Agent", text: "Note", at: "Added", none: "No agent wrote a note yet." },
  },
  fr: {
    empty: "Aucune note pour l'instant.",
    note: "Note",
    add: "Ajouter la note",
    failed: "Les notes n'ont pas pu être chargées.",
    refused: "La note n'a pas pu être enregistrée.",
    history: "Note : {{text}}",
    admin: { link: "Notes des agents", title: "Notes des agents", agent: "Agent", text: "Note", at: "Ajoutée", none: "Aucun agent n'a encore écrit de note." },
  },
  es: {
    empty: "Todavía no hay notas.",
    note: "Nota",
    add: "Añadir nota",
    failed: "No se pudieron cargar las notas.",
    refused: "No se pudo guardar la nota.",
    history: "Nota: {{text}}",
    admin: { link: "Notas de los agentes", title: "Notas de los agentes", agent: "Agente", text: "Nota", at: "Añadida", none: "Ningún agente ha escrito una nota todavía." },
  },
};

export const templates = {
  "manifest.ts": ({ id }) => `// What the gateway and the browser both read of this plugin (src/contract/pluginManifest.ts): who gets it,
// and the feature flags it reads (declared here with their defaults; a variant may then set them).
import { definePluginManifest } from "../../src/contract/pluginManifest";

export const manifest = definePluginManifest({
  id: "${id}",
  requires: { roles: ["qualifier", "advisor", "manager"] },
});
`,
  "contract.ts": ({ id }) => `// The plugin's wire contract, shared by its browser and gateway sides: its endpoints, each written once (the
// gateway binds a route to it, the browser calls it, the tests' fake gateway answers it), and its push.
import { z } from "zod";
import { ErrorBody } from "../../src/contract/common";
import { defineEndpoint } from "../../src/contract/endpoint";
import { definePush } from "../../src/contract/push";

export const Note = z.object({
  id: z.number().int(),
  agent_id: z.number().int(),
  /** The call the agent was on when it added the note (the note then shows with that call in the lead's history). */
  call_id: z.number().int().nullable(),
  text: z.string(),
  created_at: z.string(),
});
export type Note = z.infer<typeof Note>;
export const NotesResponse = z.object({ data: z.array(Note) });
export const NoteResponse = z.object({ data: Note });
export const AddNoteBody = z.strictObject({
  text: z.string().trim().min(1).max(500),
  call_id: z.number().int().positive().nullable().optional(),
});

/** The caller's notes (the panel). */
export const listNotes = defineEndpoint({
  method: "GET",
  path: "/${id}/notes",
  summary: "Not in the specification (plugin ${id}): the caller's notes, newest first (at most 100).",
  tags: ["${id}"],
  responses: { 200: NotesResponse },
});

/** Adds a note of the caller's: a write that must not double, so it takes an Idempotency-Key. */
export const addNote = defineEndpoint({
  method: "POST",
  path: "/${id}/notes",
  summary:
    "Not in the specification (plugin ${id}): adds a note of the caller's, on its call call_id when given: 201 {data: note}, pushed to the caller's sockets (${id}-note-added). 422 for an empty or too long text, or a call that is not the caller's. Takes an Idempotency-Key: a retry answers the first note.",
  tags: ["${id}"],
  body: AddNoteBody,
  responses: { 201: NoteResponse, 422: ErrorBody },
  idempotent: true,
});

/** The call centre's notes (managers and above: the admin page). */
export const listAllNotes = defineEndpoint({
  method: "GET",
  path: "/${id}/notes/all",
  summary: "Not in the specification (plugin ${id}): the call centre's notes, newest first (at most 100). Managers and above.",
  tags: ["${id}"],
  responses: { 200: NotesResponse },
});

/** The plugin's facet of a call in the lead's history (GET /leads/{id}/history: facets["${id}"]). */
export const NotesFacet = z.object({ notes: z.array(z.object({ id: z.number().int(), text: z.string() })) });
export type NotesFacet = z.infer<typeof NotesFacet>;

/** To the agent's sockets (each of its tabs) once it added a note. */
export const noteAdded = definePush("${id}-note-added", Note);
`,
  "tables.ts": ({ id, camel, snake }) => `// The plugin's own table. Its migrations are in ./migrations: after a change, npm run db:generate:plugin ${id}.
import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { calls, tenantRef, ts, userRef } from "../../server/sdk/tables";

export const ${camel}Notes = pgTable(
  "${snake}_notes",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantRef(),
    agentId: userRef("agent_id", "cascade"),
    /** The call the agent was on when it added the note; null between calls. */
    callId: integer("call_id").references(() => calls.id),
    text: text("text").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("${snake}_notes_agent").on(t.agentId), index("${snake}_notes_call").on(t.callId)],
);
`,
  "server.ts": ({ camel }) => `// The plugin's gateway side: its routes, built from the context the gateway gives it. The gateway finds this file
// by the folder and refuses every route to a call centre that does not have the plugin (manifest.ts).
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import {
  calls,
  definePluginServer,
  defineRoute,
  fieldError,
  type Db,
  type PluginServerContext,
  type RouteDef,
} from "../../server/sdk";
import { addNote, listAllNotes, listNotes, noteAdded, type Note, type NotesFacet } from "./contract";
import { ${camel}Notes } from "./tables";

/** Qualifiers (setters) and advisors write notes; the managers above them too (hierarchy roles pass upwards). */
const AGENTS = { roles: ["setter", "advisor"] } as const;
const MANAGERS = { roles: ["manager"] } as const;
const NEWEST = 100;

const wire = (row: typeof ${camel}Notes.$inferSelect): Note => ({
  id: row.id,
  agent_id: row.agentId,
  call_id: row.callId,
  text: row.text,
  created_at: row.createdAt.toISOString(),
});

export function ${camel}Routes(ctx: PluginServerContext): RouteDef[] {
  const { db, clock } = ctx;
  // A lead-history facet: the notes added on each call, shown with that call in the lead's history.
  ctx.leadHistory.addCallFacet(async (tenantId, callIds) => {
    const rows = await db
      .select({ id: ${camel}Notes.id, callId: ${camel}Notes.callId, text: ${camel}Notes.text })
      .from(${camel}Notes)
      .where(and(eq(${camel}Notes.tenantId, tenantId), inArray(${camel}Notes.callId, callIds)))
      .orderBy(asc(${camel}Notes.id));
    const facets = new Map<number, NotesFacet>();
    for (const row of rows) {
      const facet = facets.get(row.callId!) ?? { notes: [] };
      facet.notes.push({ id: row.id, text: row.text });
      facets.set(row.callId!, facet);
    }
    return facets;
  });
  return [
    // Each route binds who may call it and what it does to its endpoint (contract.ts): the method, path, schemas
    // and summary are the endpoint's.
    defineRoute(listNotes, {
      access: AGENTS,
      async handler({ caller }) {
        const rows = await db
          .select()
          .from(${camel}Notes)
          .where(and(eq(${camel}Notes.tenantId, caller.tenantId), eq(${camel}Notes.agentId, caller.id)))
          .orderBy(desc(${camel}Notes.id))
          .limit(NEWEST);
        return { data: rows.map(wire) };
      },
    }),
    defineRoute(addNote, {
      access: AGENTS,
      example: { body: { text: "Call back after lunch" } },
      async handler({ caller, body, raw }, reply) {
        const callId = body.call_id ?? null;
        if (callId !== null) {
          const [own] = await db
            .select({ id: calls.id })
            .from(calls)
            .where(and(eq(calls.id, callId), eq(calls.tenantId, caller.tenantId), eq(calls.agentId, caller.id)));
          if (!own) throw fieldError("call_id", "Not a call of yours.");
        }
        // The endpoint is idempotent: the write runs once per Idempotency-Key.
        const answer = await ctx.idempotent(caller, raw, reply, (claim) =>
          db.transaction(async (tx) => {
            const [row] = await tx
              .insert(${camel}Notes)
              .values({ tenantId: caller.tenantId, agentId: caller.id, callId, text: body.text, createdAt: new Date(clock.now()) })
              .returning();
            const written = { status: 201, body: { data: wire(row!) } };
            await claim.keepIn(tx as unknown as Db, written);
            return written;
          }),
        );
        // After the commit: every tab of the agent shows the note (a retry pushes it again; the page keeps one).
        ctx.realtime.toAgent(noteAdded, caller.id, answer.data);
        return answer;
      },
    }),
    defineRoute(listAllNotes, {
      access: MANAGERS,
      async handler({ caller }) {
        const rows = await db
          .select()
          .from(${camel}Notes)
          .where(eq(${camel}Notes.tenantId, caller.tenantId))
          .orderBy(desc(${camel}Notes.id))
          .limit(NEWEST);
        return { data: rows.map(wire) };
      },
    }),
  ];
}

export default definePluginServer(${camel}Routes);
`,
  "{id}.server.test.ts": ({ id }) => `// The plugin's gateway side, end to end: the route keeps the note in the plugin's table and pushes it to the
// agent's socket; managers read the call centre's notes; bad input is 422 and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LeadHistoryResponse } from "../../src/contract/leadHistory";
import { calls, freeLeads, startTestGateway, type TestGateway } from "../../server/sdk/testing";
import { addNote, listAllNotes, listNotes, NotesFacet, NotesResponse } from "./contract";

let gw: TestGateway;
beforeAll(async () => {
  // offer: the demo call centres offer the plugin even before a variant lists it.
  gw = await startTestGateway({ listen: true, offer: ["${id}"] });
});
afterAll(() => gw.close());

describe("${id} on the gateway", () => {
  it("keeps an agent's note, pushes it to the agent's socket, and shows it to the agent and its managers", async () => {
    const agent = await gw.signIn("qualifier.isius@demo.test");
    const socket = gw.socket(agent);
    const pushed = new Promise<unknown>((resolve) =>
      (socket as unknown as { once(e: string, f: (p: unknown) => void): void }).once("${id}-note-added", resolve),
    );
    socket.connect();
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));

    const added = await agent.request("POST", addNote.path, { text: "Call back after lunch" }, { "idempotency-key": "note-1" });
    expect(added.statusCode, added.body).toBe(201);
    expect(await pushed).toMatchObject({ text: "Call back after lunch" });
    // A retry under the same key answers the same note and adds none.
    const again = await agent.request("POST", addNote.path, { text: "Call back after lunch" }, { "idempotency-key": "note-1" });
    expect(again.json()).toEqual(added.json());

    const mine = NotesResponse.parse((await agent.request("GET", listNotes.path)).json()).data;
    expect(mine.map((n) => n.text)).toEqual(["Call back after lunch"]);
    const manager = await gw.signIn("manager.isius@demo.test");
    const all = NotesResponse.parse((await manager.request("GET", listAllNotes.path)).json()).data;
    expect(all.map((n) => n.text)).toContain("Call back after lunch");
    expect((await agent.request("GET", listAllNotes.path)).statusCode).toBe(403);
    socket.disconnect();
  });

  it("shows a note added on a call with that call in the lead's history, and refuses another agent's call", async () => {
    const agentId = await gw.idOf("qualifier2.isius@demo.test");
    const [lead] = await freeLeads(gw.db, 1, 1);
    const [call] = await gw.db
      .insert(calls)
      .values({ tenantId: 1, leadId: lead!.id, agentId, type: "manual", direction: 0, phone: lead!.phone, status: "answered", startedAt: new Date(gw.clock.now()) })
      .returning({ id: calls.id });
    const agent = await gw.signIn("qualifier2.isius@demo.test");
    const body = { text: "Spouse decides", call_id: call!.id };
    expect((await agent.request("POST", addNote.path, body, { "idempotency-key": "note-3" })).statusCode).toBe(201);
    const manager = await gw.signIn("manager.isius@demo.test");
    const history = LeadHistoryResponse.parse((await manager.request("GET", \`/leads/\${lead!.id}/history\`)).json()).data;
    const facet = history.calls.find((c) => c.id === call!.id)?.facets?.["${id}"];
    expect(NotesFacet.parse(facet).notes.map((n) => n.text)).toEqual(["Spouse decides"]);
    const colleague = await gw.signIn("qualifier.isius@demo.test");
    expect((await colleague.request("POST", addNote.path, body, { "idempotency-key": "note-4" })).statusCode).toBe(422);
  });

  it("refuses an empty note (422) and writes nothing", async () => {
    const agent = await gw.signIn("advisor.isius@demo.test");
    expect((await agent.request("POST", addNote.path, { text: "  " }, { "idempotency-key": "note-2" })).statusCode).toBe(422);
    expect(NotesResponse.parse((await agent.request("GET", listNotes.path)).json()).data).toEqual([]);
  });
});
`,
  "index.ts": ({ id, Pascal, camel, title }) => `// ${title}: the agent's notes, kept on the gateway; managers read the call centre's on an admin page.
import { lazy } from "react";
import { defineCallFacet, definePlugin } from "../../src/sdk";
import { ${camel}Api } from "./api";
import { noteAdded, NotesFacet } from "./contract";
import { manifest } from "./manifest";
import { ${Pascal}Model } from "./model";
import { create${Pascal}Service } from "./service";

export default definePlugin({
  ...manifest,
  provides: ${camel}Api,
  model: ${Pascal}Model,
  pushes: [noteAdded],
  // The notes added on a call, under that call in the lead's history (the lead card draws it).
  callFacet: defineCallFacet({ schema: NotesFacet, component: lazy(() => import("./CallNotes")) }),
  panels: [
    {
      id: "${id}.main",
      title: "panel.title",
      component: lazy(() => import("./${Pascal}Panel")),
      size: { w: 4, h: 6, minW: 2, minH: 3 },
      requires: { roles: ["qualifier", "advisor"] },
    },
  ],
  adminPages: [
    {
      path: "settings/${id}",
      section: "settings",
      title: "admin.link",
      order: 1000,
      component: lazy(() => import("./${Pascal}AdminPage")),
    },
  ],
  locales: {
    en: () => import("./locales/en.json"),
    fr: () => import("./locales/fr.json"),
    es: () => import("./locales/es.json"),
  },
  setup: (ctx) => create${Pascal}Service(ctx),
});
`,
  "api.ts": ({ id, camel, Pascal }) => `// The only file other plugins may import: the service key and its interface.
import { serviceKey } from "../../src/sdk";

export interface ${Pascal}Api {
  /** Reads the agent's notes. */
  load(): Promise<void>;
  /** Adds a note; false when the gateway refused it (the panel says so). */
  add(text: string): Promise<boolean>;
  /** Reads the call centre's notes (the admin page). */
  loadAll(): Promise<void>;
}

export const ${camel}Api = serviceKey<${Pascal}Api>("${id}.api");
`,
  "model.ts": ({ Pascal }) => `import { types, type Instance } from "mobx-state-tree";
import type { Note } from "./contract";

/** The plugin's slice of the workspace store: state and synchronous actions only. */
export const ${Pascal}Model = types
  .model("${Pascal}", {
    notes: types.frozen<Note[]>([]),
    all: types.frozen<Note[]>([]),
    state: types.optional(types.enumeration(["idle", "loading", "ready", "failed"]), "idle"),
  })
  .actions((self) => ({
    loading() {
      if (self.state !== "ready") self.state = "loading";
    },
    loaded(notes: Note[]) {
      self.notes = notes;
      self.state = "ready";
    },
    loadedAll(notes: Note[]) {
      self.all = notes;
      self.state = "ready";
    },
    failed() {
      self.state = "failed";
    },
    /** A note added here or in another tab (the push): once, newest first. */
    added(note: Note) {
      self.notes = [note, ...self.notes.filter((n) => n.id !== note.id)];
    },
  }));
export type ${Pascal}Store = Instance<typeof ${Pascal}Model>;
`,
  "service.ts": ({ Pascal }) => `import { callEndpoint, type PluginContext } from "../../src/sdk";
import type { ${Pascal}Api } from "./api";
import { AddNoteBody, addNote, listAllNotes, listNotes, noteAdded } from "./contract";
import type { ${Pascal}Store } from "./model";

/**
 * The plugin's effects; the model keeps the state. ctx has the store, ctx.events, ctx.clock, ctx.t… The gateway is
 * called by its endpoints (contract.ts): callEndpoint(ctx, endpoint, { params, query, body }) answers
 * { ok: true, data } with the data parsed and typed, or the gateway's refusal { ok: false, status, message, errors }.
 */
export function create${Pascal}Service(ctx: PluginContext<${Pascal}Store>): ${Pascal}Api {
  const { store } = ctx;
  // The gateway pushes each note the agent adds, from this tab or another.
  ctx.events.on(noteAdded, (note) => store.added(note));
  return {
    async load() {
      store.loading();
      const notes = await callEndpoint(ctx, listNotes);
      if (notes.ok) store.loaded(notes.data.data);
      else store.failed();
    },
    async add(text) {
      // On a call, the note is kept with it (and shows with it in the lead's history). What the agent typed is
      // checked with the endpoint's own schema first: the gateway would refuse anything else.
      const call = ctx.call.current;
      const body = AddNoteBody.safeParse({ text, call_id: call.active ? call.callId : null });
      if (!body.success) return false;
      // An idempotent endpoint: sent under a fresh Idempotency-Key, retried under it if no answer came.
      const added = await callEndpoint(ctx, addNote, { body: body.data });
      if (added.ok) store.added(added.data.data);
      return added.ok;
    },
    async loadAll() {
      store.loading();
      const notes = await callEndpoint(ctx, listAllNotes);
      if (notes.ok) store.loadedAll(notes.data.data);
      else store.failed();
    },
  };
}
`,
  "{Pascal}Panel.tsx": ({ id, Pascal }) => `import { Button, Callout, FormGroup, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/sdk";
import type { ${Pascal}Api } from "./api";
import type { ${Pascal}Store } from "./model";

const ${Pascal}Panel = observer(function ${Pascal}Panel() {
  const { store, api } = usePlugin<${Pascal}Store, ${Pascal}Api>();
  const { t } = useTranslation("${id}");
  const [text, setText] = useState("");
  const [refused, setRefused] = useState(false);
  useEffect(() => void api.load(), [api]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const ok = await api.add(text);
    setRefused(!ok);
    if (ok) setText("");
  };
  return (
    <div>
      <form onSubmit={(e) => void submit(e)}>
        <FormGroup label={t("note")} labelFor="${id}-note">
          <InputGroup id="${id}-note" value={text} onChange={(e) => setText(e.currentTarget.value)} maxLength={500} />
        </FormGroup>
        <Button type="submit" text={t("add")} disabled={!text.trim()} />
      </form>
      {refused && <Callout intent="danger">{t("refused")}</Callout>}
      {store.state === "failed" && <Callout intent="warning">{t("failed")}</Callout>}
      {store.state === "ready" && store.notes.length === 0 && <p>{t("empty")}</p>}
      <ul aria-label={t("panel.title")}>
        {store.notes.map((n) => (
          <li key={n.id}>{n.text}</li>
        ))}
      </ul>
    </div>
  );
});
export default ${Pascal}Panel;
`,
  "{Pascal}AdminPage.tsx": ({ id, Pascal }) => `import { HTMLTable } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/sdk";
import type { ${Pascal}Api } from "./api";
import type { ${Pascal}Store } from "./model";

const ${Pascal}AdminPage = observer(function ${Pascal}AdminPage() {
  const { store, api, ctx } = usePlugin<${Pascal}Store, ${Pascal}Api>();
  const { t } = useTranslation("${id}");
  useEffect(() => void api.loadAll(), [api]);
  const at = new Intl.DateTimeFormat(ctx.language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <main className="isi-page" aria-labelledby="${id}-admin-title">
      <h1 id="${id}-admin-title">{t("admin.title")}</h1>
      {store.state === "ready" && store.all.length === 0 ? (
        <p>{t("admin.none")}</p>
      ) : (
        <HTMLTable compact striped>
          <thead>
            <tr>
              <th>{t("admin.agent")}</th>
              <th>{t("admin.text")}</th>
              <th>{t("admin.at")}</th>
            </tr>
          </thead>
          <tbody>
            {store.all.map((n) => (
              <tr key={n.id}>
                <td>{n.agent_id}</td>
                <td>{n.text}</td>
                <td>{at.format(new Date(n.created_at))}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </main>
  );
});
export default ${Pascal}AdminPage;
`,
  "CallNotes.tsx": ({ id }) => `// The notes added on a call, under that call in the lead's history (callFacet in index.ts).
import { useTranslation } from "react-i18next";
import type { CallFacetProps } from "../../src/sdk";
import type { NotesFacet } from "./contract";

export default function CallNotes({ facet }: CallFacetProps<NotesFacet>) {
  const { t } = useTranslation("${id}");
  return (
    <>
      {facet.notes.map((n) => (
        <div key={n.id}>{t("history", { text: n.text })}</div>
      ))}
    </>
  );
}
`,
  "service.test.ts": ({ id, Pascal }) => `import { describe, expect, it } from "vitest";
import { fakeGateway, pluginContext, reply } from "../../src/sdk/testing";
import { addNote, listNotes, noteAdded, type Note } from "./contract";
import { ${Pascal}Model } from "./model";
import { create${Pascal}Service } from "./service";

const note = (id: number, text: string): Note => ({ id, agent_id: 7, call_id: null, text, created_at: "2026-01-05T15:00:00.000Z" });

describe("${Pascal} service", () => {
  it("reads the agent's notes, adds one under an Idempotency-Key, and keeps a pushed note once", async () => {
    // The fake gateway answers the endpoints, and checks each request and reply against their schemas.
    const gateway = fakeGateway([
      reply(listNotes, { status: 200, data: { data: [note(1, "First")] } }),
      reply(addNote, { status: 201, data: { data: note(2, "Second") } }),
    ]);
    const { ctx, push } = pluginContext({ store: ${Pascal}Model.create({}), gateway, pushes: [noteAdded] });
    const api = create${Pascal}Service(ctx);
    await api.load();
    expect(await api.add("Second")).toBe(true);
    expect(gateway.requests.find((r) => r.method === "POST")?.headers["idempotency-key"]).toBeTruthy();
    push("${id}-note-added", note(2, "Second"));
    expect(ctx.store.notes.map((n) => n.text)).toEqual(["Second", "First"]);
  });
});
`,
  "{id}.test.tsx": ({ id }) => `import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeGateway, historyCall, renderPlugin, reply } from "../../src/sdk/testing";
import { addNote, listAllNotes, listNotes, type Note } from "./contract";
import plugin from "./index";

const note = (id: number, text: string): Note => ({ id, agent_id: 7, call_id: null, text, created_at: "2026-01-05T15:00:00.000Z" });

describe("${id}", () => {
  it("lists the agent's notes, adds one, and shows a note pushed from another tab", async () => {
    const gateway = fakeGateway([
      reply(listNotes, { status: 200, data: { data: [note(1, "Call back after lunch")] } }),
      reply(addNote, { status: 201, data: { data: note(2, "Spouse decides") } }),
    ]);
    const { user, push } = await renderPlugin(plugin, { gateway });
    expect(await screen.findByText("Call back after lunch")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Note"), "Spouse decides");
    await user.click(screen.getByRole("button", { name: "Add note" }));
    expect(await screen.findByText("Spouse decides")).toBeInTheDocument();
    await push("${id}-note-added", note(3, "Prefers French"));
    expect(await screen.findByText("Prefers French")).toBeInTheDocument();
  });

  it("shows the notes added on a call under that call in the lead's history, in French too", async () => {
    const gateway = fakeGateway([reply(listNotes, { status: 200, data: { data: [] } })]);
    const call = historyCall({ "${id}": { notes: [{ id: 5, text: "Rappeler lundi" }] } });
    await renderPlugin(plugin, { gateway, historyCall: call, language: "fr" });
    expect(await screen.findByText("Note : Rappeler lundi")).toBeInTheDocument();
  });

  it("speaks French", async () => {
    const gateway = fakeGateway([reply(listNotes, { status: 200, data: { data: [] } })]);
    await renderPlugin(plugin, { gateway, language: "fr" });
    expect(await screen.findByText("Aucune note pour l'instant.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Ajouter la note" })).toBeInTheDocument();
  });

  it("shows a manager the call centre's notes on its admin page", async () => {
    const gateway = fakeGateway([reply(listAllNotes, { status: 200, data: { data: [note(4, "Prefers mornings")] } })]);
    await renderPlugin(plugin, { gateway, agent: { roles: ["manager"] }, adminPage: "settings/${id}" });
    expect(await screen.findByRole("heading", { name: "Agents' notes" })).toBeInTheDocument();
    expect(await screen.findByRole("cell", { name: "Prefers mornings" })).toBeInTheDocument();
  });
});
`,
  "locales/en.json": ({ title }) => json({ panel: { title }, ...texts.en }),
  "locales/fr.json": ({ title }) => json({ panel: { title }, ...texts.fr }),
  "locales/es.json": ({ title }) => json({ panel: { title }, ...texts.es }),
};
