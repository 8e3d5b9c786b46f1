// Test helpers for the simulated PBX: a trace of its events and of what it asked the agent's phone line to
// do, on one timeline, and a scripted phone line standing in for the SIP edge.
import { createHash } from "node:crypto";
import type { Clock, ClockTimer } from "../../../src/shared/clock";
import type { AgentLegOffer, AgentPhoneLine, HangupCause, PbxEvent } from "../driver";
import type { SimPbx } from "./pbx";

export type TraceEntry = Record<string, unknown> & { t: number };

export interface Trace {
  entries: TraceEntry[];
  events: PbxEvent[];
}

/** Records every delivered event, with ts made relative to `t0`. */
export function recordTrace(pbx: SimPbx, t0: number): Trace {
  const trace: Trace = { entries: [], events: [] };
  pbx.onEvent((e) => {
    trace.events.push(e);
    const { seq, ts, ...rest } = e;
    trace.entries.push({ seq, t: ts - t0, ...rest });
  });
  return trace;
}

/** What the scripted softphone does with an offer. */
export type LineBehaviour =
  { answerAfterMs: number } | { rejectAfterMs: number; cause?: HangupCause } | "ignore";

/** A softphone on the clock: answers or rejects each offer as `behave` says, and logs into `trace`. */
export function scriptedLine(
  clock: Clock,
  trace: Trace,
  t0: number,
  behave: (offer: AgentLegOffer) => LineBehaviour,
): AgentPhoneLine {
  const ringing = new Map<string, ClockTimer>();
  const log = (entry: Record<string, unknown>) => trace.entries.push({ t: clock.now() - t0, ...entry });
  return {
    ring(offer, result) {
      log({
        line: "ring",
        legId: offer.legId,
        ext: offer.ext,
        from: offer.from,
        autoAnswer: offer.autoAnswer,
        vars: offer.vars,
      });
      const b = behave(offer);
      if (b === "ignore") return;
      const ms = "answerAfterMs" in b ? b.answerAfterMs : b.rejectAfterMs;
      const timer = clock.setTimeout(() => {
        ringing.delete(offer.legId);
        if ("answerAfterMs" in b) result.answered();
        else result.ended(b.cause ?? "rejected");
      }, ms);
      ringing.set(offer.legId, timer);
    },
    end(legId) {
      log({ line: "end", legId });
      const t = ringing.get(legId);
      if (t) clock.clearTimeout(t);
      ringing.delete(legId);
    },
    play(legId, sound) {
      log({ line: "play", legId, sound });
    },
    // A mix is logged as its sounds joined by "+" (legs in the order they joined), so single sources read
    // exactly as play() does.
    hear(legId, mix) {
      log({ line: "play", legId, sound: mix.map((s) => s.sound).join("+") || "silence" });
    },
  };
}

/** One entry per line, so a golden file diffs event by event. */
export function serialiseTrace(entries: TraceEntry[]): string {
  return `[\n${entries.map((e) => `  ${JSON.stringify(e)}`).join(",\n")}\n]\n`;
}

export function hashEvents(events: PbxEvent[]): string {
  return createHash("sha256").update(JSON.stringify(events)).digest("hex").slice(0, 16);
}

/** The call's id and leg ids in order of creation, read from the trace. */
export function legsIn(events: PbxEvent[], callId: string): string[] {
  return events.flatMap((e) => (e.kind === "LegCreated" && e.callId === callId ? [e.legId] : []));
}
