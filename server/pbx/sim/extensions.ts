// SimPbx, extension part (reference/telephony.md §2): a deterministic registry of extensions on an
// injected clock. A WebRTC extension is reachable only while registered (a REGISTER that has not expired);
// an external desk phone (Bria) is reachable while open, and is open by default. Do-not-disturb is kept
// per extension. Every change emits an ExtensionState event with a sequence number and the clock's time.
import type { Clock, ClockTimer } from "../../../src/core/clock";
import type { ExtensionStatus, ExtensionVia, PbxDriver, PbxEvent, PbxEventListener } from "../driver";

interface ExtensionRecord {
  via: ExtensionVia;
  /** WebRTC: registration expiry (ms since epoch), Infinity without expiry, undefined when unregistered. */
  registeredUntil?: number;
  expiryTimer?: ClockTimer;
  /** External phones: open (reachable) or closed. */
  open: boolean;
  dnd: boolean;
}

/** Tells the simulated PBX how an extension it has not seen yet is provisioned (null: no such extension). */
export type ExtensionDirectory = (ext: string) => Promise<ExtensionVia | null>;

export interface SimPbxOptions {
  clock: Clock;
  directory?: ExtensionDirectory;
  /**
   * Stand-in for the SIP-over-WebSocket edge, which a later issue adds: while it is absent, a WebRTC
   * extension counts as registered while its agent's socket has said hello with hasWebRtc (the softphone
   * lives in that same tab). Off once a real registrar feeds register()/unregister().
   */
  softphoneFollowsSocket?: boolean;
}

export class SimPbx implements PbxDriver {
  readonly name = "sim";
  readonly softphoneFollowsSocket: boolean;
  private readonly clock: Clock;
  private readonly directory?: ExtensionDirectory;
  private readonly extensions = new Map<string, ExtensionRecord>();
  private readonly listeners = new Set<PbxEventListener>();
  private seq = 0;

  constructor(opts: SimPbxOptions) {
    this.clock = opts.clock;
    this.directory = opts.directory;
    this.softphoneFollowsSocket = opts.softphoneFollowsSocket ?? true;
  }

  async connect(): Promise<void> {}

  async close(): Promise<void> {
    for (const r of this.extensions.values()) if (r.expiryTimer) this.clock.clearTimeout(r.expiryTimer);
    this.listeners.clear();
  }

  onEvent(listener: PbxEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Declares an extension (configuration). An existing one keeps its state unless `via` changes. */
  provision(ext: string, via: ExtensionVia): void {
    const existing = this.extensions.get(ext);
    if (existing?.via === via) return;
    if (existing?.expiryTimer) this.clock.clearTimeout(existing.expiryTimer);
    this.extensions.set(ext, { via, open: true, dnd: existing?.dnd ?? false });
    this.changed(ext);
  }

  /** A WebRTC REGISTER; `expiresMs` as the registrar granted it (undefined: until unregistered). */
  async register(ext: string, expiresMs?: number): Promise<void> {
    const r = await this.record(ext);
    if (!r || r.via !== "webrtc") return;
    if (r.expiryTimer) this.clock.clearTimeout(r.expiryTimer);
    r.expiryTimer = undefined;
    r.registeredUntil = expiresMs === undefined ? Infinity : this.clock.now() + expiresMs;
    if (expiresMs !== undefined) {
      r.expiryTimer = this.clock.setTimeout(() => {
        r.expiryTimer = undefined;
        r.registeredUntil = undefined;
        this.changed(ext);
      }, expiresMs);
    }
    this.changed(ext);
  }

  async unregister(ext: string): Promise<void> {
    const r = await this.record(ext);
    if (!r || r.via !== "webrtc" || r.registeredUntil === undefined) return;
    if (r.expiryTimer) this.clock.clearTimeout(r.expiryTimer);
    r.expiryTimer = undefined;
    r.registeredUntil = undefined;
    this.changed(ext);
  }

  /** Opens or closes an external desk phone (Bria started or quit). */
  async setPhoneOpen(ext: string, open: boolean): Promise<void> {
    const r = await this.record(ext);
    if (!r || r.via !== "external" || r.open === open) return;
    r.open = open;
    this.changed(ext);
  }

  async setDnd(ext: string, on: boolean): Promise<void> {
    const r = await this.record(ext);
    if (!r || r.dnd === on) return;
    r.dnd = on;
    this.changed(ext);
  }

  async getExtensionStatus(ext: string): Promise<ExtensionStatus> {
    const r = await this.record(ext);
    if (!r) return { ext, known: false, via: null, registered: false, reachable: false, dnd: false, contacts: 0, inCall: false };
    const registered = this.isRegistered(r);
    return { ext, known: true, via: r.via, registered, reachable: registered, dnd: r.dnd, contacts: registered ? 1 : 0, inCall: false };
  }

  private isRegistered(r: ExtensionRecord): boolean {
    if (r.via === "external") return r.open;
    return r.registeredUntil !== undefined && this.clock.now() < r.registeredUntil;
  }

  /** The extension's record, provisioning it from the directory the first time it is named. */
  private async record(ext: string): Promise<ExtensionRecord | undefined> {
    const known = this.extensions.get(ext);
    if (known) return known;
    const via = this.directory ? await this.directory(ext) : null;
    if (!via) return undefined;
    // Another caller may have provisioned it while the directory answered.
    if (!this.extensions.has(ext)) this.extensions.set(ext, { via, open: true, dnd: false });
    return this.extensions.get(ext);
  }

  private changed(ext: string): void {
    const r = this.extensions.get(ext);
    if (!r) return;
    const registered = this.isRegistered(r);
    const event: PbxEvent = { kind: "ExtensionState", seq: ++this.seq, ts: this.clock.now(), ext, via: r.via, registered, reachable: registered, dnd: r.dnd };
    for (const l of this.listeners) l(event);
  }
}
