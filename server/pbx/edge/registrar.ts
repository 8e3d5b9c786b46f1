// Who is registered where: one contact per extension (the newest REGISTER wins), bound to the WebSocket it
// came over, expiring on a real timer (the edge is I/O; the PBX model keeps its own clock). Every change is
// fed to the PBX, which turns it into ExtensionState events.

export interface RegistrationFeed {
  register(ext: string, expiresMs?: number): Promise<void>;
  unregister(ext: string): Promise<void>;
}

export interface Binding<C> {
  ext: string;
  conn: C;
  /** The Contact URI requests to this softphone go to. */
  contactUri: string;
  /** The Contact header value as the softphone sent it (echoed in the 200). */
  contact: string;
  expiresAt: number;
  timer: NodeJS.Timeout;
}

export class Registrar<C> {
  private readonly bindings = new Map<string, Binding<C>>();
  /** PBX updates of one extension run in order (register then unregister must not cross). */
  private readonly chains = new Map<string, Promise<void>>();

  constructor(
    private readonly feed: RegistrationFeed,
    private readonly log: (msg: string, err?: unknown) => void,
    private readonly onExpired: (b: Binding<C>) => void = () => {},
  ) {}

  bind(ext: string, conn: C, contactUri: string, contact: string, expiresSec: number): void {
    const old = this.bindings.get(ext);
    if (old) clearTimeout(old.timer);
    const ms = expiresSec * 1000;
    const binding: Binding<C> = {
      ext,
      conn,
      contactUri,
      contact,
      expiresAt: Date.now() + ms,
      timer: setTimeout(() => {
        if (this.bindings.get(ext) !== binding) return;
        this.bindings.delete(ext);
        this.onExpired(binding);
        this.push(() => this.feed.unregister(ext), ext);
      }, ms),
    };
    binding.timer.unref();
    this.bindings.set(ext, binding);
    this.push(() => this.feed.register(ext, ms), ext);
  }

  /** Ends the extension's registration; with `conn`, only when it is still bound to that connection. */
  remove(ext: string, conn?: C): void {
    const b = this.bindings.get(ext);
    if (!b || (conn !== undefined && b.conn !== conn)) return;
    clearTimeout(b.timer);
    this.bindings.delete(ext);
    this.push(() => this.feed.unregister(ext), ext);
  }

  /** A WebSocket closed: its contacts are gone. */
  dropConnection(conn: C): void {
    for (const b of [...this.bindings.values()]) if (b.conn === conn) this.remove(b.ext, conn);
  }

  lookup(ext: string): Binding<C> | undefined {
    const b = this.bindings.get(ext);
    return b && b.expiresAt > Date.now() ? b : undefined;
  }

  /** Stops the timers; the PBX closes with the gateway, so nothing is fed. */
  close(): void {
    for (const b of this.bindings.values()) clearTimeout(b.timer);
    this.bindings.clear();
  }

  private push(op: () => Promise<void>, ext: string): void {
    const next = (this.chains.get(ext) ?? Promise.resolve())
      .then(op)
      .catch((e: unknown) => this.log(`registrar: PBX update of ${ext} failed`, e));
    this.chains.set(ext, next);
    void next.then(() => {
      if (this.chains.get(ext) === next) this.chains.delete(ext);
    });
  }

  /** Resolves once every PBX update issued so far has run (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.chains.values()]);
  }
}
