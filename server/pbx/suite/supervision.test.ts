// Supervision on Asterisk, seen from the PBX's side (the shared suite checks the gateway's side): the
// supervisor's phone is bridged with a snoop of the agent's channel, never with the call, and each mode is the
// snoop's whisper direction that production-telephony.md §1 gives (monitor none, whisper out, barge both).
import { afterEach, describe, expect, it } from "vitest";
import { openWorld, type DriverWorld } from "./worlds";

const open: DriverWorld[] = [];
afterEach(async () => {
  for (const w of open.splice(0)) await w.close();
});

async function supervisedCall() {
  const w = await openWorld("asterisk", { unregistered: [] });
  open.push(w);
  await w.pbx.originate({ callId: "c1", agentExt: "1001", to: "+15550000010", mode: "manual" });
  await w.run(5000);
  const agent = w.legOf("c1", "agent");
  const sup = await w.pbx.supervise({ agentLegId: agent, ext: "1002", mode: "monitor" });
  await w.run(500);
  return { w, fake: w.fake!, agent, sup };
}

/** The snoops on the agent's channel, with the directions they were made with. */
const snoopsOf = (w: DriverWorld) =>
  w.fake!.channels().flatMap((c) => (c.endpoint.startsWith("Snoop/") ? [{ id: c.id, how: c.vars.get("__FAKE_SNOOP") }] : []));

describe("AriDriver supervision", () => {
  it("monitor: the supervisor's phone and a spy-only snoop share a bridge of their own; the call's bridge is untouched", async () => {
    const { w, fake, sup } = await supervisedCall();
    expect(snoopsOf(w)).toEqual([{ id: `${sup}:spy1`, how: "spy=both,whisper=none" }]);
    const own = fake.bridges().find((b) => b.id === `${sup}:spy`);
    expect(own?.channels.sort()).toEqual([sup, `${sup}:spy1`].sort());
    const call = fake.bridges().find((b) => b.id === "c1:bridge");
    expect(call?.channels).not.toContain(sup);
  });

  it("whisper then barge: each mode change replaces the snoop, so one snoop is left, whispering the new way", async () => {
    const { w, sup, agent } = await supervisedCall();
    await w.pbx.supervise({ agentLegId: agent, ext: "1002", mode: "whisper" });
    await w.run(200);
    expect(snoopsOf(w)).toEqual([{ id: `${sup}:spy2`, how: "spy=both,whisper=out" }]);
    await w.pbx.supervise({ agentLegId: agent, ext: "1002", mode: "barge" });
    await w.run(200);
    expect(snoopsOf(w)).toEqual([{ id: `${sup}:spy3`, how: "spy=both,whisper=both" }]);
  });

  it("the supervisor hanging up removes its snoop and bridge; the call goes on", async () => {
    const { w, fake, sup } = await supervisedCall();
    await w.pbx.hangup(sup);
    await w.run(200);
    expect(snoopsOf(w)).toEqual([]);
    expect(fake.bridges().map((b) => b.id)).toEqual(["c1:bridge"]);
    expect(fake.channels().map((c) => c.id).sort()).toEqual([w.legOf("c1", "agent"), w.legOf("c1", "lead")].sort());
  });

  it("a lead's leg or a ringing agent cannot be supervised", async () => {
    const { w } = await supervisedCall();
    await expect(w.pbx.supervise({ agentLegId: w.legOf("c1", "lead"), ext: "1002", mode: "monitor" })).rejects.toThrow(/not an agent's leg/);
    await expect(w.pbx.supervise({ agentLegId: "nope", ext: "1002", mode: "monitor" })).rejects.toThrow(/unknown leg/);
  });
});
