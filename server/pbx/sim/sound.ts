// What each leg hears (LegMix), from the call's state. An agent leg: the busy tone, silence while held, else
// every other answered, un-held party's voice at once (a conference bridge mixes them), or ringback while
// parties only ring; plus the live voice of a supervisor whispering to it or barging in. A supervisor: what
// its agent hears, and the agent's live voice. A party (no softphone): the agents' live voices and a barging
// supervisor's, which the media edge only counts. Agents in a conference do not hear each other here (a real
// PBX mixes them); nobody hears its own voice. The model tells the phone line whenever a mix changes.
import type { HeardSource, LegMix } from "../driver";
import { isAgentLeg, isPartyLeg, type Call, type Leg } from "./types";

const voiceOf = (l: Leg): HeardSource => ({ sound: "voice", legId: l.id });
const speaking = (l: Leg) => l.state === "answered" && !l.held;

/** A supervisor's voice reaches the agent it listens to in whisper and barge (never in monitor). */
const coaches = (s: Leg, agent: Leg) => s.role === "supervisor" && s.supervises === agent.id && s.supervision !== "monitor";

export function agentHears(call: Call, listener: Leg): LegMix {
  if (call.busyTone) return [{ sound: "busy", legId: null }];
  if (listener.held) return [];
  const others = call.legs.filter((l) => l !== listener && l.state !== "ended");
  const coaching = others.filter((l) => speaking(l) && coaches(l, listener)).map(voiceOf);
  const audible = others.filter((l) => speaking(l) && isPartyLeg(l));
  // A clip played into the call is heard over the voices, by every agent not on hold.
  const clip: LegMix = call.playback ? [{ sound: "playback", legId: null, media: call.playback.media }] : [];
  if (audible.length > 0 || clip.length > 0)
    return [
      ...audible.flatMap((l) => (l.voice === "silence" ? [] : [{ sound: l.voice, legId: l.id }])),
      ...clip,
      ...coaching,
    ];
  // Ringback for a party or an advisor being rung while nobody else is heard (a consult, the lead held).
  if (others.some((l) => l.state === "ringing")) return [{ sound: "ringback", legId: null }, ...coaching];
  return coaching;
}

/** A supervisor hears what its agent hears (its own whisper left out) and the agent's voice. */
export function supervisorHears(call: Call, supervisor: Leg, agent: Leg | undefined): LegMix {
  if (!agent || supervisor.held) return [];
  const heard = agentHears(call, agent).filter((s) => s.legId !== supervisor.id);
  return speaking(agent) ? [...heard, voiceOf(agent)] : heard;
}

/** The live voices a party's leg takes in: every agent's, and a supervisor's only in barge. */
export function partyHears(call: Call, party: Leg): LegMix {
  if (call.busyTone || !speaking(party)) return [];
  return call.legs
    .filter((l) => l !== party && speaking(l) && (isAgentLeg(l) || (l.role === "supervisor" && l.supervision === "barge")))
    .map(voiceOf);
}

/** Equal keys, equal mixes: the line hears only of changes. */
export function mixKey(mix: LegMix): string {
  return mix.map((s) => `${s.legId ?? ""}:${s.sound}${s.media ? `:${s.media.name}` : ""}`).join(",");
}
