// PostgreSQL's LISTEN/NOTIFY for the gateway: what the database announces (a trigger's pg_notify, at the commit)
// reaches every instance listening, whoever wrote the row. Used by what an instance keeps in memory and must drop
// when the database changes under it (server/auth/sessionCache.ts).
//
// A listener can miss notices only while its connection is down; `live` says whether it is listening now, and a
// subscriber's `gap` runs whenever notices may have been missed (the connection lost, and again once it listens
// anew), so that it can forget what it kept and stop keeping anything until it is live again.

export interface NoticeHandler {
  notice(payload: string): void;
  /** Notices may have been missed: forget whatever they could have changed. */
  gap(): void;
}

export interface DbNotifications {
  /** Listening now: every notice committed from here on will arrive. */
  readonly live: boolean;
  subscribe(channel: string, handler: NoticeHandler): () => void;
  close(): Promise<void>;
}

/** A channel name as PostgreSQL's LISTEN takes it: plain lower-case identifiers only (they are not quoted). */
function checkChannel(channel: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
}

class Subscribers {
  private readonly byChannel = new Map<string, Set<NoticeHandler>>();
  add(channel: string, handler: NoticeHandler): { first: boolean; remove: () => boolean } {
    checkChannel(channel);
    let set = this.byChannel.get(channel);
    const first = !set;
    if (!set) this.byChannel.set(channel, (set = new Set()));
    set.add(handler);
    return {
      first,
      remove: () => {
        set.delete(handler);
        if (set.size > 0) return false;
        this.byChannel.delete(channel);
        return true;
      },
    };
  }
  channels() {
    return [...this.byChannel.keys()];
  }
  notice(channel: string, payload: string) {
    for (const h of this.byChannel.get(channel) ?? []) h.notice(payload);
  }
  gap() {
    for (const set of this.byChannel.values()) for (const h of set) h.gap();
  }
}

/** PGlite: one process, one database; a notice arrives before the statement that raised it has returned. */
export function pgliteNotifications(client: {
  listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>;
}): DbNotifications {
  const subscribers = new Subscribers();
  const stops = new Map<string, Promise<() => Promise<void>>>();
  return {
    live: true,
    subscribe(channel, handler) {
      const { first, remove } = subscribers.add(channel, handler);
      if (first)
        stops.set(
          channel,
          client.listen(channel, (payload) => subscribers.notice(channel, payload)),
        );
      return () => {
        if (!remove()) return;
        const stop = stops.get(channel);
        stops.delete(channel);
        void stop?.then((s) => s()).catch(() => undefined);
      };
    },
    async close() {
      await Promise.allSettled([...stops.values()].map((s) => s.then((stop) => stop())));
      stops.clear();
    },
  };
}

type PgClient = import("pg").Client;

/**
 * PostgreSQL: a connection of its own (LISTEN holds it; a pool's connection would be handed to other work),
 * opened again a second after it is lost, for as long as the gateway runs.
 */
export function pgNotifications(opts: {
  url: string;
  log?: (message: string, err?: unknown) => void;
  /** How long to wait before opening a lost connection again. */
  retryMs?: number;
}): DbNotifications {
  const subscribers = new Subscribers();
  const retryMs = opts.retryMs ?? 1000;
  let client: PgClient | undefined;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let opening: Promise<void> | undefined;

  const lost = (c: PgClient, err?: unknown) => {
    if (client !== c) return;
    client = undefined;
    const wasLive = live;
    live = false;
    c.removeAllListeners("notification");
    c.end().catch(() => undefined);
    if (wasLive) subscribers.gap();
    if (closed) return;
    opts.log?.("the database's notice connection was lost; opening it again", err);
    retry ??= setTimeout(() => {
      retry = undefined;
      void open();
    }, retryMs);
  };

  const open = () =>
    (opening ??= (async () => {
      const pg = (await import("pg")).default;
      const c = new pg.Client({ connectionString: opts.url });
      client = c;
      c.on("notification", (m) => subscribers.notice(m.channel, m.payload ?? ""));
      c.on("error", (e) => lost(c, e));
      c.on("end", () => lost(c));
      try {
        await c.connect();
        // Channels subscribed while this runs are listened to as well.
        const listening = new Set<string>();
        for (
          let next = subscribers.channels();
          next.length > 0;
          next = subscribers.channels().filter((ch) => !listening.has(ch))
        )
          for (const channel of next) {
            await c.query(`LISTEN ${channel}`);
            listening.add(channel);
          }
        if (client !== c || closed) return;
        live = true;
        // Whatever was kept while this connection was opening may have missed a notice.
        subscribers.gap();
      } catch (e) {
        lost(c, e);
      }
    })().finally(() => (opening = undefined)));

  return {
    get live() {
      return live;
    },
    subscribe(channel, handler) {
      const { first, remove } = subscribers.add(channel, handler);
      if (first) {
        if (client && live) client.query(`LISTEN ${channel}`).catch((e: unknown) => lost(client!, e));
        else if (!client && !closed && !retry) void open();
      }
      return () => {
        if (remove() && client && live) client.query(`UNLISTEN ${channel}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await opening?.catch(() => undefined);
      const c = client;
      client = undefined;
      live = false;
      await c?.end().catch(() => undefined);
    },
  };
}
