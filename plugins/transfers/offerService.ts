// The advisor's side of a live transfer (agent-workspace §4 Live transfer and the live-transfer-waiting alert,
// §7 "confirm live transfer"): an offer pushed by the gateway waits in the overlay until the advisor accepts
// (POST /confirm-live-transfers/{leadId}: the call then arrives by itself), passes, or the gateway withdraws it.
// An advisor whose status keeps them from Ready gets a desktop notification; clicking it brings the window
// forward and, with no lead open and no call, asks for Ready.
import { confirmLiveTransfer, type LiveTransferOffer } from "../../src/contract/liveTransfers";
import { callEndpoint, type ClockTimer, type PluginContext, type Refusal } from "../../src/sdk";
import {
  liveTransferOffered,
  liveTransferWithdrawn,
  type DesktopNotification,
  type DesktopNotifier,
} from "./api";
import type { TransfersConfig } from "./config";
import { messageKey } from "./live";
import type { TransfersStore } from "./model";

/** An offer whose expiry passed without a withdrawal (a push lost on a reconnection) goes this long after it. */
export const OFFER_EXPIRY_GRACE_MS = 5_000;

/** The alert that says why an accept was refused (one at a time: the latest reason replaces the last). */
export const REFUSED_ACCEPT_KEY = "live-transfer-refused";

/** The gateway refused the accept for good (taken, ended, not offered, on a call): the offer goes. */
const FINAL_REFUSALS = [403, 404, 409, 422];

export function createOfferService(
  ctx: PluginContext<TransfersStore, TransfersConfig>,
  notifier: DesktopNotifier,
) {
  const { store, clock } = ctx;
  const isAdvisor = ctx.agent.roles.includes("advisor");
  const notes = new Map<number, DesktopNotification>();
  const timers = new Map<number, ClockTimer>();

  const remove = (transferId: number) => {
    store.removeOffer(transferId);
    notes.get(transferId)?.close();
    notes.delete(transferId);
    const timer = timers.get(transferId);
    if (timer) clock.clearTimeout(timer);
    timers.delete(transferId);
  };

  /** The notification's click: the window comes forward (the notifier), then Ready if nothing is open. */
  const clicked = () => {
    if (ctx.leads.current === null && !ctx.call.current.active)
      void ctx.status.request("ready").catch(() => {});
  };

  const place = (o: LiveTransferOffer) =>
    [o.state?.toUpperCase(), o.city].filter((x): x is string => Boolean(x?.trim())).join(", ");

  const raise = async (o: LiveTransferOffer) => {
    const shown = await notifier.show({
      title: ctx.t("offer.notification_title"),
      body: ctx.t("offer.notification_body", {
        name: o.name,
        place: place(o) || "—",
        qualifier: o.qualifier.name,
      }),
      tag: `live-transfer-${o.transfer_id}`,
      onClick: clicked,
    });
    if (!shown) return;
    // Answered (or withdrawn) while the browser was asking for permission: nothing to notify of any more.
    if (!store.offerOf(o.transfer_id)) shown.close();
    else {
      notes.get(o.transfer_id)?.close();
      notes.set(o.transfer_id, shown);
    }
  };

  ctx.events.on(liveTransferOffered, (o) => {
    if (!isAdvisor) return;
    const again = store.offerOf(o.transfer_id) !== null;
    store.offered(o);
    const old = timers.get(o.transfer_id);
    if (old) clock.clearTimeout(old);
    timers.delete(o.transfer_id);
    const expires = o.expires_at ? Date.parse(o.expires_at) : NaN;
    if (Number.isFinite(expires))
      timers.set(
        o.transfer_id,
        clock.setTimeout(
          () => remove(o.transfer_id),
          Math.max(0, expires - clock.now()) + OFFER_EXPIRY_GRACE_MS,
        ),
      );
    if (o.notify && !again) void raise(o);
  });

  ctx.events.on(liveTransferWithdrawn, (w) => {
    const offer = store.offerOf(w.transfer_id);
    if (!offer) return;
    remove(w.transfer_id);
    ctx.notify.warning(ctx.t(`offer.withdrawn.${w.reason}`, { name: offer.name }));
  });

  const textOf = (refusal: Refusal) => {
    const message = refusal.message ?? "";
    const key = messageKey(message);
    return key ? ctx.t(key, { defaultValue: ctx.t("offer.failed") }) : message || ctx.t("offer.failed");
  };

  const accept = async (transferId: number) => {
    const offer = store.offerOf(transferId);
    if (!offer || store.accepting !== null) return;
    store.setAccepting(transferId);
    const accepted = await callEndpoint(ctx, confirmLiveTransfer, { params: { leadId: offer.lead_id } });
    // A 201 whose body is not the contract's (callEndpoint logged it) is accepted all the same: the call comes.
    if (accepted.ok || accepted.status === confirmLiveTransfer.success) {
      remove(transferId);
      ctx.notify.success(ctx.t("offer.accepted", { name: offer.name }));
    } else {
      if (accepted.status !== null && FINAL_REFUSALS.includes(accepted.status)) remove(transferId);
      // The offer may be gone with it: the reason stays on screen until the advisor has read it.
      ctx.notify.show(textOf(accepted), { type: "error", timeout: null, key: REFUSED_ACCEPT_KEY });
    }
    if (store.accepting === transferId) store.setAccepting(null);
  };

  return {
    /** The offer the overlay shows (the oldest one still waiting), and how many wait behind it. */
    offer: (): LiveTransferOffer | null => store.offers[0] ?? null,
    waiting: () => Math.max(0, store.offers.length - 1),
    place,
    accept,
    /** The advisor lets it go: it closes here (the gateway offers it on as its routing says). */
    pass: (transferId: number) => remove(transferId),
    dispose() {
      for (const t of timers.values()) clock.clearTimeout(t);
      timers.clear();
      for (const n of notes.values()) n.close();
      notes.clear();
    },
  };
}
export type OfferService = ReturnType<typeof createOfferService>;
