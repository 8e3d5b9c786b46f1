// What the agent reads while its phone comes back into a call, and after a call that ended meanwhile.
import { describe, expect, it } from "vitest";
import { AlertsModel } from "../alerts/AlertsModel";
import { createAlertService } from "../alerts/alertService";
import type { CallSnapshot } from "../contract/calls";
import { createI18n, localesReady } from "../i18n/i18n";
import { addWorkspaceTexts } from "../i18n/workspaceTexts";
import { manualClock } from "../shared/clock";
import { createRejoinNotice } from "./rejoinNotice";

const call = (over: Partial<CallSnapshot> = {}): CallSnapshot => ({
  callId: 7,
  leadId: 3,
  phone: "+12125550188",
  name: "Pat Doe",
  type: "manual",
  direction: 0,
  status: "answered",
  bridged: true,
  onHold: false,
  startedAt: "2026-01-05T14:00:00.000Z",
  answeredAt: "2026-01-05T14:00:05.000Z",
  endedAt: null,
  cause: null,
  leadStatus: "New",
  inboundAlert: false,
  conference: null,
  rejoin: null,
  ...over,
});
const away = (missed = false) => ({
  since: "2026-01-05T14:01:00.000Z",
  until: "2026-01-05T14:02:00.000Z",
  ringing: false,
  missed,
});

async function setup(language: "en" | "fr" | "es" = "en") {
  const i18n = createI18n(language);
  addWorkspaceTexts(i18n);
  await localesReady(i18n);
  const store = AlertsModel.create({});
  const notice = createRejoinNotice(createAlertService(store, manualClock()), i18n.t);
  return { notice, said: () => store.items.map((a) => [a.type, a.message]) };
}

describe("the agent's phone dropped mid-call", () => {
  it("warns while the lead waits, once, and says nothing more when the phone is back", async () => {
    const { notice, said } = await setup();
    notice.seen(call());
    expect(said()).toEqual([]);
    notice.seen(call({ rejoin: away() }));
    notice.seen(call({ rejoin: { ...away(), ringing: true } }));
    expect(said()).toEqual([
      ["warning", "Your phone dropped during the call: the lead is on hold. Reconnecting you to the call…"],
    ]);
    notice.seen(call({ rejoin: null }));
    expect(said()).toEqual([]);
  });

  it("a call that ended meanwhile says why until the next call, in the agent's language", async () => {
    const { notice, said } = await setup("fr");
    notice.seen(call({ rejoin: away() }));
    notice.seen(call({ status: "ended", rejoin: away(true) }));
    expect(said()).toEqual([
      [
        "error",
        "Votre téléphone n'est pas revenu à temps : le prospect a entendu un message d'au revoir et l'appel a pris fin. Qualifiez le prospect.",
      ],
    ]);
    notice.seen(call({ callId: 8, status: "dialing", answeredAt: null, bridged: false }));
    expect(said()).toEqual([]);
    notice.seen(call({ callId: 9, status: "ended", rejoin: away(false) }));
    expect(said()).toEqual([
      [
        "error",
        "Le prospect a raccroché pendant que votre téléphone était déconnecté. Qualifiez le prospect.",
      ],
    ]);
  });
});
