// The fake's Asterisk: channels, bridges, recordings, playbacks, endpoints, device states and the Stasis
// applications with their ref-counted subscriptions. It owns the state and the event fan-out; the operations
// live in modelChannels/modelBridges/modelMedia/modelPresence. Events are built from fresh snapshots at the
// moment they happen (as Asterisk's stasis messages carry snapshots) and go only to the apps Asterisk would
// send them to: an app subscribed to one of the event's sources (channel:, bridge:, endpoint:, deviceState:).
import type { Clock, ClockTimer } from "../../../../src/shared/clock";
import { causeText } from "./causes";
import type { FakeWorld } from "./world";

export type ChannelStateName = "Down" | "Ring" | "Ringing" | "Up";
export interface CallerId {
  name: string;
  number: string;
}
export interface Dialplan {
  context: string;
  exten: string;
  priority: number;
  app_name: string;
  app_data: string;
}

export interface FakeChannel {
  id: string;
  name: string;
  /** "PJSIP/1001", "PJSIP/+1555…@trunk", "Snoop/…". */
  endpoint: string;
  state: ChannelStateName;
  caller: CallerId;
  connected: CallerId;
  dialplan: Dialplan;
  creationtime: number;
  language: string;
  vars: Map<string, string>;
  /** Variables given at create/originate, for the world. */
  createdVars: Record<string, string>;
  /** The Stasis app the channel is in, once StasisStart was sent. */
  stasisApp: string | null;
  /** channels/create: in Stasis but never dialled; only these may be dialled (409 "Dialing a channel not created by ARI"). */
  createdByAri: boolean;
  dialled: boolean;
  bridgeId: string | null;
  held: boolean;
  moh: string | null;
  /** What happens when the far end answers: run Stasis(app,args) or the dialplan (context dialer-amd). */
  onAnswer: { app: string; args: string[] } | { context: string; exten: string; priority: number } | null;
  timers: ClockTimer[];
  /** The spied channel, for Snoop/… channels. */
  snoopOf: string | null;
  destroyed: boolean;
}

export interface FakeBridge {
  id: string;
  technology: string;
  bridge_type: "mixing" | "holding";
  bridge_class: string;
  creator: string;
  name: string;
  channels: string[];
  creationtime: number;
  video_mode: string;
  moh: string | null;
  /** Recordings running on this bridge, by name. */
  recordings: Set<string>;
}

export interface FakeRecording {
  name: string;
  format: string;
  target_uri: string;
  state: "queued" | "recording" | "paused" | "done" | "failed" | "canceled";
  cause?: string;
  startedAt: number;
  /** Time spent paused so far, and since when it is paused. */
  pausedMs: number;
  pausedAt: number | null;
  maxDurationTimer: ClockTimer | null;
  /** The channel or bridge the events go to. */
  source: string;
}

export interface FakePlayback {
  id: string;
  media_uri: string;
  target_uri: string;
  language: string;
  state: "queued" | "playing" | "done" | "failed";
  timer: ClockTimer | null;
  source: string;
}

export interface FakeEndpoint {
  technology: string;
  resource: string;
  state: "unknown" | "offline" | "online";
}

export interface FakeApp {
  name: string;
  /** Event source → reference count (StasisStart, bridge membership and explicit subscriptions each hold one). */
  subs: Map<string, number>;
  subscribeAll: boolean;
}

export type AriEvent = Record<string, unknown> & { type: string; application: string; timestamp: string };
export type EventSink = (app: string, event: AriEvent) => void;

export interface ModelOptions {
  clock: Clock;
  world: FakeWorld;
  /** The dialplan context whose `s,1` runs AMD() then Stasis(dialer,amd,…) (default "dialer-amd"). */
  amdContext?: string;
  /** ari.conf `channelvars`: variables every Channel snapshot carries. */
  channelvars?: string[];
  asteriskId?: string;
  /** `language` of new channels (default "en"). */
  language?: string;
}

/** `2026-01-05T14:00:00.000+0000`, as Asterisk prints (AST_ISO8601_FORMAT in UTC). */
export function asteriskTime(ms: number): string {
  return new Date(ms).toISOString().replace("Z", "+0000");
}

