// The qualifier's live transfer (agent-workspace §4 Live transfer; booking-and-reference §5): Start asks the
// gateway for an advisor (POST /live-transfers/{leadId}); while it looks, the advisors who could take the lead are
// counted every 5 s (GET /agents/available-advisors?lead_id=…, one request at a time, only while a panel shows
// it); Stop (DELETE) shows from 10 s on; once an advisor accepted and joined, the qualifier leaves
// (POST /transfer-answers/{leadId}). The state itself is the call's, as the gateway pushes it. A search that finds
// nobody ends with a question rather than waiting for ever: after a minute (sooner when no advisor could take the
// lead at all) the qualifier keeps waiting, books the meeting instead, or stops.
import { reaction } from "mobx";
import { listAvailableAdvisors } from "../../src/contract/geo";
import {
  answerLiveTransfer,
  LIVE_TRANSFER_PATIENCE_MS,
  LIVE_TRANSFER_POLL_MS,
  LIVE_TRANSFER_STOP_DELAY_MS,
  startLiveTransfer,
  stopLiveTransfer,
  TransferAnswerBody,
} from "../../src/contract/liveTransfers";
import { cutText, keepPrintable } from "../../src/contract/text";
import {
  callEndpoint,
  memoryStorage,
  unwrap,
  watching,
  type ClockTimer,
  type KeyValueStorage,
  type PluginContext,
} from "../../src/sdk";
import type { BookingApi } from "../booking/api";
import type { TransfersConfig } from "./config";
import { liveBlock, underway } from "./live";
import type { TransfersStore } from "./model";

/** Notes for the advisor: at most this many characters (StartLiveTransferBody). */
export const LIVE_NOTES_MAX = 2000;

export interface LiveDeps {
  /** Runs a press: one at a time, refusals told to the agent, the buttons waiting a second after it. */
  pressing(send: () => Promise<unknown>): Promise<boolean>;
  /** The lead on the call. */
  leadId(): number | null;
  /** No other transfer or conference runs on the call. */
  lineFree(): boolean;
  booking: BookingApi | undefined;
}

function sessionStorageOrMemory(): KeyValueStorage {
  try {
    if (globalThis.sessionStorage) return globalThis.sessionStorage;
  } catch {
    // Storage blocked (privacy settings): counted for this page only.
  }
  return memoryStorage();
}

