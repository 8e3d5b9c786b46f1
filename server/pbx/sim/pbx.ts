// SimPbx, the embedded PbxDriver (telephony.md §2): the extension registry plus a deterministic call model
// on an injected clock and seeded random streams, with no I/O. The SIP-over-WebSocket edge plugs in as an
// AgentPhoneLine; tests and the manager's sim routes drive it through the extra members below.
import type { Clock } from "../../../src/shared/clock";
import type {
  AgentPhoneLine,
  ConferenceControl,
  ExtensionStatus,
  ExtensionVia,
  HangupCause,
  KeepLead,
  OriginateRequest,
  PbxCallState,
  PbxDriver,
  PbxEventListener,
  PlaybackMedia,
  SuperviseRequest,
} from "../driver";
import { EventBus } from "./bus";
import { conferences } from "./conference";
import * as controls from "./controls";
import type { SimFaults } from "./faults";
import { Inbound, type InboundRequest } from "./inbound";
import { CallModel } from "./model";
import { originate } from "./outbound";
import { resolveProfile, type DialOutcome, type SimProfile } from "./profile";
import { streamFor } from "./random";
import { Playbacks } from "./playbacks";
import { Recordings } from "./recordings";
import { ExtensionRegistry, type ExtensionDirectory } from "./registry";
import { supervise } from "./supervise";
import { callView, legView, type CallView, type LegView } from "./views";

export interface SimPbxOptions {
  clock: Clock;
  directory?: ExtensionDirectory;
  /**
   * Stand-in for the SIP-over-WebSocket edge: while it is absent, a WebRTC extension counts as registered
   * while its agent's socket has said hello with hasWebRtc (the softphone lives in that same tab). Off once
   * a real registrar feeds register()/unregister().
   */
  softphoneFollowsSocket?: boolean;
  /** Seeds every random stream (default 1): the same seed and operations give the same events. */
  seed?: number;
  profile?: Partial<SimProfile>;
  /** Delivery faults (off by default), drawn from a stream of their own. */
  faults?: SimFaults;
  /**
   * close() only lets the gateway's listeners go and keeps the calls up, as a PBX running apart from the
   * gateway does (tests of a gateway restart mid-call); destroy() ends it. Off: close() ends everything.
   */
  outlivesGateway?: boolean;
}

export class SimPbx implements PbxDriver {
  readonly name = "sim";
  readonly softphoneFollowsSocket: boolean;
  readonly profile: SimProfile;
  readonly conference: ConferenceControl;
  private readonly bus: EventBus;
  private readonly registry: ExtensionRegistry;
  private readonly model: CallModel;
  private readonly inbound: Inbound;
  private readonly recordings: Recordings;
  private readonly playbacks: Playbacks;

  private readonly outlivesGateway: boolean;

  constructor(opts: SimPbxOptions) {
    this.outlivesGateway = opts.outlivesGateway ?? false;
    const seed = opts.seed ?? 1;
    this.softphoneFollowsSocket = opts.softphoneFollowsSocket ?? true;
    this.profile = resolveProfile(opts.profile);
    this.bus = new EventBus(opts.clock, opts.faults, streamFor(seed, "#faults"));
    this.registry = new ExtensionRegistry(opts.clock, this.bus, opts.directory);
    this.model = new CallModel(opts.clock, this.bus, this.profile, seed);
    this.inbound = new Inbound(this.model, this.registry);
    this.recordings = new Recordings(this.model);
    this.playbacks = new Playbacks(this.model);
    this.conference = conferences(this.model, this.registry);
  }

  // ---------------------------------------------------------------- connection and events

  /** Resumes delivery after disconnect(). */
  async connect(): Promise<void> {
    this.bus.connect();
  }

  /** Fault injection: no event reaches listeners until connect(); the ones in between are lost. */
  disconnect(): void {
    this.bus.disconnect();
  }

  async close(): Promise<void> {
    // Events from now until the next gateway connects are lost, as they would be on a real PBX's socket.
    if (this.outlivesGateway) return this.disconnect();
    return this.destroy();
  }

  /** Ends the PBX: its timers stop, its calls are dropped. */
  async destroy(): Promise<void> {
    this.registry.close();
    this.model.close();
    this.bus.close();
  }

  onEvent(listener: PbxEventListener): () => void {
    return this.bus.on(listener);
  }

  async liveCalls(): Promise<PbxCallState[]> {
    return this.model.openCalls().map((c) => ({
      callId: c.id,
      direction: c.direction,
      ...(c.confId ? { confId: c.confId } : {}),
      ...(this.inbound.waitingOf(c) && { waiting: this.inbound.waitingOf(c) }),
      legs: c.legs
        .filter((l) => l.state !== "ended")
        .map((l) => ({
          legId: l.id,
          role: l.role,
          ...(l.ext ? { ext: l.ext } : {}),
          ...(l.number ? { number: l.number } : {}),
          state: l.state === "answered" ? ("answered" as const) : ("ringing" as const),
          held: l.held,
        })),
    }));
  }

