// A manager's frontend repair (admin-and-sign-in §7 POST /agents/{id}/frontend-repairs, pushed as `repair`):
// the page re-reads its status, call and notifications from the gateway at once, then reloads, which reads
// the tenant's features and the layout again and loads the plugins afresh. A page on a live call reloads only
// once the call has ended, so the repair never cuts a conversation. The reloaded page's socket tells the
// gateway it is a reconnection (the repair mark), so the agent keeps its status instead of starting offline.
//
// An admin's change of the call centre's plugins or features (the Plugins and features page, pushed as
// `tenant-features`) takes the same way, and leaves a note the reloaded page turns into a notice: the agent sees
// why panels came or went.
import { reaction } from "mobx";
import type { EventBus } from "../core/events";

const REPAIR_MARK = "isi.repair";
const REPAIR_NOTE = "isi.repair-note";
/** Why the page reloaded, when the agent should be told. */
export type RepairNote = "tenant-features";

export interface RepairDeps {
  bus: EventBus;
  /** The call store: `active` while a call is live. */
  call: { readonly active: boolean };
  /** Re-reads what the gateway knows (status, call, notifications). */
  resync(): Promise<unknown>;
  /** Reloads the page (tests pass a spy). */
  reload?: () => void;
  /** Where the repair mark is kept across the reload (tests pass a map). */
  storage?: Pick<Storage, "setItem" | "removeItem">;
}

/**
 * Listens for `repair` and `tenant-features` pushes; returns the function that stops listening (and any reload
 * still waiting).
 */
export function watchRepairs(d: RepairDeps): () => void {
  const reload = d.reload ?? (() => globalThis.location?.reload());
  let waiting: (() => void) | null = null;
  let note: RepairNote | null = null;
  const reloadNow = () => {
    try {
      const storage = d.storage ?? globalThis.sessionStorage;
      storage?.setItem(REPAIR_MARK, "1");
      if (note) storage?.setItem(REPAIR_NOTE, note);
    } catch {
      // Storage refused (private mode): the page reloads all the same, starting offline.
    }
    reload();
  };
  const repair = () => {
    // The reload reads everything again anyway: a failed re-read does not hold it back.
    void d.resync().catch(() => undefined).then(() => {
      if (waiting) return;
      if (!d.call.active) return reloadNow();
      waiting = reaction(
        () => d.call.active,
        (active) => {
          if (active) return;
          waiting?.();
          waiting = null;
          reloadNow();
        },
      );
    });
  };
  const offs = [
    d.bus.on("repair", repair),
    d.bus.on("tenant-features", () => {
      note = "tenant-features";
      repair();
    }),
  ];
  return () => {
    for (const off of offs) off();
    waiting?.();
    waiting = null;
  };
}

/** Why this page was reloaded, when the agent should be told; the note is used once. */
export function takeRepairNote(storage: Pick<Storage, "getItem" | "removeItem"> | undefined = globalThis.sessionStorage): RepairNote | null {
  try {
    const note = storage?.getItem(REPAIR_NOTE);
    if (note !== "tenant-features") return null;
    storage!.removeItem(REPAIR_NOTE);
    return note;
  } catch {
    return null;
  }
}

/** Whether this page was reloaded by a repair; the mark is used once. */
export function takeRepairMark(storage: Pick<Storage, "getItem" | "removeItem"> | undefined = globalThis.sessionStorage): boolean {
  try {
    if (storage?.getItem(REPAIR_MARK) !== "1") return false;
    storage.removeItem(REPAIR_MARK);
    return true;
  } catch {
    return false;
  }
}
