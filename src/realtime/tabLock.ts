// One tab per agent (reliability.md E6): the first tab holds an exclusive Web Lock for as long as it lives;
// another tab waits in the lock's queue and takes over the moment the first closes. Without Web Locks a
// BroadcastChannel asks whether another tab answers.
const LOCK = "isi-dialer-tab";
const CHANNEL = "isi-dialer-tab";

export interface TabLock {
  /** True when this tab holds the dialer; false when another tab has it. */
  readonly leader: Promise<boolean>;
  /** Resolves when this tab becomes the leader (immediately when it already is). */
  readonly takenOver: Promise<void>;
}

export function claimTab(): TabLock {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (locks) {
    let resolveLeader!: (v: boolean) => void;
    let resolveTaken!: () => void;
    const leader = new Promise<boolean>((r) => (resolveLeader = r));
    const takenOver = new Promise<void>((r) => (resolveTaken = r));
    // Ask without waiting first, to know at once whether another tab has it.
    void locks.request(LOCK, { ifAvailable: true }, (lock) => {
      if (!lock) {
        resolveLeader(false);
        // Queue for it: granted when the other tab closes.
        void locks.request(LOCK, () => {
          resolveTaken();
          return new Promise<void>(() => {});
        });
        return;
      }
      resolveLeader(true);
      resolveTaken();
      return new Promise<void>(() => {}); // held until the tab goes away
    });
    return { leader, takenOver };
  }
  return claimByBroadcast();
}

function claimByBroadcast(): TabLock {
  const Channel = (globalThis as { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
  if (!Channel) return { leader: Promise.resolve(true), takenOver: Promise.resolve() };
  const channel = new Channel(CHANNEL);
  let leader = false;
  channel.onmessage = (e) => {
    if (e.data === "who" && leader) channel.postMessage("me");
  };
  const answer = new Promise<boolean>((resolve) => {
    const onReply = (e: MessageEvent) => e.data === "me" && resolve(false);
    channel.addEventListener("message", onReply);
    channel.postMessage("who");
    setTimeout(() => resolve(true), 300);
  });
  const decided = answer.then((free) => {
    leader = free;
    return free;
  });
  // Without locks, a refused tab polls every second for the leader to be gone.
  const takenOver = decided.then((free): Promise<void> | void => {
    if (free) return;
    return new Promise<void>((resolve) => {
        const poll = () => {
          let seen = false;
          const onReply = (e: MessageEvent) => e.data === "me" && (seen = true);
          channel.addEventListener("message", onReply);
          channel.postMessage("who");
          setTimeout(() => {
            channel.removeEventListener("message", onReply);
            if (seen) setTimeout(poll, 700);
            else {
              leader = true;
              resolve();
            }
          }, 300);
        };
        poll();
    });
  });
  return { leader: decided, takenOver };
}
