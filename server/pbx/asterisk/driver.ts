// AriDriver: the PbxDriver on an Asterisk, through the Asterisk REST Interface (production-telephony.md §1).
// The gateway's call logic does not know which driver runs: this one keeps the same calls, legs and rules as
// SimPbx (model.ts) and turns each step into ARI requests, and ARI's events back into the same PbxEvents.
//
// The shape of a call on Asterisk:
// - one mixing bridge per call (`{callId}:bridge`), created before the agent's phone rings; every leg is
//   created in our Stasis application (`channels/create`, id = our leg id), added to the bridge, then dialled,
//   so the agent hears the lead's real ringback and early media;
// - AMD runs on a snoop of the lead (`snoop?spy=in` continued into the AMD context), so the agent is bridged
//   to the lead from the first "hello" and the verdict arrives while they talk, as the specification shows it;
// - a held leg waits in the call's holding bridge (`{callId}:hold`) with music on hold.
// Resilience (pitfalls 1–6): the events socket reconnects for ever and every reconnection reconciles the
// calls with GET /channels; a channel is known before it is created, so a StasisStart that beats the HTTP
// answer finds its leg; an addChannel waits for the leg's StasisStart; cause 0 after Ringing is no-answer.
import { randomUUID } from "node:crypto";
import { SIP_HEADERS } from "../../../src/contract/calls";
import type { Clock } from "../../../src/shared/clock";
import type {
  ConferenceControl,
  ExtensionStatus,
  ExtensionVia,
  HangupCause,
  JoinAgentOptions,
  KeepLead,
  OriginateRequest,
  PbxCallState,
  PbxDriver,
  PbxEventListener,
  PlaybackMedia,
  SuperviseRequest,
  SupervisionMode,
} from "../driver";
import { callIdOfConference, conferenceIdOf } from "../callRules";
import type { ExtensionDirectory } from "../directory";
import { AriEvents } from "./ari/events";
import { AriHttp, seg, type Query } from "./ari/http";
import { AriError, type AriBridge, type AriChannel, type AriEvent } from "./ari/types";
import { amdVerdictOf, causeOfDialStatus, causeOfQ850, hangupReason } from "./causes";
import { ARI_DEFAULTS, type AriConfig } from "./config";
import { AriModel, type AriCall, type AriLeg, type AriRecording, type FinishedFile } from "./model";
import { copyStoredRecording } from "./recordingCopy";
import type { RecordingStore } from "../../recordings/store";

export interface AriDriverOptions {
  config: Pick<AriConfig, "url" | "user" | "password"> & Partial<AriConfig>;
  clock: Clock;
  /** How an extension is provisioned (WebRTC softphone or desk phone); null: no such extension. */
  directory?: ExtensionDirectory;
  /** Where failed ARI requests are reported (never with a lead's number). */
  log?: (msg: string, err?: unknown) => void;
  /** Reconnection backoff of the events socket. */
  backoff?: { minMs: number; maxMs: number };
  /**
   * The gateway's recording store: finished recordings are copied into it from Asterisk. Without it the
   * files stay on Asterisk and RecordingFinished's uri names them there (`ari:recordings/stored/{name}`).
   */
  recordings?: Pick<RecordingStore, "create">;
}


/** Snoop whisper direction per mode: `out` is what the agent hears (coaching), `both` the lead too. */
const WHISPER: Record<SupervisionMode, "none" | "out" | "both"> = { monitor: "none", whisper: "out", barge: "both" };
/** The bridge a supervisor's phone and its snoop of the agent share. */
const spyBridgeOf = (leg: AriLeg) => `${leg.id}:spy`;

