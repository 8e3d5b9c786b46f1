// The dashboard link of a follow-up or a last dial (finding A): whatever address the gateway answers, the panel
// links only an http(s) address or a path on the dialer's own origin; any other is no link at all.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeGateway } from "../../src/sdk/testing";
import { followUp, lastDial, lists, mount, tab } from "./testing";

const SCRIPTS = [
  "javascript:alert(document.domain)//31",
  " JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "//evil.example/leads/31",
];

describe("the dashboard link", () => {
  it("is never an address a browser would run or send elsewhere: those show as no link", async () => {
    const { user } = await mount({
      tab: "Last dials",
      gateway: fakeGateway(
        lists({
          upcoming: SCRIPTS.map((url, i) => followUp({ id: i + 1, leadId: 31 + i, name: `Lead ${i}`, url })),
          dials: SCRIPTS.map((url, i) => lastDial({ id: 70 + i, name: `Dial ${i}`, url })),
        }),
      ),
    });
    const noLinks = (name: string) => {
      const table = screen.getByRole("table", { name });
      expect(within(table).getAllByRole("row")).toHaveLength(SCRIPTS.length + 1);
      expect(within(table).queryAllByRole("link")).toEqual([]);
      expect(within(table).getAllByTitle("No dashboard link")).toHaveLength(SCRIPTS.length);
    };
    noLinks("Last dials");
    await user.click(tab(/^Follow-ups/));
    noLinks("Follow-ups");
    // Not even the href React writes in place of a javascript: one.
    for (const a of document.querySelectorAll("a[href]"))
      expect(a.getAttribute("href")).not.toMatch(/^\W*(javascript|data|vbscript):|^\/\//i);
  });

  it("links an https address and a path on this origin", async () => {
    await mount({
      tab: "Last dials",
      gateway: fakeGateway(
        lists({
          dials: [
            lastDial({ id: 70, name: "Pat Doe", url: "https://dashboard.example.com/leads/31" }),
            lastDial({ id: 71, name: "Sam Roe", url: "/crm/leads/32" }),
          ],
        }),
      ),
    });
    expect(screen.getByRole("link", { name: "Open Pat Doe in the dashboard" })).toHaveAttribute(
      "href",
      "https://dashboard.example.com/leads/31",
    );
    expect(screen.getByRole("link", { name: "Open Sam Roe in the dashboard" })).toHaveAttribute(
      "href",
      "/crm/leads/32",
    );
  });
});
