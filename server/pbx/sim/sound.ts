// What the agent hears on its leg (LegSound), from the call's state: the busy tone, silence while held,
// the third party once one is in the conference, else the connected party's voice, ringback while a party
// rings. The media edge plays it; the model tells the phone line whenever it changes.
import type { LegSound } from "../driver";
import type { Call, Leg } from "./types";

export function agentHears(call: Call, agent: Leg): LegSound {
  if (call.busyTone) return "busy";
  if (agent.held) return "silence";
  const parties = call.legs.filter((l) => l !== agent && l.state !== "ended");
  const audible = parties.filter((l) => l.state === "answered" && !l.held);
  if (audible.some((l) => l.role === "third-party")) return "third-party";
  const main = audible[0];
  if (main) return main.voice;
  if (parties.some((l) => l.state === "ringing")) return "ringback";
  return "silence";
}
