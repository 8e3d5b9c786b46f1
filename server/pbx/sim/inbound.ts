// Inbound calls (telephony.md §1 "Inbound"): the PBX names the call and announces it; the gateway picks an
// agent and calls answerInbound, which rings that agent (not auto-answered). An agent who rejects or misses
// it leaves the caller waiting for another answerInbound, until the caller gives up.
import { offerAgent } from "./agent";
import type { CallModel } from "./model";
import { SimPbxError, type Call, type Leg } from "./types";
import { drawMs } from "./random";
import type { ExtensionRegistry } from "./registry";

export interface InboundRequest {
  from: string;
  did: string;
  /** Chosen by the caller of placeInbound (tests); otherwise in-1, in-2, … */
  callId?: string;
}

interface Waiting {
  caller: Leg;
  talkMs: number;
  did: string;
}

export class Inbound {
  private next = 0;
  private readonly waiting = new WeakMap<Call, Waiting>();

  constructor(
    private readonly m: CallModel,
    private readonly registry: ExtensionRegistry,
  ) {}

  place(r: InboundRequest): string {
    const { m } = this;
    if (r.callId !== undefined && m.isUsed(r.callId)) throw new SimPbxError(`call ${r.callId} exists`);
    let callId = r.callId ?? `in-${++this.next}`;
    while (r.callId === undefined && m.isUsed(callId)) callId = `in-${++this.next}`;
    return m.bus.step(() => {
      const call = m.createCall(callId, "inbound");
      call.waiting = true;
      const caller = m.newLeg(call, "inbound", { number: r.from });
      m.bus.emit({
        kind: "InboundCall",
        callId,
        legId: caller.id,
        from: r.from,
        did: r.did,
        targetExt: null,
      });
      m.announce(caller);
      m.ringing(caller);
      this.waiting.set(call, {
        caller,
        talkMs: drawMs(m.rngFor(caller), m.profile.talkMs.human),
        did: r.did,
      });
      m.schedule(call, m.profile.inboundGiveUpMs, () => m.endLeg(caller, "canceled"));
      return callId;
    });
  }

  /** The caller still waiting for an agent on this call, and the number they dialled; undefined once answered. */
  waitingOf(call: Call): { from: string; did: string } | undefined {
    const w = this.waiting.get(call);
    return w && call.waiting && !call.ended ? { from: w.caller.number ?? "", did: w.did } : undefined;
  }

  async answer(callId: string, agentExt: string, vars: Record<string, string> = {}): Promise<void> {
    const { m } = this;
    const call = m.call(callId);
    if (call.direction !== "inbound") throw new SimPbxError(`call ${callId} is not inbound`);
    await this.registry.status(agentExt);
    m.bus.step(() => {
      const w = this.waiting.get(call);
      // Answered already, ended, or an agent is being offered it: nothing to do.
      if (!w || !call.waiting || call.ended || m.agentOf(call)) return;
      offerAgent(
        m,
        this.registry,
        call,
        agentExt,
        { from: w.caller.number ?? "", autoAnswer: false, vars },
        (agent) => {
          call.waiting = false;
          this.waiting.delete(call);
          for (const t of [...call.timers]) m.cancel(call, t); // the caller no longer gives up
          m.answer(w.caller);
          m.bridge(call, [agent.id, w.caller.id]);
          m.schedule(w.caller, w.talkMs, () => m.endLeg(w.caller, "normal"));
        },
      );
    });
  }
}