export class AsteriskModel {
  readonly clock: Clock;
  readonly world: FakeWorld;
  /**
   * Objects pushed through ARI push configuration (`/asterisk/config/dynamic`), by `class/type/id`. Only
   * res_pjsip auth objects are writable: the deployment's sorcery.conf gives them a memory store (docs/deploy.md).
   */
  readonly sorcery = new Map<string, Array<{ attribute: string; value: string }>>();
  readonly amdContext: string;
  readonly asteriskId: string;
  readonly language: string;
  readonly channelvars: string[];
  readonly channels = new Map<string, FakeChannel>();
  readonly bridges = new Map<string, FakeBridge>();
  readonly recordings = new Map<string, FakeRecording>();
  /** Stored recordings: name → format and length (ms). */
  readonly stored = new Map<string, { format: string; durationMs: number }>();
  readonly playbacks = new Map<string, FakePlayback>();
  readonly endpoints = new Map<string, FakeEndpoint>();
  readonly deviceStates = new Map<string, string>();
  readonly apps = new Map<string, FakeApp>();
  /** Bridge ids ever used: Asterisk refuses none, but reuse is a driver bug worth seeing (asterisk#211). */
  readonly usedBridgeIds = new Set<string>();
  sink: EventSink = () => {};
  private seq = 0;
  private idSeq = 0;

  constructor(opts: ModelOptions) {
    this.clock = opts.clock;
    this.world = opts.world;
    this.amdContext = opts.amdContext ?? "dialer-amd";
    this.asteriskId = opts.asteriskId ?? "02:42:ac:11:00:02";
    this.language = opts.language ?? "en";
    this.channelvars = opts.channelvars ?? [];
  }

  // ------------------------------------------------------------ ids

  /** A uniqueid the way Asterisk makes one: `<epoch seconds>.<sequence>`. */
  newUniqueId(): string {
    return `${Math.floor(this.clock.now() / 1000)}.${++this.idSeq}`;
  }
  /** The `-0000000a` suffix of channel names. */
  nextChannelSuffix(): string {
    return (++this.seq).toString(16).padStart(8, "0");
  }

  // ------------------------------------------------------------ apps and subscriptions

  app(name: string): FakeApp {
    let a = this.apps.get(name);
    if (!a) {
      a = { name, subs: new Map(), subscribeAll: false };
      this.apps.set(name, a);
    }
    return a;
  }
  subscribe(app: string, source: string): void {
    const a = this.app(app);
    a.subs.set(source, (a.subs.get(source) ?? 0) + 1);
  }
  unsubscribe(app: string, source: string): void {
    const a = this.apps.get(app);
    const n = a?.subs.get(source) ?? 0;
    if (!a || n === 0) return;
    if (n === 1) a.subs.delete(source);
    else a.subs.set(source, n - 1);
  }
  /** A source that no longer exists drops out of every app (a destroyed channel or bridge). */
  forgetSource(source: string): void {
    for (const a of this.apps.values()) a.subs.delete(source);
  }
  private wants(a: FakeApp, sources: string[]): boolean {
    if (a.subscribeAll) return true;
    return sources.some((s) => {
      if ((a.subs.get(s) ?? 0) > 0) return true;
      // endpoint:PJSIP subscribes to every PJSIP endpoint.
      const m = /^endpoint:([^/]+)\//.exec(s);
      return m !== null && (a.subs.get(`endpoint:${m[1]}`) ?? 0) > 0;
    });
  }

  /** Sends `type` with `body` to every app subscribed to one of `sources` (or only to `onlyApp`, for StasisStart/End). */
  publish(sources: string[], type: string, body: Record<string, unknown>, onlyApp?: string): void {
    const timestamp = asteriskTime(this.clock.now());
    for (const a of this.apps.values()) {
      if (onlyApp !== undefined ? a.name !== onlyApp : !this.wants(a, sources)) continue;
      this.sink(a.name, { type, timestamp, ...body, asterisk_id: this.asteriskId, application: a.name });
    }
  }
  publishChannel(ch: FakeChannel, type: string, extra: Record<string, unknown> = {}): void {
    this.publish([`channel:${ch.id}`], type, { ...extra, channel: this.channelJson(ch) });
  }

