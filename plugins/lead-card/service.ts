// The lead card's effects: reads the current lead's history (GET /leads/{id}/history) when the lead changes
// and after each call (callEnded: its call and, usually, its disposition are then on the gateway), and ticks
// the lead's local time at each minute. All of it only while a card is on screen (watch()).
import { reaction } from "mobx";
import { callEndpoint, callEnded, watching, type ClockTimer, type PluginContext } from "../../src/sdk";
import { readLeadHistory } from "../../src/contract/leadHistory";
import type { LeadCardApi } from "./api";
import type { LeadCardStore } from "./model";

const MINUTE_MS = 60_000;

export function createLeadCardService(ctx: PluginContext<LeadCardStore>): LeadCardApi & { dispose(): void } {
  const { clock, store } = ctx;
  /** The newest read wins: a slow answer for an earlier lead (or an earlier read) is dropped. */
  let latest = 0;
  let timer: ClockTimer | null = null;
  let stopFollowing: (() => void) | null = null;

  const refresh = async () => {
    const leadId = ctx.leads.current?.id ?? null;
    const turn = ++latest;
    if (leadId === null) {
      store.clear();
      return;
    }
    store.loading(leadId);
    const history = await callEndpoint(ctx, readLeadHistory, { params: { id: leadId } });
    if (history.ok) {
      if (turn === latest) store.loaded(leadId, history.data.data);
      return;
    }
    // The lead id only: never the lead's personal data in the developer's log.
    ctx.log(
      `lead-card: could not read the history of lead ${leadId}`,
      history.message ?? `status ${history.status ?? "none"}`,
    );
    if (turn === latest) store.failed(leadId);
  };

  // The local time changes at the minute: tick on each minute boundary of the clock.
  const tick = () => {
    const now = clock.now();
    store.tick(now);
    timer = clock.setTimeout(tick, MINUTE_MS - (now % MINUTE_MS));
  };

  const start = () => {
    tick();
    stopFollowing = reaction(
      () => ctx.leads.current?.id ?? null,
      () => void refresh(),
      { fireImmediately: true },
    );
  };
  const stop = () => {
    stopFollowing?.();
    stopFollowing = null;
    if (timer) clock.clearTimeout(timer);
    timer = null;
  };

  // The registry drops this subscription at sign-out.
  ctx.events.on(callEnded, () => {
    if (watched.active) void refresh();
  });

  const watched = watching(start, stop);
  return { refresh, watch: watched.watch, dispose: stop };
}
