// A panel watches a service while it is on screen (`useEffect(() => api.watch(), [api])`); the same panel may be
// placed twice, and React mounts effects twice in development. The service's work runs while at least one
// watcher holds: started by the first, stopped after the last lets go, each release counted once.

export interface Watching {
  /** Adds a watcher; the function it returns releases it (a second call does nothing). */
  watch(): () => void;
  /** Someone watches now. */
  readonly active: boolean;
}

export function watching(start: () => void, stop: () => void): Watching {
  let watchers = 0;
  return {
    watch() {
      if (watchers++ === 0) start();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (--watchers === 0) stop();
      };
    },
    get active() {
      return watchers > 0;
    },
  };
}