  // ------------------------------------------------------------ snapshots

  channelJson(ch: FakeChannel): Record<string, unknown> {
    const json: Record<string, unknown> = {
      id: ch.id,
      name: ch.name,
      state: ch.state,
      protocol_id: ch.endpoint.startsWith("PJSIP/") ? `${ch.id}@fake-ari` : "",
      caller: { ...ch.caller },
      connected: { ...ch.connected },
      accountcode: "",
      dialplan: { ...ch.dialplan },
      creationtime: asteriskTime(ch.creationtime),
      language: ch.language,
    };
    if (this.channelvars.length > 0) {
      json.channelvars = Object.fromEntries(this.channelvars.map((v) => [v, ch.vars.get(v) ?? ""]));
    }
    return json;
  }
  bridgeJson(b: FakeBridge): Record<string, unknown> {
    return {
      id: b.id,
      technology: b.technology,
      bridge_type: b.bridge_type,
      bridge_class: b.bridge_class,
      creator: b.creator,
      name: b.name,
      channels: [...b.channels],
      creationtime: asteriskTime(b.creationtime),
      video_mode: b.video_mode,
    };
  }
  endpointJson(tech: string, resource: string): Record<string, unknown> {
    const e = this.endpoints.get(`${tech}/${resource}`);
    const prefix = `${tech}/${resource}`;
    const channelIds = [...this.channels.values()]
      .filter((c) => !c.destroyed && (c.endpoint === prefix || c.endpoint.endsWith(`@${resource}`)))
      .map((c) => c.id);
    return { technology: tech, resource, state: e?.state ?? "unknown", channel_ids: channelIds };
  }
  recordingJson(r: FakeRecording): Record<string, unknown> {
    const json: Record<string, unknown> = { name: r.name, format: r.format, target_uri: r.target_uri, state: r.state };
    if (r.state === "done" || r.state === "canceled") {
      const secs = Math.round(this.recordedMs(r) / 1000);
      Object.assign(json, { duration: secs, talking_duration: secs, silence_duration: 0 });
    }
    if (r.cause !== undefined) json.cause = r.cause;
    return json;
  }
  recordedMs(r: FakeRecording): number {
    const pausedNow = r.pausedAt !== null ? this.clock.now() - r.pausedAt : 0;
    return Math.max(0, this.clock.now() - r.startedAt - r.pausedMs - pausedNow);
  }
  playbackJson(p: FakePlayback): Record<string, unknown> {
    return { id: p.id, media_uri: p.media_uri, target_uri: p.target_uri, language: p.language, state: p.state };
  }

  // ------------------------------------------------------------ channel life

  setState(ch: FakeChannel, state: ChannelStateName): void {
    if (ch.state === state) return;
    ch.state = state;
    this.publishChannel(ch, "ChannelStateChange");
  }

  /** The channel enters Stasis(app, args): subscribe the app, then StasisStart to that app only. */
  enterStasis(ch: FakeChannel, app: string, args: string[]): void {
    ch.stasisApp = app;
    ch.dialplan = { ...ch.dialplan, app_name: "Stasis", app_data: [app, ...args].join(",") };
    this.subscribe(app, `channel:${ch.id}`);
    this.publish([], "StasisStart", { args, channel: this.channelJson(ch) }, app);
  }

  /** StasisEnd to the channel's app; the Stasis subscription is kept until the channel is destroyed (hangup). */
  leaveStasis(ch: FakeChannel, keepSubscription: boolean): void {
    const app = ch.stasisApp;
    if (app === null) return;
    ch.stasisApp = null;
    this.publish([], "StasisEnd", { channel: this.channelJson(ch) }, app);
    if (!keepSubscription) this.unsubscribe(app, `channel:${ch.id}`);
  }

  clearTimers(ch: FakeChannel): void {
    for (const t of ch.timers) this.clock.clearTimeout(t);
    ch.timers = [];
  }
  later(ch: FakeChannel, ms: number, fn: () => void): void {
    ch.timers.push(this.clock.setTimeout(() => {
      if (!ch.destroyed) fn();
    }, ms));
  }