export function createLiveService(ctx: PluginContext<TransfersStore, TransfersConfig>, d: LiveDeps) {
  const { store, call, clock } = ctx;
  /** Stops the search (Stop, or booking instead); a refusal throws for the press to tell (a RefusalError). */
  const stopSearch = async (leadId: number) =>
    unwrap(await callEndpoint(ctx, stopLiveTransfer, { params: { leadId } }));

  /** The live transfer under way on the call, if any. */
  const current = () => underway(call.current.transfer);
  const seeking = () => call.current.isConnected && current()?.live?.state === "looking_for_advisor";

  /** Why Start waits: a postal code being checked, the lead's ZIP or state missing, or nothing (null). */
  const blocked = (): "checking" | "zip_state_requirements" | null => {
    if (d.booking?.checkingPostal) return "checking";
    const leadId = d.leadId();
    const lead = ctx.leads.current;
    const address = d.booking?.leadAddress ?? null;
    return liveBlock({
      leadState: lead && lead.id === leadId ? lead.state : null,
      address: address && address.leadId === leadId ? address : null,
    });
  };

  const canStart = () =>
    call.current.isConnected &&
    d.leadId() !== null &&
    current() === null &&
    d.lineFree() &&
    !store.busy &&
    blocked() === null;

  const start = async () => {
    const leadId = d.leadId();
    if (leadId === null || !canStart()) return;
    const notes = cutText(keepPrintable(store.liveNotes).trim(), LIVE_NOTES_MAX);
    const ok = await d.pressing(async () => {
      // The advisor continues the booking as typed: what the debounce still holds goes first. A save that fails
      // does not hold the lead on the line back (the wizard retries it).
      await d.booking?.saveDraft();
      unwrap(await callEndpoint(ctx, startLiveTransfer, { params: { leadId }, body: { notes, team: "advisors" } }));
    });
    if (ok) store.setLiveNotes("");
  };

  const stop = async () => {
    const leadId = d.leadId();
    if (leadId === null || !seeking()) return;
    if (await d.pressing(() => stopSearch(leadId))) ctx.notify.warning(ctx.t("live_transfers.canceled"));
  };

  /** The advisor is on the call: the qualifier leaves it, the lead with the advisor. */
  const leave = async () => {
    const leadId = d.leadId();
    const t = current();
    if (leadId === null || !t?.live?.joined) return;
    const extension = ctx.agent.extension;
    await d.pressing(async () => {
      if (!extension) throw new Error(ctx.t("live.no_extension"));
      // What the qualifier typed while introducing the lead reaches the advisor too.
      await d.booking?.saveDraft();
      const body = { qualifierExtension: extension, phone: call.current.phone ?? "" };
      // A call without the lead's number the gateway would refuse (422): the press fails as it did.
      if (!TransferAnswerBody.safeParse(body).success) throw new Error(ctx.t("failed"));
      unwrap(await callEndpoint(ctx, answerLiveTransfer, { params: { leadId }, body }));
    });
  };

  // ---------------------------------------------------------------- since when this page sees it seek

  // The time spent and the 10-second Stop delay count from when this page first saw the transfer seeking, on
  // the page's own clock: the gateway's started_at is another machine's clock (and a pinned one in the demo).
  // Kept in the tab's session storage, so a page reloaded mid-search (issue 38) goes on counting where it was.
  const seenSeeking = sessionStorageOrMemory();
  const seenKey = (id: number) => `transfers.live.seeking-since.${id}`;
  const sinceOf = (id: number): number => {
    const kept = Number(seenSeeking.getItem(seenKey(id)));
    if (kept > 0 && kept <= clock.now()) return kept;
    const now = clock.now();
    seenSeeking.setItem(seenKey(id), String(now));
    return now;
  };
  // A search that is over (found, stopped, the call ended) is forgotten: the tab keeps no key per transfer.
  const noticing = reaction(
    () => (seeking() ? (current()?.live?.transfer_id ?? null) : null),
    (id, before) => {
      if (before !== null && before !== undefined && before !== id) seenSeeking.removeItem(seenKey(before));
      if (id !== null) sinceOf(id);
    },
    { fireImmediately: true },
  );
  /** When this page first saw the live transfer under way seeking (its clock), null when none seeks. */
  const seekingSince = (): number | null => {
    const id = seeking() ? current()?.live?.transfer_id : undefined;
    return id === undefined ? null : sinceOf(id);
  };

  // ---------------------------------------------------------------- a search that finds nobody

  /**
   * Why the qualifier is asked what to do now (`now` on the page's clock), null while the search goes on as it
   * should: no advisor could take the lead at all (from the Stop delay on), or none took it within the patience.
   */
  const waitedOut = (now: number): "none_available" | "no_answer" | null => {
    const id = seeking() ? current()?.live?.transfer_id : undefined;
    const since = seekingSince();
    if (id === undefined || since === null) return null;
    if (store.liveWait?.transferId === id && now < store.liveWait.until) return null;
    const a = store.availability;
    if (a && a.ready + a.notified === 0 && now - since >= LIVE_TRANSFER_STOP_DELAY_MS) return "none_available";
    return now - since >= LIVE_TRANSFER_PATIENCE_MS ? "no_answer" : null;
  };
  const keepWaiting = () => {
    const id = seeking() ? current()?.live?.transfer_id : undefined;
    if (id !== undefined) store.keepWaiting(id, clock.now() + LIVE_TRANSFER_PATIENCE_MS);
  };
  /** Booking instead is offered where a booking wizard is on screen to take the agent. */
  const canBookInstead = () => d.booking?.wizardStep != null;
  const bookInstead = async () => {
    const leadId = d.leadId();
    if (leadId === null || !seeking()) return;
    if (await d.pressing(() => stopSearch(leadId))) {
      ctx.notify.warning(ctx.t("live.booking_instead"));
      d.booking?.showMeetingSetup();
    }
  };

  // ---------------------------------------------------------------- the advisors' count, while seeking

  let turn = 0;
  let timer: ClockTimer | null = null;
  const poll = async (mine: number, leadId: number) => {
    const read = await callEndpoint(ctx, listAvailableAdvisors, { query: { lead_id: leadId } });
    if (read.ok) {
      if (mine !== turn) return;
      const answer = read.data;
      const counted = answer.meta.live_transfer ?? {
        ready: answer.data.filter((a) => a.live_transfer === "ready").length,
        notified: answer.data.filter((a) => a.live_transfer === "notified").length,
      };
      store.availabilityRead(counted);
    } else {
      const why = read.message ?? `status ${read.status ?? "none"}`;
      ctx.log("transfers: the advisors could not be counted", why);
    }
    // The next count only once this one is answered: requests never pile up behind a slow gateway.
    if (mine === turn) timer = clock.setTimeout(() => void poll(mine, leadId), LIVE_TRANSFER_POLL_MS);
  };
  const stopPolling = () => {
    turn++;
    if (timer) clock.clearTimeout(timer);
    timer = null;
    store.availabilityRead(null);
  };
  const follow = (leadId: number | null) => {
    stopPolling();
    if (leadId !== null) void poll(turn, leadId);
  };

  let stopFollowing: (() => void) | null = null;
  const live = watching(
    () => {
      stopFollowing = reaction(() => (seeking() ? d.leadId() : null), follow, { fireImmediately: true });
    },
    () => {
      stopFollowing?.();
      stopFollowing = null;
      stopPolling();
    },
  );

  return {
    /** The live transfer under way on the call, if any. */
    current,
    seekingSince,
    blocked,
    canStart,
    start,
    stop,
    leave,
    waitedOut,
    keepWaiting,
    canBookInstead,
    bookInstead,
    setNotes: (notes: string) => store.setLiveNotes(cutText(keepPrintable(notes), LIVE_NOTES_MAX)),
    /** Counts the advisors every 5 s while the live transfer seeks and a panel shows it; returns the release. */
    watch: live.watch,
    dispose: () => {
      noticing();
      stopFollowing?.();
      stopPolling();
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