/** Asterisk prints `2026-01-05T14:00:00.609+0000`; Date.parse wants the offset as +00:00. */
export function asteriskMs(timestamp: string): number {
  return Date.parse(timestamp.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
}
const DTMF = /^[0-9A-D*#]+$/;

export class AriDriver implements PbxDriver {
  readonly name = "asterisk";
  readonly conference: ConferenceControl;
  private readonly cfg: AriConfig;
  private readonly http: AriHttp;
  private readonly events: AriEvents;
  private readonly model: AriModel;
  private readonly clock: Clock;
  private readonly directory?: ExtensionDirectory;
  private readonly log: (msg: string, err?: unknown) => void;
  /** Channels that entered our application, and waiters for the ones not there yet (pitfall 3). */
  private readonly inStasis = new Set<string>();
  private readonly stasisWaiters = new Map<string, Array<(ok: boolean) => void>>();
  private readonly dnd = new Map<string, boolean>();
  private readonly vias = new Map<string, ExtensionVia>();
  private readonly online = new Map<string, boolean>();
  private readonly subscribed = new Set<string>();
  /** AMD snoop channel → the lead it listens to. */
  private readonly amdSnoops = new Map<string, AriLeg>();
  private readonly recordingsByAri = new Map<string, AriRecording>();
  private readonly recordingsById = new Map<string, AriRecording>();
  private readonly playbacks = new Map<string, AriCall>();
  private readonly dialFailures = new Map<string, HangupCause>();
  private pendingWork = 0;
  private readonly idleWaiters: Array<() => void> = [];
  private nextRec = 0;
  private nextPlay = 0;
  /** Recordings cut by a hangup and reported already, whose file is still to be copied; copies under way. */
  private readonly cutRecordings = new Set<string>();
  private readonly copying = new Set<string>();
  private readonly store?: Pick<RecordingStore, "create">;
  /** Supervisor leg → the snoop of the agent it hears through now. */
  private readonly spies = new Map<string, string>();
  private nextSpy = 0;

  constructor(opts: AriDriverOptions) {
    this.cfg = { ...ARI_DEFAULTS, ...opts.config };
    this.clock = opts.clock;
    this.directory = opts.directory;
    this.store = opts.recordings;
    this.log = opts.log ?? (() => {});
    this.http = new AriHttp(this.cfg);
    this.events = new AriEvents(
      { ...this.cfg, clock: opts.clock, ...(opts.backoff ? { backoff: opts.backoff } : {}) },
      {
        event: (e) => this.onAri(e),
        open: (reconnected) => {
          if (reconnected) this.track(this.reconcile());
        },
      },
    );
    this.model = new AriModel(opts.clock, this.cfg.busyToneMs, {
      hangupChannel: (leg, cause) =>
        this.fire("DELETE", `/channels/${seg(leg.id)}`, { reason: hangupReason(cause) }),
      destroyCall: (call) => {
        for (const id of [call.bridgeId, call.holdingId]) if (id) this.fire("DELETE", `/bridges/${seg(id)}`);
      },
      stopRecording: (r) => {
        if (this.cutRecordings.has(r.id)) this.track(this.keepCutRecording(r));
        else this.fire("POST", `/recordings/live/${seg(r.ariName)}/stop`);
        if (r.snoopId) this.fire("DELETE", `/channels/${seg(r.snoopId)}`);
      },
      recordingCut: (r) => {
        if (!this.store) return null;
        if (!this.copying.has(r.id)) this.cutRecordings.add(r.id);
        return { uri: r.name, durationMs: Math.max(0, this.model.now() - r.startedAt) };
      },
      stopPlayback: (p) => this.fire("DELETE", `/playbacks/${seg(p.id)}`),
      busyTone: (leg) => this.fire("POST", `/channels/${seg(leg.id)}/play/${seg(`${leg.id}:busy`)}`, { media: "tone:busy" }),
    });
    this.conference = this.conferenceControl();
  }

  // ---------------------------------------------------------------- connection

  async connect(): Promise<void> {
    if (this.events.connected) return;
    await this.events.start();
  }

  async close(): Promise<void> {
    this.events.stop();
    this.model.clearListeners();
    for (const c of this.model.calls.values()) for (const t of c.timers) this.clock.clearTimeout(t);
  }

  onEvent(listener: PbxEventListener): () => void {
    return this.model.on(listener);
  }

  /** Resolves once no ARI request or event is being handled (tests wait on it after moving the clock). */
  async idle(): Promise<void> {
    while (this.pendingWork > 0 || this.http.busy || this.events.busy) {
      if (this.pendingWork > 0) await new Promise<void>((r) => this.idleWaiters.push(r));
      else await this.http.idle();
    }
  }

  /** A request or event is being handled now. */
  get busy(): boolean {
    return this.pendingWork > 0 || this.http.busy || this.events.busy;
  }

  get socketConnected(): boolean {
    return this.events.connected;
  }

  // ---------------------------------------------------------------- extensions

  async getExtensionStatus(ext: string): Promise<ExtensionStatus> {
    const via = await this.viaOf(ext);
    if (!via) return { ext, known: false, via: null, registered: false, reachable: false, dnd: false, contacts: 0, inCall: false };
    await this.follow(ext);
    // Both from Asterisk, not from what this process last set: in a cluster another instance may have changed the
    // do-not-disturb state since (a standby handles the agent's status changes).
    const [registered, dnd] = await Promise.all([this.endpointOnline(ext), this.dndAt(ext)]);
    this.online.set(ext, registered);
    this.dnd.set(ext, dnd);
    return {
      ext,
      known: true,
      via,
      registered,
      reachable: registered,
      dnd,
      contacts: registered ? 1 : 0,
      inCall: this.model.inCall(ext),
    };
  }

  private async endpointOnline(ext: string): Promise<boolean> {
    try {
      const ep = await this.http.request<{ state?: string }>("GET", `/endpoints/PJSIP/${seg(ext)}`);
      return ep.state === "online";
    } catch (err) {
      if (!(err instanceof AriError && err.status === 404)) throw err;
      return false;
    }
  }

  private async dndAt(ext: string): Promise<boolean> {
    try {
      const d = await this.http.request<{ state?: string }>("GET", `/deviceStates/${seg(`Stasis:DND${ext}`)}`);
      return d.state === "BUSY";
    } catch (err) {
      if (!(err instanceof AriError && err.status === 404)) throw err;
      return false;
    }
  }

  /** Always written: what this process set last is not what Asterisk has when another instance changed it since. */
  async setDnd(ext: string, on: boolean): Promise<void> {
    const via = await this.viaOf(ext);
    if (!via) return;
    const was = this.dnd.get(ext) ?? false;
    this.dnd.set(ext, on);
    // Only `Stasis:` device states can be set over ARI; the dialplan reads ${DEVICE_STATE(Stasis:DND1001)}.
    await this.http.request("PUT", `/deviceStates/${seg(`Stasis:DND${ext}`)}`, {
      deviceState: on ? "BUSY" : "NOT_INUSE",
    });
    if (was !== on) this.extensionChanged(ext);
  }

  async provisionSoftphone(ext: string, c: { username: string; password: string }): Promise<void> {
    await this.http.request("PUT", `/asterisk/config/dynamic/res_pjsip/auth/${seg(ext)}`, {}, {
      fields: [
        { attribute: "auth_type", value: "digest" },
        { attribute: "username", value: c.username },
        { attribute: "password", value: c.password },
      ],
    });
  }

  private async viaOf(ext: string): Promise<ExtensionVia | null> {
    const known = this.vias.get(ext);
    if (known) return known;
    const via = this.directory ? await this.directory(ext) : "webrtc";
    if (via) this.vias.set(ext, via);
    return via;
  }

  /** Subscribes to the extension's endpoint once, so registrations and losses arrive as events. */
  private async follow(ext: string): Promise<void> {
    if (this.subscribed.has(ext)) return;
    this.subscribed.add(ext);
    try {
      await this.http.request("POST", `/applications/${seg(this.cfg.app)}/subscription`, {
        eventSource: `endpoint:PJSIP/${ext}`,
      });
    } catch (err) {
      this.subscribed.delete(ext);
      if (!(err instanceof AriError && err.status === 404)) throw err;
    }
  }

  private extensionChanged(ext: string): void {
    const via = this.vias.get(ext);
    if (!via) return;
    const registered = this.online.get(ext) ?? false;
    this.model.emit({ kind: "ExtensionState", ext, via, registered, reachable: registered, dnd: this.dnd.get(ext) ?? false });
  }

  // ---------------------------------------------------------------- calls

  async originate(r: OriginateRequest): Promise<void> {
    if (this.model.isUsed(r.callId)) return; // idempotent: a retried originate changes nothing
    const call = this.model.createCall(r.callId, "outbound");
    call.lingerOnBusy = true;
    let status: ExtensionStatus;
    try {
      status = await this.getExtensionStatus(r.agentExt);
    } catch (err) {
      this.model.endCall(call, "failed");
      throw err;
    }
    if (call.ended) return;
    this.offerAgent(call, r.agentExt, status, { from: r.to, autoAnswer: true, vars: r.vars ?? {} }, (agent) =>
      this.dialLead(call, agent, r),
    );
  }

  async answerInbound(callId: string, agentExt: string, vars: Record<string, string> = {}): Promise<void> {
    const call = this.callOf(callId);
    if (call.direction !== "inbound") throw new Error(`call ${callId} is not inbound`);
    const status = await this.getExtensionStatus(agentExt);
    if (!call.waiting || call.ended || this.model.agentOf(call)) return;
    const caller = call.legs.find((l) => l.role === "inbound")!;
    this.offerAgent(call, agentExt, status, { from: caller.number ?? "", autoAnswer: false, vars }, (agent) => {
      call.waiting = false;
      for (const t of call.timers) this.clock.clearTimeout(t);
      call.timers.clear();
      this.track(
        (async () => {
          await this.request("POST", `/channels/${seg(caller.id)}/answer`);
          await this.request("POST", `/bridges/${seg(call.bridgeId!)}/addChannel`, { channel: caller.id });
          this.model.answer(caller);
          this.model.bridged(call, [agent.id, caller.id]);
        })(),
      );
    });
  }

  async hangup(legId: string, cause?: HangupCause): Promise<void> {
    const leg = this.legOf(legId);
    this.model.endLeg(leg, cause ?? (leg.state === "answered" ? "normal" : "canceled"));
  }

  async hangupCall(callId: string, cause?: HangupCause): Promise<void> {
    this.model.endCall(this.callOf(callId), cause ?? "normal");
  }

  async keepLead(callId: string, on: KeepLead): Promise<void> {
    const call = this.callOf(callId);
    if (call.ended || call.ending) return;
    call.keepLead = on;
    if (on !== true && this.model.agentLegs(call).length === 0) this.model.endCall(call, "normal");
  }

  async hold(legId: string, on: boolean): Promise<void> {
    const leg = this.legOf(legId);
    if (leg.state === "ended" || leg.held === on) return;
    if (leg.state !== "answered") throw new Error(`leg ${legId} is not answered`);
    leg.held = on;
    this.model.emit({ kind: "Hold", callId: leg.call.id, legId, on });
    const call = leg.call;
    await this.track(
      (async () => {
        if (on && !call.holdingId) {
          call.holdingId = `${call.id}:hold`;
          await this.request("POST", `/bridges/${seg(call.holdingId)}`, { type: "holding" });
          await this.request("POST", `/bridges/${seg(call.holdingId)}/moh`, { mohClass: this.cfg.mohClass });
        }
        const [from, to] = on ? [call.bridgeId!, call.holdingId!] : [call.holdingId!, call.bridgeId!];
        await this.request("POST", `/bridges/${seg(from)}/removeChannel`, { channel: leg.id });
        await this.request("POST", `/bridges/${seg(to)}/addChannel`, { channel: leg.id });
      })(),
    );
  }

  async sendDtmf(legId: string, digits: string): Promise<void> {
    if (!DTMF.test(digits)) throw new Error(`invalid DTMF digits ${JSON.stringify(digits)}`);
    const leg = this.legOf(legId);
    if (leg.state === "ended") return;
    if (leg.state !== "answered") throw new Error(`leg ${legId} is not answered`);
    this.model.emit({ kind: "Dtmf", callId: leg.call.id, legId, digits });
    await this.request("POST", `/channels/${seg(legId)}/dtmf`, { dtmf: digits });
  }

  async blindTransfer(legId: string, target: string): Promise<void> {
    const m = this.model;
    const leg = this.legOf(legId);
    const call = leg.call;
    if (call.ended || leg.state === "ended") return;
    const agent = leg.ext !== undefined ? leg : m.agentOf(call);
    if (!agent || agent.state !== "answered") throw new Error(`call ${call.id} has no answered agent leg`);
    let party: AriLeg | undefined = leg;
    if (leg === agent) {
      const parties = m.liveLegs(call).filter((l) => l.ext === undefined && l.state === "answered");
      if (parties.length !== 1) throw new Error(`call ${call.id} has ${parties.length} connected parties; name the leg to transfer`);
      party = parties[0];
    }
    if (!party || party.state !== "answered") throw new Error(`leg ${legId} is not answered`);
    const moved = party;
    m.emit({ kind: "Unbridged", callId: call.id, legIds: [agent.id, moved.id] });
    // The target rings before the agent leaves, so the call never drops below two legs.
    this.dialParty(call, "transfer-target", target, "manual", this.cfg.ringTimeoutMs, {
      onAnswered: (t) => {
        m.bridged(call, [moved.id, t.id]);
        m.emit({ kind: "TransferResult", callId: call.id, legId: t.id, target, ok: true });
      },
      onEnded: (t) => {
        if (t.answeredAt === undefined)
          m.emit({ kind: "TransferResult", callId: call.id, legId: t.id, target, ok: false, ...(t.cause ? { cause: t.cause } : {}) });
      },
    });
    m.endLeg(agent, "normal", { leaving: true });
  }

  async startRecording(target: { legId?: string; callId?: string }, name: string): Promise<string> {
    const leg = target.legId !== undefined ? this.legOf(target.legId) : undefined;
    const call = leg?.call ?? (target.callId !== undefined ? this.callOf(target.callId) : undefined);
    if (!call) throw new Error("a recording needs a legId or a callId");
    if (call.ended || leg?.state === "ended") throw new Error(`nothing to record: ${leg ? `leg ${leg.id}` : `call ${call.id}`} has ended`);
    const id = `rec-${++this.nextRec}`;
    const ariName = `calls/${call.id}-${id}`;
    const rec: AriRecording = {
      id,
      callId: call.id,
      ...(leg ? { legId: leg.id } : {}),
      name,
      ariName,
      active: true,
      startedAt: this.model.now(),
    };
    call.recordings.push(rec);
    this.recordingsByAri.set(ariName, rec);
    this.recordingsById.set(id, rec);
    this.model.emit({ kind: "RecordingStarted", callId: call.id, ...(leg ? { legId: leg.id } : {}), recId: id, name });
    const query = { name: ariName, format: "wav", ifExists: "overwrite" };
    if (!leg) {
      await this.request("POST", `/bridges/${seg(call.bridgeId!)}/record`, query);
    } else {
      // A bridged channel cannot be recorded (409): one leg is recorded through a snoop of both directions.
      const snoopId = `${leg.id}:rec${id.slice(4)}`;
      rec.snoopId = snoopId;
      const entered = this.expectStasis(snoopId);
      await this.request("POST", `/channels/${seg(leg.id)}/snoop/${seg(snoopId)}`, { spy: "both", app: this.cfg.app, appArgs: "record" });
      await entered;
      await this.request("POST", `/channels/${seg(snoopId)}/record`, query);
    }
    return id;
  }

  async stopRecording(recId: string): Promise<void> {
    const rec = this.recordingsById.get(recId);
    if (!rec) throw new Error(`unknown recording ${recId}`);
    const call = this.model.calls.get(rec.callId);
    if (!rec.active || !call) return;
    // RecordingFinished follows Asterisk's own event, which says how long the file is.
    this.fire("POST", `/recordings/live/${seg(rec.ariName)}/stop`);
  }

  async playback(callId: string, media: PlaybackMedia): Promise<string> {
    const call = this.callOf(callId);
    if (call.ended || call.ending) throw new Error(`nothing to play into: call ${call.id} has ended`);
    if (!this.model.leadAnswered(call)) throw new Error(`nobody to play to: the lead of call ${call.id} has not answered`);
    if (call.playback) this.model.finishPlayback(call, "stopped");
    // Unique across drivers: the next lease holder's driver counts from 0 again while a clip of the last may play.
    const id = `${call.id}:play${++this.nextPlay}-${randomUUID().slice(0, 8)}`;
    call.playback = { id, callId: call.id, media: media.name, active: true };
    this.playbacks.set(id, call);
    this.model.emit({ kind: "PlaybackStarted", callId: call.id, playbackId: id, media: media.name });
    await this.request("POST", `/bridges/${seg(call.bridgeId!)}/play/${seg(id)}`, { media: `sound:${media.name}` });
    return id;
  }

  async followPlayback(callId: string, playbackId: string, media: string): Promise<boolean> {
    const call = this.model.calls.get(callId);
    if (!call || call.ended || call.ending) return false;
    try {
      const p = await this.request<{ state?: string }>("GET", `/playbacks/${seg(playbackId)}`);
      if (p.state !== "queued" && p.state !== "playing") return false;
    } catch (err) {
      if (!(err instanceof AriError && err.status === 404)) throw err;
      return false;
    }
    call.playback = { id: playbackId, callId: call.id, media, active: true };
    this.playbacks.set(playbackId, call);
    return true;
  }

  async stopPlayback(playbackId: string): Promise<void> {
    const call = this.playbacks.get(playbackId);
    if (!call) throw new Error(`unknown playback ${playbackId}`);
    if (call.playback?.id === playbackId) this.model.finishPlayback(call, "stopped");
  }

  async supervise(r: SuperviseRequest): Promise<string> {
    this.supervisedLeg(r.agentLegId); // refused before the directory is asked
    const status = await this.getExtensionStatus(r.ext);
    const agent = this.supervisedLeg(r.agentLegId); // it may have ended meanwhile
    const call = agent.call;
    const already = call.legs.find((l) => l.role === "supervisor" && l.ext === r.ext && l.state !== "ended");
    if (already) {
      if (already.supervises !== agent.id) throw new Error(`extension ${r.ext} already supervises leg ${already.supervises}`);
      if (already.supervision !== r.mode) {
        already.supervision = r.mode;
        if (already.state === "answered") {
          this.announceSupervision(already);
          await this.track(this.listen(already));
        }
      }
      return already.id;
    }
    const lead = call.legs.find((l) => l.role === "lead" || l.role === "inbound");
    const leg = this.offerAgent(
      call,
      r.ext,
      status,
      { from: lead?.number ?? "", autoAnswer: true, vars: r.vars ?? {}, role: "supervisor" },
      (l) => {
        this.announceSupervision(l);
        this.track(this.listen(l));
      },
    );
    leg.supervises = agent.id;
    leg.supervision = r.mode;
    leg.onEnded = (l) => {
      const snoop = this.spies.get(l.id);
      this.spies.delete(l.id);
      if (snoop) this.fire("DELETE", `/channels/${seg(snoop)}`);
      this.fire("DELETE", `/bridges/${seg(spyBridgeOf(l))}`);
    };
    return leg.id;
  }

  async liveCalls(): Promise<PbxCallState[]> {
    await this.adoptChannels();
    return [...this.model.calls.values()]
      .filter((c) => !c.ended)
      .map((c) => ({
        callId: c.id,
        direction: c.direction,
        ...(c.confId ? { confId: c.confId } : {}),
        ...(c.waiting && c.did !== undefined && {
          waiting: { from: c.legs.find((l) => l.role === "inbound")?.number ?? "", did: c.did },
        }),
        legs: this.model.liveLegs(c).map((l) => ({
          legId: l.id,
          role: l.role,
          ...(l.ext ? { ext: l.ext } : {}),
          ...(l.number ? { number: l.number } : {}),
          state: l.state === "answered" ? ("answered" as const) : ("ringing" as const),
          held: l.held,
        })),
      }));
  }

  // ---------------------------------------------------------------- placing legs

  /** The agent's leg (or an advisor's, role transfer-target): refused at once when its phone is unreachable. */
  private offerAgent(
    call: AriCall,
    ext: string,
    status: ExtensionStatus,
    offer: {
      from: string;
      autoAnswer: boolean;
      vars: Record<string, string>;
      role?: "agent" | "transfer-target" | "supervisor";
      ringTimeoutMs?: number;
    },
    onAnswered: (leg: AriLeg) => void,
  ): AriLeg {
    const leg = this.model.newLeg(call, offer.role ?? "agent", { ext });
    this.model.announce(leg);
    if (!status.reachable) {
      this.model.endLeg(leg, "unavailable", { reported: true });
      return leg;
    }
    leg.onAnswered = onAnswered;
    const vars = offer.vars;
    const header = (name: string, value: string) => ({ [`PJSIP_HEADER(add,${name})`]: value });
    // The softphone reads the same headers from Asterisk's INVITE as from the embedded endpoint's (contract:
    // SIP_HEADERS); transfers it starts (REFER) are left to the application (PJSIP_TRANSFER_HANDLING).
    const variables: Record<string, string> = {
      DIALER_CALL: call.id,
      DIALER_ROLE: leg.role,
      DIALER_EXT: ext,
      "CALLERID(num)": offer.from,
      "PJSIP_TRANSFER_HANDLING()": "ari-only",
      ...header(SIP_HEADERS.callId, vars.callId ?? call.id),
      ...(vars.leadId ? header(SIP_HEADERS.leadId, vars.leadId) : {}),
      ...(vars.callType ? header(SIP_HEADERS.callType, vars.callType) : {}),
      ...header(SIP_HEADERS.autoAnswer, String(offer.autoAnswer)),
      ...(vars.talkedMs ? header(SIP_HEADERS.talkedMs, vars.talkedMs) : {}),
    };
    // A supervisor's phone waits in a bridge of its own, never the call's (it hears the call through a snoop).
    const bridgeId = leg.role === "supervisor" ? spyBridgeOf(leg) : undefined;
    this.placeLeg(call, leg, `PJSIP/${ext}`, variables, offer.ringTimeoutMs ?? this.cfg.agentRingTimeoutMs, bridgeId);
    return leg;
  }

  private dialLead(call: AriCall, agent: AriLeg, r: OriginateRequest): void {
    this.dialParty(call, "lead", r.to, r.mode, r.ringTimeoutMs ?? this.cfg.ringTimeoutMs, {
      callerId: r.callerId,
      onAnswered: (lead) => {
        call.lingerOnBusy = false;
        this.model.bridged(call, [agent.id, lead.id]);
        if (r.amd) this.track(this.startAmd(lead));
      },
    });
  }

  /** A party dialled by number through the trunk (lead, transfer target, conference party). */
  private dialParty(
    call: AriCall,
    role: "lead" | "transfer-target" | "third-party",
    number: string,
    mode: string,
    ringTimeoutMs: number,
    hooks: { onAnswered?: (leg: AriLeg) => void; onEnded?: (leg: AriLeg) => void; callerId?: string },
  ): AriLeg {
    const leg = this.model.newLeg(call, role, { number });
    if (hooks.onAnswered) leg.onAnswered = hooks.onAnswered;
    if (hooks.onEnded) leg.onEnded = hooks.onEnded;
    this.model.announce(leg);
    const endpoint = number.startsWith("*") ? `Local/${number}@default` : `PJSIP/${number}@${this.cfg.trunk}`;
    this.placeLeg(
      call,
      leg,
      endpoint,
      {
        DIALER_CALL: call.id,
        DIALER_ROLE: role,
        DIALER_NUMBER: number,
        DIALER_MODE: mode,
        ...(hooks.callerId ? { "CALLERID(num)": hooks.callerId } : {}),
      },
      ringTimeoutMs,
    );
    return leg;
  }

  /** channels/create in our application → into the call's bridge → dial (pitfall 3: wait for StasisStart). */
  private placeLeg(
    call: AriCall,
    leg: AriLeg,
    endpoint: string,
    variables: Record<string, string>,
    timeoutMs: number,
    ownBridgeId?: string,
  ): void {
    const m = this.model;
    this.track(
      (async () => {
        const gone = () => leg.state === "ended";
        try {
          if (ownBridgeId) await this.request("POST", `/bridges/${seg(ownBridgeId)}`, { type: "mixing" });
          else await this.ensureBridge(call);
          const entered = this.expectStasis(leg.id);
          await this.request("POST", "/channels/create", { endpoint, app: this.cfg.app, appArgs: `${leg.role},${call.id}`, channelId: leg.id }, { variables });
          if (!(await entered) || gone()) return;
          await this.request("POST", `/bridges/${seg(ownBridgeId ?? call.bridgeId!)}/addChannel`, { channel: leg.id });
          if (gone()) return;
          await this.request("POST", `/channels/${seg(leg.id)}/dial`, { timeout: Math.ceil(timeoutMs / 1000) });
        } catch (err) {
          if (leg.state === "ended") return; // hung up meanwhile: its channel went with it
          this.log("ARI could not place a leg", err);
          m.endLeg(leg, "failed", { reported: true });
        }
      })(),
    );
  }

  private async ensureBridge(call: AriCall): Promise<void> {
    if (call.bridgeId) return;
    call.bridgeId = `${call.id}:bridge`;
    await this.request("POST", `/bridges/${seg(call.bridgeId)}`, { type: "mixing,dtmf_events" });
  }

  /** AMD on a snoop of what the lead says, continued into the AMD context: the agent stays bridged meanwhile. */
  private async startAmd(lead: AriLeg): Promise<void> {
    const snoopId = `${lead.id}:amd`;
    this.amdSnoops.set(snoopId, lead);
    const entered = this.expectStasis(snoopId);
    await this.request("POST", `/channels/${seg(lead.id)}/snoop/${seg(snoopId)}`, { spy: "in", app: this.cfg.app, appArgs: "amd-snoop" });
    if (!(await entered)) return;
    this.inStasis.delete(snoopId);
    await this.request("POST", `/channels/${seg(snoopId)}/continue`, { context: this.cfg.amdContext, extension: "s", priority: 1 });
  }

  // ---------------------------------------------------------------- recordings

  /**
   * Asterisk finished a recording's file: it is copied into the gateway's store (then deleted on Asterisk),
   * and RecordingFinished says what the store holds, as of Asterisk's event. A recording its call's end cut
   * was reported already (recordingCut): its file is only copied. A copy that fails leaves the file on
   * Asterisk for an engineer to recover, and the recording is reported without audio.
   */
  private async keepRecording(rec: AriRecording, at: number): Promise<void> {
    if (!rec.active || this.copying.has(rec.id)) return; // a hangup cut it: keepCutRecording copies it
    const file = await this.copyRecording(rec);
    this.model.at(at, () => this.model.finishRecording(rec, file));
  }

  /**
   * A recording cut by a hangup: stopped (it may have stopped with its bridge already), then copied, without
   * waiting for RecordingFinished, which a destroyed bridge's recording may never send.
   */
  private async keepCutRecording(rec: AriRecording): Promise<void> {
    this.cutRecordings.delete(rec.id);
    try {
      await this.request("POST", `/recordings/live/${seg(rec.ariName)}/stop`);
    } catch (err) {
      if (!(err instanceof AriError && err.status === 404)) this.log("ARI could not stop a recording", err);
    }
    await this.copyRecording(rec);
  }

  private async copyRecording(rec: AriRecording): Promise<FinishedFile | null> {
    this.copying.add(rec.id);
    try {
      const copied = await copyStoredRecording(this.http, this.store!, rec.ariName, rec.name);
      return { uri: copied.key, durationMs: copied.durationMs, bytes: copied.bytes };
    } catch (err) {
      this.log(`the recording ${rec.ariName} could not be copied from Asterisk; it stays there`, err);
      return null;
    } finally {
      this.copying.delete(rec.id);
    }
  }

  // ---------------------------------------------------------------- supervision

  private supervisedLeg(legId: string): AriLeg {
    const leg = this.legOf(legId);
    if (leg.ext === undefined || leg.role === "supervisor") throw new Error(`leg ${legId} is not an agent's leg`);
    if (leg.state !== "answered") throw new Error(`leg ${legId} is not answered`);
    return leg;
  }

  private announceSupervision(leg: AriLeg): void {
    this.model.emit({ kind: "Supervision", callId: leg.call.id, legId: leg.id, agentLegId: leg.supervises!, mode: leg.supervision! });
  }

  /**
   * Bridges the supervisor's phone with a snoop of the agent's channel in the supervision's mode. A mode
   * change puts a new snoop in before the old one goes, so the supervisor hears no gap.
   */
  private async listen(sup: AriLeg): Promise<void> {
    const before = this.spies.get(sup.id);
    const snoopId = `${sup.id}:spy${++this.nextSpy}`;
    this.spies.set(sup.id, snoopId);
    const entered = this.expectStasis(snoopId);
    await this.request("POST", `/channels/${seg(sup.supervises!)}/snoop/${seg(snoopId)}`, {
      spy: "both",
      whisper: WHISPER[sup.supervision!],
      app: this.cfg.app,
      appArgs: "supervise",
    });
    if (!(await entered)) return;
    if (sup.state === "ended" || this.spies.get(sup.id) !== snoopId) {
      this.fire("DELETE", `/channels/${seg(snoopId)}`); // ended, or replaced by a later change, meanwhile
      return;
    }
    await this.request("POST", `/bridges/${seg(spyBridgeOf(sup))}/addChannel`, { channel: snoopId });
    if (before) this.fire("DELETE", `/channels/${seg(before)}`);
  }

  // ---------------------------------------------------------------- conferences

  private conferenceControl(): ConferenceControl {
    const m = this.model;
    const confCall = (confId: string): AriCall => {
      const callId = callIdOfConference(confId);
      const call = callId === undefined ? undefined : m.calls.get(callId);
      if (!call || call.confId !== confId) throw new Error(`unknown conference ${confId}`);
      return call;
    };
    const liveConf = (confId: string): AriCall => {
      const call = confCall(confId);
      if (call.ended) throw new Error(`conference ${confId} has ended`);
      return call;
    };
    const emit = (call: AriCall, action: "created" | "joined" | "left" | "kicked", legId?: string) =>
      m.emit({ kind: "Conference", callId: call.id, confId: call.confId!, action, ...(legId ? { legId } : {}) });
    const callerOf = (call: AriCall) => call.legs.find((l) => l.role === "lead" || l.role === "inbound")?.number ?? "";
    return {
      start: async (callId) => {
        const call = this.callOf(callId);
        if (call.ended) throw new Error(`call ${callId} has ended`);
        if (call.confId) return call.confId;
        call.confId = conferenceIdOf(call.id);
        emit(call, "created", m.agentOf(call)?.id);
        return call.confId;
      },
      join: async (confId, target) => {
        const call = liveConf(confId);
        return this.dialParty(call, "third-party", target, "manual", this.cfg.ringTimeoutMs, {
          onAnswered: (l) => emit(call, "joined", l.id),
        }).id;
      },
      joinAgent: async (confId, ext, opts: JoinAgentOptions = {}) => {
        liveConf(confId);
        const status = await this.getExtensionStatus(ext);
        const call = liveConf(confId);
        const already = m.agentLegs(call).find((l) => l.ext === ext);
        if (already) return already.id;
        return this.offerAgent(
          call,
          ext,
          status,
          {
            from: opts.from ?? callerOf(call),
            autoAnswer: opts.autoAnswer ?? false,
            vars: opts.vars ?? {},
            role: "transfer-target",
            ...(opts.ringTimeoutMs !== undefined ? { ringTimeoutMs: opts.ringTimeoutMs } : {}),
          },
          (l) => emit(call, "joined", l.id),
        ).id;
      },
      leave: async (confId, agentExt) => {
        const call = confCall(confId);
        const agent = m.agentLegs(call).find((l) => l.ext === agentExt);
        if (call.ended || !agent) return;
        emit(call, "left", agent.id);
        m.endLeg(agent, agent.state === "answered" ? "normal" : "canceled", { leaving: true });
      },
      kick: async (confId, legId) => {
        const call = confCall(confId);
        const leg = this.legOf(legId);
        if (leg.call !== call) throw new Error(`leg ${legId} is not in conference ${confId}`);
        if (leg.state === "ended") return;
        emit(call, "kicked", leg.id);
        m.endLeg(leg, leg.state === "answered" ? "normal" : "canceled", { leaving: true });
      },
      destroy: async (confId) => {
        m.endCall(confCall(confId), "normal");
      },
    };
  }

  // ---------------------------------------------------------------- ARI events

  private onAri(e: AriEvent): void {
    this.model.at(e.timestamp ? asteriskMs(e.timestamp) : undefined, () => this.handle(e));
  }

  private handle(e: AriEvent): void {
    switch (e.type) {
      case "StasisStart":
        return this.onStasisStart(e as Extract<AriEvent, { type: "StasisStart" }>);
      case "Dial":
        return this.onDial(e as Extract<AriEvent, { type: "Dial" }>);
      case "ChannelStateChange": {
        const ch = (e as { channel: AriChannel }).channel;
        const leg = this.model.legs.get(ch.id);
        if (leg && ch.state === "Ringing") this.model.ringing(leg);
        return;
      }
      case "ChannelDestroyed":
        return this.onDestroyed((e as Extract<AriEvent, { type: "ChannelDestroyed" }>).channel, (e as { cause: number }).cause);
      case "StasisEnd": {
        const id = (e as { channel: AriChannel }).channel.id;
        this.inStasis.delete(id);
        return;
      }
      case "EndpointStateChange": {
        const ep = (e as Extract<AriEvent, { type: "EndpointStateChange" }>).endpoint;
        if (ep.technology !== "PJSIP") return;
        const online = ep.state === "online";
        if (this.online.get(ep.resource) === online) return;
        this.online.set(ep.resource, online);
        return this.extensionChanged(ep.resource);
      }
      case "RecordingFinished":
      case "RecordingFailed": {
        const r = (e as unknown as { recording: { name: string; duration?: number } }).recording;
        const rec = this.recordingsByAri.get(r.name);
        if (!rec) return;
        if (e.type === "RecordingFailed") return this.model.finishRecording(rec, null);
        if (!this.store) {
          this.model.finishRecording(rec, { uri: `ari:recordings/stored/${r.name}`, durationMs: Math.round((r.duration ?? 0) * 1000) });
          return;
        }
        this.track(this.keepRecording(rec, this.model.now()));
        return;
      }
      case "PlaybackFinished": {
        const p = (e as unknown as { playback: { id: string } }).playback;
        const call = this.playbacks.get(p.id);
        if (call && call.playback?.id === p.id) this.model.finishPlayback(call, "done");
        return;
      }
      default:
        return;
    }
  }

  private onStasisStart(e: Extract<AriEvent, { type: "StasisStart" }>): void {
    const ch = e.channel;
    const [kind, ...args] = e.args;
    if (kind === "amd") {
      const lead = this.amdSnoops.get(ch.id);
      this.amdSnoops.delete(ch.id);
      if (lead && lead.state === "answered")
        this.model.emit({ kind: "AmdResult", callId: lead.call.id, legId: lead.id, result: amdVerdictOf(args[0] ?? ""), cause: args[1] ?? "" });
      this.fire("DELETE", `/channels/${seg(ch.id)}`);
      return;
    }
    if (kind === "inbound" && !this.model.legs.has(ch.id)) return this.onInbound(ch, args[0] ?? "");
    this.inStasis.add(ch.id);
    for (const w of this.stasisWaiters.get(ch.id) ?? []) w(true);
    this.stasisWaiters.delete(ch.id);
  }

  private onInbound(ch: AriChannel, did: string): void {
    const m = this.model;
    const callId = `in-${ch.id}`;
    if (m.isUsed(callId)) return; // a duplicated StasisStart
    const call = m.createCall(callId, "inbound");
    call.waiting = true;
    call.did = did;
    this.inStasis.add(ch.id);
    const caller = m.newLeg(call, "inbound", { number: ch.caller.number }, ch.id);
    m.emit({ kind: "InboundCall", callId, legId: caller.id, from: ch.caller.number, did, targetExt: null });
    m.announce(caller);
    m.ringing(caller);
    this.track(
      (async () => {
        await this.ensureBridge(call);
        await this.request("POST", `/channels/${seg(ch.id)}/ring`);
      })(),
    );
  }

  private onDial(e: Extract<AriEvent, { type: "Dial" }>): void {
    const leg = this.model.legs.get(e.peer.id);
    if (!leg || leg.state === "ended") return;
    if (e.dialstatus === "RINGING" || e.dialstatus === "PROGRESS") return this.model.ringing(leg);
    if (e.dialstatus === "ANSWER") return this.model.answer(leg);
    // A failed dial: ChannelDestroyed follows with the Q.850 cause, the more exact of the two; the dial
    // status is kept for a cause that says nothing (0 or 16 on a leg that never answered).
    const cause = causeOfDialStatus(e.dialstatus);
    if (cause) this.dialFailures.set(leg.id, cause);
  }

  private onDestroyed(ch: AriChannel, q850: number): void {
    this.inStasis.delete(ch.id);
    for (const w of this.stasisWaiters.get(ch.id) ?? []) w(false);
    this.stasisWaiters.delete(ch.id);
    const lead = this.amdSnoops.get(ch.id);
    if (lead) this.amdSnoops.delete(ch.id);
    const leg = this.model.legs.get(ch.id);
    if (!leg || leg.state === "ended") return;
    const answered = leg.state === "answered";
    const dialFailure = this.dialFailures.get(leg.id);
    this.dialFailures.delete(leg.id);
    const vague = q850 === 0 || q850 === 16;
    const cause =
      !answered && vague && dialFailure
        ? dialFailure
        : causeOfQ850(q850, { answered, ringing: leg.state === "ringing", inbound: leg.role === "inbound" });
    this.model.endLeg(leg, cause, { reported: true });
  }

  // ---------------------------------------------------------------- reconciliation (pitfall 1)

  /** After a reconnection: what Asterisk has now is the truth; legs that vanished meanwhile ended. */
  private async reconcile(): Promise<void> {
    const channels = await this.http.request<AriChannel[]>("GET", "/channels");
    const present = new Map(channels.map((c) => [c.id, c]));
    for (const call of [...this.model.calls.values()]) {
      if (call.ended) continue;
      for (const leg of this.model.liveLegs(call)) {
        const ch = present.get(leg.id);
        if (!ch) this.onDestroyed({ id: leg.id } as AriChannel, 0);
        else if (ch.state === "Up" && leg.state !== "answered") this.model.answer(leg);
      }
    }
  }

  /** A gateway that starts: the calls Asterisk still has, rebuilt from our channel ids and variables. */
  private async adoptChannels(): Promise<void> {
    const channels = await this.http.request<AriChannel[]>("GET", "/channels");
    const adopted = new Set<AriCall>();
    for (const ch of channels) {
      if (this.model.legs.has(ch.id)) continue;
      if (this.isInboundCaller(ch)) {
        adopted.add(this.adoptInboundCaller(ch));
        continue;
      }
      const m = /^(.+):L(\d+)$/.exec(ch.id);
      if (!m) continue;
      const vars = await this.variables(ch.id, ["DIALER_ROLE", "DIALER_EXT", "DIALER_NUMBER"]);
      const callId = m[1]!;
      let call = this.model.calls.get(callId);
      if (!call) adopted.add((call = this.model.createCall(callId, callId.startsWith("in-") ? "inbound" : "outbound")));
      call.bridgeId ??= `${callId}:bridge`;
      const role = (vars.DIALER_ROLE || "lead") as AriLeg["role"];
      const leg = this.model.newLeg(call, role, { ...(vars.DIALER_EXT ? { ext: vars.DIALER_EXT } : {}), ...(vars.DIALER_NUMBER ? { number: vars.DIALER_NUMBER } : {}) }, ch.id);
      leg.state = ch.state === "Up" ? "answered" : "ringing";
      call.legCount = Math.max(call.legCount, Number(m[2]));
      this.inStasis.add(ch.id);
      // Only a conference dials a party or rings another agent in (a blind transfer's target has no ext): the
      // call was one, under the id conference.start gave it.
      if (role === "third-party" || (role === "transfer-target" && leg.ext !== undefined)) call.confId ??= conferenceIdOf(callId);
    }
    // A leg waiting in its call's holding bridge was held (the lead during a consult).
    if (adopted.size > 0)
      for (const b of await this.http.request<AriBridge[]>("GET", "/bridges")) {
        const call = this.model.calls.get(b.id.replace(/:hold$/, ""));
        if (!b.id.endsWith(":hold") || !call || !adopted.has(call)) continue;
        call.holdingId = b.id;
        for (const leg of call.legs) if (b.channels.includes(leg.id)) leg.held = true;
      }
    // Only agents left: the lead and every party went while no gateway listened, and nobody hung the agents up
    // (SimPbx ends such a call at once). It is over: its channels go, and no gateway is told of it.
    for (const call of adopted) {
      if (call.legs.some((l) => l.ext === undefined)) continue;
      for (const leg of call.legs) {
        leg.state = "ended";
        this.fire("DELETE", `/channels/${seg(leg.id)}`);
      }
      call.ended = true;
      this.fire("DELETE", `/bridges/${seg(call.bridgeId!)}`);
    }
  }

  /** A caller our dialplan sent in with `Stasis({app},inbound,${EXTEN})`: Asterisk named its channel. */
  private isInboundCaller(ch: AriChannel): boolean {
    return ch.dialplan?.app_name === "Stasis" && (ch.dialplan.app_data ?? "").startsWith(`${this.cfg.app},inbound`);
  }

  /** The inbound call of a caller's channel (`in-{channelId}`, as onInbound names it), with the caller's leg. */
  private adoptInboundCaller(ch: AriChannel): AriCall {
    const callId = `in-${ch.id}`;
    const call = this.model.calls.get(callId) ?? this.model.createCall(callId, "inbound");
    call.bridgeId ??= `${callId}:bridge`;
    const caller = this.model.newLeg(call, "inbound", { number: ch.caller.number }, ch.id);
    // The caller's channel is answered when an agent answers; until then the call waits for one.
    caller.state = ch.state === "Up" ? "answered" : "ringing";
    call.waiting = caller.state !== "answered";
    // Stasis({app},inbound,${EXTEN}): the number the caller dialled.
    call.did ??= (ch.dialplan?.app_data ?? "").split(",")[2];
    this.inStasis.add(ch.id);
    return call;
  }

  private async variables(channelId: string, names: string[]): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const variable of names) {
      try {
        out[variable] = (await this.http.request<{ value: string }>("GET", `/channels/${seg(channelId)}/variable`, { variable })).value;
      } catch {
        out[variable] = "";
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- plumbing

  private callOf(callId: string): AriCall {
    const c = this.model.calls.get(callId);
    if (!c) throw new Error(`unknown call ${callId}`);
    return c;
  }

  private legOf(legId: string): AriLeg {
    const l = this.model.legs.get(legId);
    if (!l) throw new Error(`unknown leg ${legId}`);
    return l;
  }

  /** Resolves true when the channel is in our application, false if it is destroyed first. */
  private expectStasis(channelId: string): Promise<boolean> {
    if (this.inStasis.has(channelId)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const list = this.stasisWaiters.get(channelId) ?? [];
      list.push(resolve);
      this.stasisWaiters.set(channelId, list);
    });
  }

  private request<T = unknown>(method: string, path: string, query?: Query, body?: unknown): Promise<T> {
    return this.http.request<T>(method, path, query, body);
  }

  /** A request whose failure is only logged: the thing it undoes is gone already (404) or will be reconciled. */
  private fire(method: string, path: string, query?: Query): void {
    this.track(
      this.request(method, path, query).then(
        () => {},
        (err: unknown) => {
          if (!(err instanceof AriError && err.status === 404)) this.log(`ARI ${method} failed`, err);
        },
      ),
    );
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.pendingWork++;
    const done = () => {
      this.pendingWork--;
      if (this.pendingWork === 0) for (const w of this.idleWaiters.splice(0)) w();
    };
    p.then(done, (err: unknown) => {
      done();
      this.log("ARI work failed", err);
    });
    return p;
  }
}
