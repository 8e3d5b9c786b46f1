// Recordings of an agent's call (the extra recordings an advisor starts and stops): the PBX records the call
// as the agent hears it, both directions, into the recording store under the key the caller chose. The
// recording's end comes back as a RecordingFinished call event with what the file holds.
import type { PbxDriver } from "../../pbx/driver";
import { isOver, type ActiveCall } from "./active";

export interface StartedRecording {
  /** The PBX's recording id (RecordingFinished names it). */
  recId: string;
  /** The store's key of its file. */
  key: string;
  /** calls.id of the agent's call. */
  callId: number;
  leadId: number | null;
}

export class CallRecording {
  constructor(
    private readonly calls: { activeCallOf(agentId: number): ActiveCall | undefined },
    private readonly pbx: PbxDriver,
  ) {}

  /**
   * Records the agent's answered call as the store's file `keyOf(call)` (keys name the call); null when the
   * agent has no answered call.
   */
  async start(
    agentId: number,
    keyOf: (call: { id: number; tenantId: number }) => string,
  ): Promise<StartedRecording | null> {
    const call = this.calls.activeCallOf(agentId);
    if (!call?.bridged || isOver(call)) return null;
    const key = keyOf(call);
    const recId = await this.pbx.startRecording({ callId: call.pbxCallId }, key);
    return { recId, key, callId: call.id, leadId: call.leadId };
  }

  /** Stops a recording (nothing happens for one that has finished: its call ended, or a crash cut it). */
  async stop(recId: string): Promise<void> {
    try {
      await this.pbx.stopRecording(recId);
    } catch {
      // Unknown to the PBX: it finished already (or the PBX restarted); its RecordingFinished said so.
    }
  }
}