  /**
   * Hangs a channel up the way Asterisk orders it: ChannelHangupRequest (for a request: DELETE or a far-end
   * BYE), leave its bridge (ChannelLeftBridge), StasisEnd, ChannelDestroyed with the cause, then the channel's
   * subscriptions go. Snoop channels of it die with it.
   */
  hangup(ch: FakeChannel, cause: number, how: { request: boolean; soft?: boolean }): void {
    if (ch.destroyed) return;
    this.clearTimers(ch);
    if (ch.state !== "Up" && ch.dialled) this.world.cancelled?.(ch.id);
    if (how.request) {
      this.publishChannel(ch, "ChannelHangupRequest", how.soft ? { cause, soft: true } : { cause });
    }
    for (const r of this.recordings.values()) {
      if (r.source === `channel:${ch.id}` && (r.state === "recording" || r.state === "paused")) this.finishRecording(r);
    }
    for (const p of this.playbacks.values()) if (p.source === `channel:${ch.id}`) this.finishPlayback(p);
    if (ch.bridgeId !== null) this.leaveBridge(ch);
    const stasisApp = ch.stasisApp;
    this.leaveStasis(ch, true);
    ch.destroyed = true;
    this.publishChannel(ch, "ChannelDestroyed", { cause, cause_txt: causeText(cause) });
    if (stasisApp !== null) this.unsubscribe(stasisApp, `channel:${ch.id}`);
    this.forgetSource(`channel:${ch.id}`);
    this.channels.delete(ch.id);
    for (const snoop of [...this.channels.values()]) {
      if (snoop.snoopOf === ch.id) this.hangup(snoop, 16, { request: true, soft: true });
    }
  }

  // ------------------------------------------------------------ bridge membership

  joinBridge(ch: FakeChannel, b: FakeBridge): void {
    if (ch.bridgeId === b.id) return;
    if (ch.bridgeId !== null) this.leaveBridge(ch);
    ch.bridgeId = b.id;
    b.channels.push(ch.id);
    // A Stasis channel entering a bridge subscribes its app to the bridge (res_stasis.c bridge_stasis_push).
    if (ch.stasisApp !== null) this.subscribe(ch.stasisApp, `bridge:${b.id}`);
    this.publish([`bridge:${b.id}`, `channel:${ch.id}`], "ChannelEnteredBridge", {
      bridge: this.bridgeJson(b),
      channel: this.channelJson(ch),
    });
  }
  /** `keepSubscription`: a bridge being destroyed keeps its apps until BridgeDestroyed has gone out. */
  leaveBridge(ch: FakeChannel, keepSubscription = false): void {
    const b = ch.bridgeId !== null ? this.bridges.get(ch.bridgeId) : undefined;
    ch.bridgeId = null;
    if (!b) return;
    b.channels = b.channels.filter((id) => id !== ch.id);
    this.publish([`bridge:${b.id}`, `channel:${ch.id}`], "ChannelLeftBridge", {
      bridge: this.bridgeJson(b),
      channel: this.channelJson(ch),
    });
    if (ch.stasisApp !== null && !keepSubscription) this.unsubscribe(ch.stasisApp, `bridge:${b.id}`);
  }

  // ------------------------------------------------------------ media endings (shared by hangup and stop)

  finishRecording(r: FakeRecording, state: "done" | "canceled" = "done"): void {
    if (r.maxDurationTimer) this.clock.clearTimeout(r.maxDurationTimer);
    if (r.pausedAt !== null) {
      r.pausedMs += this.clock.now() - r.pausedAt;
      r.pausedAt = null;
    }
    r.state = state;
    this.recordings.delete(r.name);
    for (const b of this.bridges.values()) b.recordings.delete(r.name);
    if (state === "done") this.stored.set(r.name, { format: r.format, durationMs: this.recordedMs(r) });
    this.publish([r.source], "RecordingFinished", { recording: this.recordingJson(r) });
  }
  finishPlayback(p: FakePlayback): void {
    if (p.timer) this.clock.clearTimeout(p.timer);
    p.state = "done";
    this.playbacks.delete(p.id);
    this.publish([p.source], "PlaybackFinished", { playback: this.playbackJson(p) });
  }
}
