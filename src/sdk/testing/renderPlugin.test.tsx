// renderPlugin() keeps the promises its documentation makes: the plugin goes through the real registry,
// with the given flags, agent, config, services and store snapshot.
import { screen } from "@testing-library/react";
import { observer } from "mobx-react-lite";
import { types } from "mobx-state-tree";
import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { agentKey, clockKey, definePlugin, definePush, serviceKey, usePlugin } from "..";
import { provide, renderPlugin } from "./renderPlugin";

const posted = definePush("board-posted", z.object({ text: z.string() }));
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
  pushes: [posted],
  setup: (ctx) => {
    ctx.events.on(posted, (p) => ctx.store.post(p.text));
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

  it("delivers a declared push parsed by its schema, and drops one its schema refuses", async () => {
    const { push } = await renderPlugin(board, { flags: { board: true }, services: [greeter] });
    await screen.findByText("0 messages");
    await push("board-posted", { text: "call me back" });
    await push("board-posted", { text: 42 });
    await push("not-declared", { text: "never seen" });
    expect(await screen.findByText("call me back")).toBeInTheDocument();
    expect(screen.getByText("1 messages")).toBeInTheDocument();
  });

  it("starts in the given language and follows a switch", async () => {
    const { changeLanguage } = await renderPlugin(board, { flags: { board: true }, services: [greeter], language: "fr" });
    expect(screen.getByRole("heading", { name: "Tableau" })).toBeInTheDocument();
    await changeLanguage("en");
    expect(screen.getByRole("heading", { name: "Board" })).toBeInTheDocument();
  });

  it("sets up real providers beside the plugin, in the same registry, without rendering their panels", async () => {
    const greeterPlugin = definePlugin({
      id: "greeter",
      provides: greeterKey,
      panels: [{ id: "greeter.panel", title: "t", component: lazy(async () => ({ default: () => <p>greeter panel</p> })), size: { w: 2, h: 2 } }],
      setup: (ctx) => ({ greet: (name: string) => `Howdy ${name} at ${ctx.clock.now()}` }),
    });
    const { service, panels } = await renderPlugin(board, { flags: { board: true }, providers: [greeterPlugin], now: 5 });
    expect(await screen.findByText("Howdy agent 42 at 5 (Hi, 0 at setup, 5)")).toBeInTheDocument();
    expect(service(greeterKey).greet("x")).toBe("Howdy x at 5");
    expect(panels.map((p) => p.id)).toEqual(["board.messages"]);
    expect(screen.queryByText("greeter panel")).not.toBeInTheDocument();
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
