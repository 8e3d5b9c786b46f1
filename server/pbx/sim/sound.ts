// What each agent leg hears (LegMix), from the call's state: the busy tone, silence while held, else every
// other answered, un-held party's voice at once (a conference bridge mixes them), or ringback while parties
// only ring. Agent legs are never sources: agents hear each other through a real PBX, not the simulation.
// The media edge plays the mix; the model tells the phone line whenever it changes.
import type { LegMix } from "../driver";
import { isPartyLeg, type Call, type Leg } from "./types";

export function agentHears(call: Call, listener: Leg): LegMix {
  if (call.busyTone) return [{ sound: "busy", legId: null }];
  if (listener.held) return [];
  const others = call.legs.filter((l) => l !== listener && l.state !== "ended");
  const audible = others.filter((l) => l.state === "answered" && !l.held && isPartyLeg(l));
  // A clip played into the call is heard over the voices, by every agent not on hold.
  const clip: LegMix = call.playback ? [{ sound: "playback", legId: null, media: call.playback.media }] : [];
  if (audible.length > 0 || clip.length > 0)
    return [
      ...audible.flatMap((l) => (l.voice === "silence" ? [] : [{ sound: l.voice, legId: l.id }])),
      ...clip,
    ];
  // Ringback for a party or an advisor being rung while nobody else is heard (a consult, the lead held).
  if (others.some((l) => l.state === "ringing")) return [{ sound: "ringback", legId: null }];
  return [];
}

/** Equal keys, equal mixes: the line hears only of changes. */
export function mixKey(mix: LegMix): string {
  return mix.map((s) => `${s.legId ?? ""}:${s.sound}${s.media ? `:${s.media.name}` : ""}`).join(",");
}
