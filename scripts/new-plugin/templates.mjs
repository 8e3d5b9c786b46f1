// File templates of `npm run new:plugin`. Each takes { id, Pascal, camel, title }. The plugin they write uses
// only the SDK (`src/sdk`; its tests `src/sdk/testing`), as `npx eslint plugins/<id>` requires.
export const templates = {
  "index.ts": ({ id, Pascal, camel, title }) => `// ${title}: one line on what this plugin gives the agent.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { ${camel}Api } from "./api";
import { ${Pascal}Model } from "./model";
import { create${Pascal}Service } from "./service";

export default definePlugin({
  id: "${id}",
  requires: { roles: ["qualifier", "advisor"] },
  provides: ${camel}Api,
  model: ${Pascal}Model,
  panels: [
    {
      id: "${id}.main",
      title: "panel.title",
      component: lazy(() => import("./${Pascal}Panel")),
      size: { w: 4, h: 6, minW: 2, minH: 3 },
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
  count(): number;
  increment(): void;
}

export const ${camel}Api = serviceKey<${Pascal}Api>("${id}.api");
`,
  "model.ts": ({ Pascal }) => `import { types, type Instance } from "mobx-state-tree";

/** The plugin's slice of the workspace store: state and synchronous actions only. */
export const ${Pascal}Model = types
  .model("${Pascal}", { count: 0, lastAt: types.maybeNull(types.number) })
  .actions((self) => ({
    increment(at: number) {
      self.count += 1;
      self.lastAt = at;
    },
  }));
export type ${Pascal}Store = Instance<typeof ${Pascal}Model>;
`,
  "service.ts": ({ Pascal }) => `import type { PluginContext } from "../../src/sdk";
import type { ${Pascal}Api } from "./api";
import type { ${Pascal}Store } from "./model";

/** The plugin's effects; the model keeps the state. ctx has the store, ctx.clock, ctx.http, ctx.t… */
export function create${Pascal}Service(ctx: PluginContext<${Pascal}Store>): ${Pascal}Api {
  return {
    count: () => ctx.store.count,
    increment: () => ctx.store.increment(ctx.clock.now()),
  };
}
`,
  "{Pascal}Panel.tsx": ({ id, Pascal }) => `import { Button } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/sdk";
import type { ${Pascal}Api } from "./api";
import type { ${Pascal}Store } from "./model";

// Replace this panel with the real one.
const ${Pascal}Panel = observer(function ${Pascal}Panel() {
  const { store, api } = usePlugin<${Pascal}Store, ${Pascal}Api>();
  const { t } = useTranslation("${id}");
  return (
    <div>
      <p>{t("greeting", { count: store.count })}</p>
      <Button onClick={() => api.increment()}>{t("increment")}</Button>
    </div>
  );
});
export default ${Pascal}Panel;
`,
  "service.test.ts": ({ Pascal }) => `import { describe, expect, it } from "vitest";
import { manualClock, pluginContext } from "../../src/sdk/testing";
import { ${Pascal}Model } from "./model";
import { create${Pascal}Service } from "./service";

describe("${Pascal} service", () => {
  it("counts, and remembers when on the clock", () => {
    const { ctx, clock } = pluginContext({ store: ${Pascal}Model.create({}), clock: manualClock(1_000) });
    const api = create${Pascal}Service(ctx);
    clock.advance(500);
    api.increment();
    expect(api.count()).toBe(1);
    expect(ctx.store.lastAt).toBe(1_500);
  });
});
`,
  "{id}.test.tsx": ({ id, Pascal }) => `import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPlugin } from "../../src/sdk/testing";
import type { ${Pascal}Api } from "./api";
import plugin from "./index";

describe("${id}", () => {
  it("shows its panel and counts the agent's clicks", async () => {
    const { api, user } = await renderPlugin<${Pascal}Api>(plugin);
    expect(await screen.findByText("Clicked 0 times")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Click" }));
    expect(await screen.findByText("Clicked 1 times")).toBeInTheDocument();
    expect(api.count()).toBe(1);
  });

  it("speaks French", async () => {
    await renderPlugin(plugin, { language: "fr" });
    expect(await screen.findByText("Cliqué 0 fois")).toBeInTheDocument();
  });
});
`,
  "locales/en.json": ({ title }) =>
    JSON.stringify({ panel: { title }, greeting: "Clicked {{count}} times", increment: "Click" }, null, 2) + "\n",
  "locales/fr.json": ({ title }) =>
    JSON.stringify({ panel: { title }, greeting: "Cliqué {{count}} fois", increment: "Cliquer" }, null, 2) + "\n",
  "locales/es.json": ({ title }) =>
    JSON.stringify({ panel: { title }, greeting: "Pulsado {{count}} veces", increment: "Pulsar" }, null, 2) + "\n",
};
