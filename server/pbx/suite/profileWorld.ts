// The fake Asterisk's far ends, played by the simulated PBX's profile (server/pbx/sim/profile.ts): a lead or
// party dialled through the trunk follows the same number rules and draws the same timings from the same
// random stream (keyed by the leg id, which is the channel id) as SimPbx's party would, and an agent's phone
// answers as SimPbx's simulated phones do. So a scenario on AriDriver + fake ARI and the same scenario on
// SimPbx meet the same world, and their event traces can be compared event for event.
import type { Clock, ClockTimer } from "../../../src/shared/clock";
import type { ExtensionVia, OriginateMode } from "../driver";
import type { AmdVerdict, FakeWorld, FarEnd } from "../asterisk/testing/world";
import { scriptFor, type SimProfile } from "../sim/profile";
import { drawMs, streamFor } from "../sim/random";

/** What an agent's phone does with a call, as the suite's scripted phone line says (null: the simulated phone). */
export type PhoneBehaviour = { answerAfterMs: number } | { rejectAfterMs: number; cause?: "rejected" | "busy" } | "ignore";

export interface ProfileWorldOptions {
  clock: Clock;
  profile: SimProfile;
  seed: number;
  /** How each extension reaches the PBX (the directory). */
  viaOf(ext: string): ExtensionVia | null;
  /** A scripted softphone (the suite's stand-in for the agent), or undefined: SimPbx's own simulated phone. */
  phone?: (ext: string, variables: Readonly<Record<string, string>>) => PhoneBehaviour | undefined;
}

const AMD_OF: Record<"human" | "machine" | "not-sure", Omit<AmdVerdict, "afterMs">> = {
  human: { status: "HUMAN", cause: "HUMAN-300-300" },
  machine: { status: "MACHINE", cause: "LONGGREETING-1500-1500" },
  "not-sure": { status: "NOTSURE", cause: "TOOLONG-5000" },
};

const Q850 = { busy: 17, rejected: 21, failed: 38 } as const;

export function profileWorld(o: ProfileWorldOptions): FakeWorld {
  const timers = new Map<string, ClockTimer[]>();
  const amd = new Map<string, AmdVerdict>();
  const later = (id: string, ms: number, fn: () => void) => {
    const list = timers.get(id) ?? [];
    list.push(o.clock.setTimeout(fn, ms));
    timers.set(id, list);
  };

  const dialAgent = (far: FarEnd, ext: string) => {
    const rng = streamFor(o.seed, far.channelId);
    far.ring();
    const scripted = o.phone?.(ext, far.variables);
    if (scripted === "ignore") return;
    if (scripted && "rejectAfterMs" in scripted)
      return later(far.channelId, scripted.rejectAfterMs, () => far.fail(Q850[scripted.cause ?? "rejected"]));
    const ms = scripted
      ? scripted.answerAfterMs
      : drawMs(rng, o.viaOf(ext) === "external" ? o.profile.externalAnswerMs : o.profile.agentAnswerMs);
    later(far.channelId, ms, () => far.answer());
  };

  const dialNumber = (far: FarEnd, number: string) => {
    const mode = (far.variables.DIALER_MODE ?? "manual") as OriginateMode;
    const script = scriptFor(o.profile, number, mode, streamFor(o.seed, far.channelId));
    const answer = () => {
      far.answer();
      later(far.channelId, script.talkMs, () => far.hangup(16));
    };
    if (script.outcome === "human" || script.outcome === "machine" || script.outcome === "not-sure")
      amd.set(far.channelId, { ...AMD_OF[script.outcome], afterMs: script.amdMs });
    switch (script.outcome) {
      case "voicemail-box":
        return answer();
      case "busy":
      case "failed":
        return later(far.channelId, script.ringAfterMs, () => far.fail(Q850[script.outcome as "busy" | "failed"]));
      default:
        later(far.channelId, script.ringAfterMs, () => {
          far.ring();
          if (script.outcome === "rejected") later(far.channelId, script.answerAfterMs, () => far.fail(Q850.rejected));
          else if (script.outcome !== "no-answer") later(far.channelId, script.answerAfterMs, answer);
        });
    }
  };

  return {
    dial(far) {
      const m = /^(?:PJSIP|Local)\/([^@]+)(?:@(.+))?$/.exec(far.endpoint);
      if (!m) return far.fail(Q850.failed);
      if (m[2] === undefined) return dialAgent(far, m[1]!);
      return dialNumber(far, m[1]!);
    },
    cancelled(channelId) {
      for (const t of timers.get(channelId) ?? []) o.clock.clearTimeout(t);
      timers.delete(channelId);
    },
    amd(far) {
      // Voicemail boxes and people nobody scripted: Asterisk still answers, NOTSURE.
      return amd.get(far.channelId) ?? { status: "NOTSURE", cause: "TOOLONG-5000", afterMs: o.profile.amdMs as number };
    },
    mediaDurationMs: () => 1000,
  };
}
