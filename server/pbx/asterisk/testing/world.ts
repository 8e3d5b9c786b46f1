// The world: what the fake cannot know, i.e. what the far end of a dialled channel does and how long things
// take. The fake asks the world when it starts dialling; the world answers through the FarEnd handle, on the
// injected clock. The lead's SimProfile world and scriptedWorld (below, for tests) both implement FakeWorld.
import type { Clock } from "../../../../src/shared/clock";

export interface FarEnd {
  readonly channelId: string;
  /** "PJSIP/1001" or "PJSIP/+15551230001@trunk". */
  readonly endpoint: string;
  /** Variables given at create/originate. */
  readonly variables: Readonly<Record<string, string>>;
  /** 180: state Ringing, Dial RINGING. */
  ring(): void;
  /** 200: state Up, Dial ANSWER (or the originate's dialplan/Stasis start). */
  answer(): void;
  /** Never answered: 17 busy, 21 rejected, 20 absent, 19 no answer… */
  fail(cause: number): void;
  /** The far end hangs up an answered call (default 16). */
  hangup(cause?: number): void;
  /** The far party presses keys: ChannelDtmfReceived per digit. */
  sendDtmf(digits: string): void;
}

export interface AmdVerdict {
  status: "HUMAN" | "MACHINE" | "NOTSURE" | "HANGUP";
  cause: string;
  afterMs: number;
}

export interface FakeWorld {
  /** The PBX starts dialling `far` (channels/{id}/dial, or an originate). The world answers, fails or hangs up over time (on the clock). */
  dial(far: FarEnd): void;
  /** The PBX cancels a dial still ringing (DELETE before answer): the world forgets its timers. */
  cancelled?(channelId: string): void;
  /** An answered channel ran AMD() in the dialplan: its verdict and how long detection takes. */
  amd(far: FarEnd): AmdVerdict;
  /** How long `sound:<name>` plays (ms). */
  mediaDurationMs?(media: string): number;
}

/** One far end's script: ring after `ringMs`, then answer / fail at `afterMs` (from the dial), optionally hang up later. */
export type FarScript =
  | { ringMs?: number; answerMs: number; hangupAfterMs?: number; hangupCause?: number; amd?: AmdVerdict }
  | { ringMs?: number; failMs: number; cause: number }
  | { ringMs?: number; never: true };

/**
 * A world for tests: each endpoint (or "*") has a script; timers run on the given clock and are forgotten on
 * cancel. `dialled` lists every FarEnd handed over, so a test can drive one by hand (far.answer()).
 */
export function scriptedWorld(
  clock: Clock,
  scripts: Record<string, FarScript>,
  opts: { mediaMs?: number; amd?: AmdVerdict } = {},
): FakeWorld & { dialled: FarEnd[] } {
  const timers = new Map<string, ReturnType<Clock["setTimeout"]>[]>();
  const later = (id: string, ms: number, fn: () => void) => {
    const list = timers.get(id) ?? [];
    list.push(clock.setTimeout(fn, ms));
    timers.set(id, list);
  };
  const scriptFor = (endpoint: string) => scripts[endpoint] ?? scripts["*"] ?? { never: true };
  const dialled: FarEnd[] = [];
  return {
    dialled,
    dial(far) {
      dialled.push(far);
      const s = scriptFor(far.endpoint);
      if (s.ringMs !== undefined) later(far.channelId, s.ringMs, () => far.ring());
      if ("answerMs" in s) {
        later(far.channelId, s.answerMs, () => far.answer());
        if (s.hangupAfterMs !== undefined) {
          later(far.channelId, s.answerMs + s.hangupAfterMs, () => far.hangup(s.hangupCause));
        }
      } else if ("failMs" in s) {
        later(far.channelId, s.failMs, () => far.fail(s.cause));
      }
    },
    cancelled(channelId) {
      for (const t of timers.get(channelId) ?? []) clock.clearTimeout(t);
      timers.delete(channelId);
    },
    amd(far) {
      const s = scriptFor(far.endpoint);
      return ("amd" in s && s.amd) || opts.amd || { status: "HUMAN", cause: "HUMAN-1-1", afterMs: 2300 };
    },
    mediaDurationMs: () => opts.mediaMs ?? 1000,
  };
}
