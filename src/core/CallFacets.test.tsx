// The call facets of the lead's history: each enabled plugin's facet drawn by its own component in its own scope,
// whichever plugin shows the call; a plugin not enabled for the agent shows nothing; a facet that does not parse,
// or whose component throws, is logged and left out while the others show. And the wire keeps facets keyed by
// plugin id.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { z } from "zod";
import { LeadHistoryCall } from "../contract/leadHistory";
import { defineCallFacet, definePlugin, usePlugin, type CallFacetProps } from "../sdk";
import { historyCall, renderPlugin } from "../sdk/testing";

const Note = z.object({ text: z.string() });

/** A facet component that says whose scope it renders in, and what that plugin's service gives. */
function NoteLine({ facet }: CallFacetProps<z.infer<typeof Note>>) {
  const { pluginId, api } = usePlugin<unknown, { sign(): string }>();
  return (
    <div>
      {facet.text} ({pluginId}, {api.sign()})
    </div>
  );
}

function Broken(): never {
  throw new Error("the component broke");
}

const notes = definePlugin({
  id: "call-notes",
  setup: () => ({ sign: () => "signed by call-notes" }),
  callFacet: defineCallFacet({ schema: Note, component: NoteLine }),
});
const tags = definePlugin({
  id: "call-tags",
  requires: { features: ["call-tags"] },
  setup: () => ({ sign: () => "signed by call-tags" }),
  callFacet: defineCallFacet({ schema: Note, component: NoteLine }),
});
const marks = definePlugin({
  id: "call-marks",
  setup: () => ({ sign: () => "signed by call-marks" }),
  callFacet: defineCallFacet({ schema: Note, component: NoteLine }),
});
const stamps = definePlugin({
  id: "call-stamps",
  callFacet: defineCallFacet({ schema: Note, component: Broken }),
});
/** The plugin that shows the history: it has no facet of its own. */
const history = definePlugin({ id: "call-history", setup: () => ({ sign: () => "signed by call-history" }) });

const call = (facets: Record<string, unknown>) => historyCall(facets);

describe("<CallFacets>", () => {
  it("draws each enabled plugin's facet in its own plugin's scope, and none of a plugin not enabled", async () => {
    await renderPlugin(history, {
      providers: [notes, tags],
      historyCall: call({
        "call-notes": { text: "Spouse listened in" },
        "call-tags": { text: "Tagged hot" },
      }),
    });
    const entry = screen.getByRole("listitem", { name: "Call 12" });
    expect(
      await within(entry).findByText("Spouse listened in (call-notes, signed by call-notes)"),
    ).toBeVisible();
    // call-tags needs a flag the call centre does not have: its facet stays unshown.
    expect(entry).not.toHaveTextContent("Tagged hot");
  });

  it("logs a facet that does not parse with its plugin's schema, or whose component throws, and shows the others", async () => {
    // React reports the error the boundary catches on the console too.
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    onTestFinished(() => quiet.mockRestore());
    const { logged } = await renderPlugin(history, {
      providers: [notes, marks, stamps],
      historyCall: call({
        "call-marks": { text: 42 },
        "call-stamps": { text: "Stamped" },
        "call-notes": { text: "Spouse listened in" },
      }),
    });
    const entry = screen.getByRole("listitem", { name: "Call 12" });
    expect(await within(entry).findByText(/^Spouse listened in/)).toBeVisible();
    await waitFor(() =>
      expect(logged).toEqual(
        expect.arrayContaining([
          "call-marks: the facet of call 12 does not parse; it is not shown",
          "call-stamps: the facet of call 12 failed; it is not shown",
        ]),
      ),
    );
    expect(entry).toHaveTextContent(/^Spouse listened in \(call-notes, signed by call-notes\)$/);
  });

  it("shows nothing for a call no plugin kept anything with", async () => {
    await renderPlugin(history, { providers: [notes], historyCall: { ...call({}), facets: undefined } });
    expect(screen.getByRole("listitem", { name: "Call 12" })).toBeEmptyDOMElement();
  });
});

describe("a call's facets on the wire", () => {
  it("are keyed by plugin id, whatever each plugin keeps", () => {
    expect(LeadHistoryCall.parse(call({ "call-notes": { text: "kept" } })).facets).toEqual({
      "call-notes": { text: "kept" },
    });
    expect(LeadHistoryCall.safeParse(call({ "Call Notes": {} })).success).toBe(false);
    expect(LeadHistoryCall.safeParse({ ...call({}), facets: [{ text: "kept" }] }).success).toBe(false);
  });
});
