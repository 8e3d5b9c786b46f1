// The extension registry (telephony.md §2 "Extensions"): a WebRTC extension is reachable only while
// registered (a REGISTER that has not expired); an external desk phone (Bria) is reachable while open, and
// is open by default. Do-not-disturb is kept per extension. Every change emits an ExtensionState event.
import type { Clock, ClockTimer } from "../../../src/shared/clock";
import type { ExtensionStatus, ExtensionVia } from "../driver";
import type { EventBus } from "./bus";

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

export class ExtensionRegistry {
  private readonly extensions = new Map<string, ExtensionRecord>();

  constructor(
    private readonly clock: Clock,
    private readonly bus: EventBus,
    private readonly directory?: ExtensionDirectory,
  ) {}

  /** Declares an extension (configuration). An existing one keeps its state unless `via` changes. */
  provision(ext: string, via: ExtensionVia): void {
    const existing = this.extensions.get(ext);
    if (existing?.via === via) return;
    if (existing?.expiryTimer) this.clock.clearTimeout(existing.expiryTimer);
    this.extensions.set(ext, { via, open: true, dnd: existing?.dnd ?? false });
    this.changed(ext);
  }

  async register(ext: string, expiresMs?: number): Promise<void> {
    let r = await this.record(ext);
    // A softphone registering an extension known as a desk phone: the account may have been given WebRTC since
    // (its page's hello may come after the REGISTER); ask the directory again rather than ignore the softphone.
    if (r && r.via !== "webrtc" && this.directory && (await this.directory(ext)) === "webrtc") {
      this.provision(ext, "webrtc");
      r = this.extensions.get(ext);
    }
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

  /** The status, provisioning the extension from the directory the first time it is named. */
  async status(ext: string, inCall = false): Promise<ExtensionStatus> {
    await this.record(ext);
    return this.statusNow(ext, inCall);
  }

  /** The status of extensions already known (unknown ones read as unknown). */
  statusNow(ext: string, inCall = false): ExtensionStatus {
    const r = this.extensions.get(ext);
    if (!r)
      return {
        ext,
        known: false,
        via: null,
        registered: false,
        reachable: false,
        dnd: false,
        contacts: 0,
        inCall,
      };
    const registered = this.isRegistered(r);
    return {
      ext,
      known: true,
      via: r.via,
      registered,
      reachable: registered,
      dnd: r.dnd,
      contacts: registered ? 1 : 0,
      inCall,
    };
  }

  close(): void {
    for (const r of this.extensions.values()) if (r.expiryTimer) this.clock.clearTimeout(r.expiryTimer);
  }

  private isRegistered(r: ExtensionRecord): boolean {
    if (r.via === "external") return r.open;
    return r.registeredUntil !== undefined && this.clock.now() < r.registeredUntil;
  }

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
    this.bus.emit({ kind: "ExtensionState", ext, via: r.via, registered, reachable: registered, dnd: r.dnd });
  }
}
