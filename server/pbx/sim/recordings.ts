// Extra recordings (telephony.md §1 "Extra recording"): of one leg or of the whole call. The simulation has no
// media of its own: the phone line records the agent leg's audio (both directions: the whole call as that
// agent hears it) when it can, and the recording's uri is then the file's key; without one it keeps metadata
// only (uri null). A recording still running when its leg or call ends finishes then.
import type { CallModel } from "./model";
import { isAgentLeg, SimPbxError, type Recording } from "./types";

export class Recordings {
  private next = 0;
  private readonly byId = new Map<string, Recording>();

  constructor(private readonly m: CallModel) {}

  start(target: { legId?: string; callId?: string }, name: string): string {
    const { m } = this;
    const leg = target.legId !== undefined ? m.leg(target.legId) : undefined;
    const call = leg?.call ?? (target.callId !== undefined ? m.call(target.callId) : undefined);
    if (!call) throw new SimPbxError("a recording needs a legId or a callId");
    if (call.ended || leg?.state === "ended")
      throw new SimPbxError(`nothing to record: ${leg ? `leg ${leg.id}` : `call ${call.id}`} has ended`);
    const rec: Recording = {
      id: `rec-${++this.next}`,
      callId: call.id,
      ...(leg ? { legId: leg.id } : {}),
      name,
      active: true,
    };
    this.byId.set(rec.id, rec);
    call.recordings.push(rec);
    // The agent leg carries the call's audio: the one named, else the call's first answered agent leg.
    const agentLeg =
      leg && isAgentLeg(leg)
        ? leg
        : call.legs.find((l) => isAgentLeg(l) && l.state === "answered" && l.viaLine);
    const line = m.line;
    if (agentLeg?.viaLine && line?.record) rec.onLine = line.record(agentLeg.id, rec.id, name);
    m.bus.emit({
      kind: "RecordingStarted",
      callId: call.id,
      ...(leg ? { legId: leg.id } : {}),
      recId: rec.id,
      name,
    });
    return rec.id;
  }

  stop(recId: string): void {
    const rec = this.byId.get(recId);
    if (!rec) throw new SimPbxError(`unknown recording ${recId}`);
    this.m.finishRecording(rec);
  }
}
