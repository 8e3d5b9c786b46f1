// The dial pad asks the gateway's compliance gate before dialling: a number it would refuse is not dialled,
// and the reason shows next to the field in the agent's language; while the agent types a whole number the
// reason shows once typing pauses.
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { checkCompliance, type ComplianceVerdict } from "../../src/contract/compliance";
import { reply } from "../../src/sdk/testing";
import { CHECK_DEBOUNCE_MS } from "./compliance";
import { invite, renderSoftphone } from "./test/renderSoftphone";

const closed: ComplianceVerdict = {
  callable: false,
  kind: "external",
  phone: "+12125550142",
  reason: "window_closed",
  values: { phone: "+12125550142", time: "22:00", zone: "America/New_York", from: "08:00", to: "21:00", label: "TCPA" },
  text: "It is 22:00 in America/New_York; calls are allowed only 08:00–21:00 (TCPA).",
};
const listed: ComplianceVerdict = {
  callable: false,
  kind: "external",
  phone: "+14105550166",
  reason: "dnc_listed",
  values: { phone: "+14105550166", since: "2026-01-02" },
  text: "+14105550166 is on the call centre's Do Not Call list since 2026-01-02.",
};
const ok: ComplianceVerdict = { ...closed, callable: true, reason: "ok", values: { phone: "+12125550142" }, text: "" };

/** Connected, with a gateway whose gate answers `verdict` (a test may swap the route's answer). */
async function withGate(verdict: ComplianceVerdict) {
  const phone = await renderSoftphone({ routes: [reply(checkCompliance, { status: 200, data: { data: verdict } })] });
  await phone.connect();
  return phone;
}

describe("the compliance gate at the dial pad", () => {
  it("shows why the number may not be dialled as the agent presses Call, and does not dial", async () => {
    const { user, call } = await withGate(closed);
    await user.type(screen.getByRole("textbox", { name: "Number" }), "2125550142");
    await user.click(screen.getByRole("button", { name: "Call" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "It is 22:00 in America/New_York; calls are allowed only 08:00–21:00 (TCPA).",
    );
    expect(call.dials).toEqual([]);
    // The number stays for another try; an edit clears the stale reason.
    expect(screen.getByRole("textbox", { name: "Number" })).toHaveValue("2125550142");
    await user.type(screen.getByRole("textbox", { name: "Number" }), "{Backspace}");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says it in the agent's language", async () => {
    const { user, call, changeLanguage } = await withGate(closed);
    await changeLanguage("fr");
    await user.type(screen.getByRole("textbox", { name: "Numéro" }), "2125550142");
    await user.click(screen.getByRole("button", { name: "Appeler" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Il est 22:00 à America/New_York ; les appels sont permis seulement de 08:00 à 21:00 (TCPA).",
    );
    expect(call.dials).toEqual([]);
  });

  it("shows the reason once the agent has typed a whole number and paused", async () => {
    const { user, call, gateway, advance } = await withGate(listed);
    await user.type(screen.getByRole("textbox", { name: "Number" }), "4105550166");
    expect(screen.queryByRole("alert")).toBeNull();
    await advance(CHECK_DEBOUNCE_MS);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "+14105550166 is on the call centre's Do Not Call list since 2026-01-02.",
    );
    expect(call.dials).toEqual([]);
    expect(gateway.requests.filter((r) => r.path === checkCompliance.path)).toHaveLength(1);
  });

  it("dials a number the gate lets through", async () => {
    const { user, call } = await withGate(ok);
    await user.type(screen.getByRole("textbox", { name: "Number" }), "2125550142");
    await user.click(screen.getByRole("button", { name: "Call" }));
    await waitFor(() => expect(call.dials).toEqual([{ phone: "2125550142" }]));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("judges the conference's new party too: refused, it is not called", async () => {
    const phone = await withGate(ok);
    const { user, call, gateway, driver } = phone;
    await user.click(screen.getByRole("button", { name: "Softphone" }));
    await user.type(screen.getByRole("textbox", { name: "Number" }), "2125550142");
    await user.click(screen.getByRole("button", { name: "Call" }));
    const session = invite(driver, {
      headers: {
        "X-Dialer-Call-Id": "100",
        "X-Dialer-Lead-Id": "1",
        "X-Dialer-Call-Type": "manual",
        "X-Dialer-Auto-Answer": "true",
      },
    });
    act(() => session.confirm());
    act(() => call.push({ callId: 100, status: "answered" }));
    gateway.reply(checkCompliance, {
      status: 200,
      data: { data: { ...listed, phone: "+12125550166", values: { phone: "+12125550166", since: "2026-01-02" } } },
    });
    const conference = screen.getByRole("group", { name: "Conference" });
    await user.type(within(conference).getByRole("textbox", { name: "Conference destination" }), "2125550166");
    await user.click(within(conference).getByRole("button", { name: "Call" }));
    expect(await within(conference).findByRole("alert")).toHaveTextContent(
      "+12125550166 is on the call centre's Do Not Call list since 2026-01-02.",
    );
    expect(call.conference).toEqual([]);
  });
});