  // ---------------------------------------------------------------- extensions

  /** Declares an extension (configuration). An existing one keeps its state unless `via` changes. */
  provision(ext: string, via: ExtensionVia): void {
    this.registry.provision(ext, via);
  }

  /** A WebRTC REGISTER; `expiresMs` as the registrar granted it (undefined: until unregistered). */
  register(ext: string, expiresMs?: number): Promise<void> {
    return this.registry.register(ext, expiresMs);
  }

  unregister(ext: string): Promise<void> {
    return this.registry.unregister(ext);
  }

  /** Opens or closes an external desk phone (Bria started or quit). */
  /**
   * What the next dials placed for `ext` do (auto-dialled or by hand), in order, whatever number they dial (a demonstration's or an
   * end-to-end test's script; empty clears it). Kept in this process: the simulated PBX is one process's.
   */
  scriptDials(ext: string, outcomes: readonly DialOutcome[]): void {
    this.model.scriptDials(ext, outcomes);
  }

  setPhoneOpen(ext: string, open: boolean): Promise<void> {
    return this.registry.setPhoneOpen(ext, open);
  }

  setDnd(ext: string, on: boolean): Promise<void> {
    return this.registry.setDnd(ext, on);
  }

  async getExtensionStatus(ext: string): Promise<ExtensionStatus> {
    await this.registry.status(ext);
    return this.registry.statusNow(ext, this.model.inCall(ext));
  }

  // ---------------------------------------------------------------- the agent's phone and the sim's own controls

  /** The SIP edge rings WebRTC agent legs and plays their sounds from now on; returns the detach function. */
  attachPhoneLine(line: AgentPhoneLine): () => void {
    this.model.line = line;
    return () => {
      if (this.model.line === line) this.model.line = null;
    };
  }

  /** An inbound caller dials a DID: InboundCall, then the caller waits for answerInbound. Returns the call id. */
  placeInbound(r: InboundRequest): string {
    return this.inbound.place(r);
  }

  /** The legs of a call (empty when unknown or long forgotten), for the SIP edge to find the agent leg. */
  legsOf(callId: string): LegView[] {
    const call = this.model.findCall(callId);
    return call ? call.legs.map(legView) : [];
  }

  callOf(legId: string): CallView | undefined {
    const leg = this.model.findLeg(legId);
    return leg ? callView(leg.call) : undefined;
  }

  // ---------------------------------------------------------------- PbxCalls

  originate(r: OriginateRequest): Promise<void> {
    return originate(this.model, this.registry, r);
  }

  answerInbound(callId: string, agentExt: string, vars?: Record<string, string>): Promise<void> {
    return this.inbound.answer(callId, agentExt, vars);
  }

  async hangup(legId: string, cause?: HangupCause): Promise<void> {
    this.bus.step(() => controls.hangup(this.model, legId, cause));
  }

  async hangupCall(callId: string, cause?: HangupCause): Promise<void> {
    this.bus.step(() => controls.hangupCall(this.model, callId, cause));
  }

  async keepLead(callId: string, on: KeepLead): Promise<void> {
    this.bus.step(() => controls.keepLead(this.model, callId, on));
  }

  async hold(legId: string, on: boolean): Promise<void> {
    this.bus.step(() => controls.hold(this.model, legId, on));
  }

  async sendDtmf(legId: string, digits: string): Promise<void> {
    this.bus.step(() => controls.sendDtmf(this.model, legId, digits));
  }

  async blindTransfer(legId: string, target: string): Promise<void> {
    this.bus.step(() => controls.blindTransfer(this.model, legId, target));
  }

  async startRecording(target: { legId?: string; callId?: string }, name: string): Promise<string> {
    return this.bus.step(() => this.recordings.start(target, name));
  }

  async stopRecording(recId: string): Promise<void> {
    this.bus.step(() => this.recordings.stop(recId));
  }

  async playback(callId: string, media: PlaybackMedia): Promise<string> {
    return this.bus.step(() => this.playbacks.start(callId, media));
  }

  async stopPlayback(playbackId: string): Promise<void> {
    this.bus.step(() => this.playbacks.stop(playbackId));
  }

  async followPlayback(_callId: string, playbackId: string): Promise<boolean> {
    return this.playbacks.playing(playbackId);
  }

  supervise(r: SuperviseRequest): Promise<string> {
    return supervise(this.model, this.registry, r);
  }
}
