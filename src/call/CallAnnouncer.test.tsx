import { act, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { createI18n, localesReady } from "../i18n/i18n";
import { addWorkspaceTexts } from "../i18n/workspaceTexts";
import { CallAnnouncer } from "./CallAnnouncer";
import { CallModel } from "./CallModel";

const snapshot = (status: "dialing" | "answered" | "ended" | "incoming") => ({
  callId: 7,
  leadId: 3,
  phone: "+12125550177",
  name: "Pat Doe",
  type: "manual" as const,
  direction: status === "incoming" ? (1 as const) : (0 as const),
  status,
  bridged: status === "answered",
  onHold: false,
  startedAt: "2026-01-05T14:00:00.000Z",
  answeredAt: null,
  endedAt: null,
  cause: null,
  leadStatus: "New",
  inboundAlert: false,
  conference: null,
});

async function mount(language: "en" | "fr") {
  const i18n = createI18n(language);
  addWorkspaceTexts(i18n);
  await localesReady(i18n);
  const call = CallModel.create({});
  render(
    <I18nextProvider i18n={i18n}>
      <CallAnnouncer call={call} />
    </I18nextProvider>,
  );
  return call;
}

describe("call events in a live region", () => {
  it("says each step of a call, in the agent's language", async () => {
    const call = await mount("en");
    const log = screen.getByRole("log", { name: "Call events" });
    expect(log).toHaveTextContent("");
    act(() => call.apply(snapshot("dialing")));
    expect(log).toHaveTextContent("Calling Pat Doe");
    act(() => call.apply(snapshot("answered")));
    expect(log).toHaveTextContent("Connected with Pat Doe");
    act(() => call.apply(snapshot("ended")));
    expect(log).toHaveTextContent("Call with Pat Doe ended");
  });

  it("announces an incoming call in French", async () => {
    const call = await mount("fr");
    act(() => call.apply(snapshot("incoming")));
    expect(screen.getByRole("log", { name: "Événements d'appel" })).toHaveTextContent("Appel entrant de Pat Doe");
  });
});
