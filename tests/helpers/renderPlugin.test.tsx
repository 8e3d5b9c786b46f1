// renderPlugin() keeps the promises its documentation makes: the plugin goes through the real registry,
// with the given flags, agent, config, services and store snapshot.
import { screen } from "@testing-library/react";
import { observer } from "mobx-react-lite";
import { types } from "mobx-state-tree";
import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { definePlugin, on, serviceKey } from "../../src/core/plugin";
import { usePlugin } from "../../src/core/PluginScope";
import { agentKey, clockKey } from "../../src/core/services";
import { provide, renderPlugin } from "./renderPlugin";

const greeterKey = serviceKey<{ greet(name: string): string }>("greeter.api");
const Board = types
  .model("Board", { messages: types.array(types.string) })
  .actions((self) => ({
    post(text: string) {
      self.messages.push(text);
    },
  }));

const BoardPanel = observer(function BoardPanel() {
  const { store, api } = usePlugin<{ messages: string[] }, { hello(): string }>();
  const { t } = useTranslation("board");
  return (
    <div>
      <p>{api.hello()}</p>
      <p>{t("count", { count: store.messages.length })}</p>
      <ul>
        {store.messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
});

const board = definePlugin({
  id: "board",
  requires: { roles: ["qualifier"], features: ["board"] },
  needs: [greeterKey, agentKey, clockKey],
  configSchema: z.object({ greeting: z.string().default("Hi") }),
  model: Board,
  panels: [
    { id: "board.messages", title: "title", component: lazy(async () => ({ default: BoardPanel })), size: { w: 4, h: 4 } },
    { id: "board.admin", title: "admin", component: lazy(async () => ({ default: () => <p>admin</p> })), size: { w: 4, h: 4 }, requires: { roles: ["manager"] } },
  ],
  locales: {
    en: async () => ({ default: { title: "Board", admin: "Board admin", count: "{{count}} messages" } }),
    fr: async () => ({ default: { title: "Tableau", admin: "Admin du tableau", count: "{{count}} messages" } }),
  },
  events: [on("board:posted", z.object({ text: z.string() }), (p, ctx) => (ctx.store as { post(t: string): void }).post(p.text))],
  setup: (ctx) => {
    const seenAt = ctx.get(clockKey).now();
    return {
      hello: () => `${ctx.get(greeterKey).greet(`agent ${ctx.get(agentKey).id}`)} (${ctx.config.greeting}, ${ctx.store.messages.length} at setup, ${seenAt})`,
    };
  },
});
const greeter = provide(greeterKey, { greet: (name: string) => `Hello ${name}` });

describe("renderPlugin", () => {
  it("mounts each allowed panel in its frame with the plugin's scope, services, config and snapshot", async () => {
    const { panels, store } = await renderPlugin<{ hello(): string }, { messages: string[] }>(board, {
      flags: { board: true },
      services: [greeter],
      config: { greeting: "Hey" },
      agent: { id: 7 },
      snapshot: { messages: ["first"] },
      now: 1_000,
    });
    expect(screen.getByRole("heading", { name: "Board" })).toBeInTheDocument();
    expect(await screen.findByText("Hello agent 7 (Hey, 1 at setup, 1000)")).toBeInTheDocument();
    expect(screen.getByText("1 messages")).toBeInTheDocument();
    expect(store.messages).toEqual(["first"]);
    // The manager-only panel is left out for a qualifier, as the workspace would.
    expect(panels.map((p) => p.id)).toEqual(["board.messages"]);
    expect(screen.queryByRole("heading", { name: "Board admin" })).not.toBeInTheDocument();
  });

  it("delivers events through the core bus, parsed by the plugin's schema", async () => {
    const { emit, logged } = await renderPlugin(board, { flags: { board: true }, services: [greeter] });
    await screen.findByText("0 messages");
    await emit("board:posted", { text: "call me back" });
    await emit("board:posted", { text: 42 });
    expect(await screen.findByText("call me back")).toBeInTheDocument();
    expect(screen.getByText("1 messages")).toBeInTheDocument();
    expect(logged).toEqual(["plugin board refused a malformed board:posted event"]);
  });

  it("starts in the given language and follows a switch", async () => {
    const { changeLanguage } = await renderPlugin(board, { flags: { board: true }, services: [greeter], language: "fr" });
    expect(screen.getByRole("heading", { name: "Tableau" })).toBeInTheDocument();
    await changeLanguage("en");
    expect(screen.getByRole("heading", { name: "Board" })).toBeInTheDocument();
  });

  it("says why when the plugin is not enabled for that agent", async () => {
    await expect(renderPlugin(board, { services: [greeter] })).rejects.toThrow(
      "renderPlugin: board is not enabled for this agent (requires not met for this agent or call centre)",
    );
  });

  it("refuses a plugin whose needs nobody provides, as development does", async () => {
    await expect(renderPlugin(board, { flags: { board: true } })).rejects.toThrow("board: needs greeter.api, which nobody provides");
  });
});
