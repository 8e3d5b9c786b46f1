// The instant appointment offer (IOA, agent-workspace §3, §7, §9): POST /ioas starts a search for the client,
// GET /ioas/{id} is asked every 10 s on the clock until it answers, DELETE /ioas/{id} stops a search the agent
// left (the Meeting Setup step, the lead), and POST /ioas/{id}/assign gives the booked meeting to the offer the
// client accepted. The answer goes through rules.ts (anything but 'available' withdraws the offer).
import { AssignIoaBody, assignIoa, CreateIoaBody, IOA_POLL_MS, readIoa, startIoa, stopIoa } from "./contract/ioa";
import { IOA_ACCEPTED } from "./contract/meeting";
import { callEndpoint, type ClockTimer, type PluginContext } from "../../src/sdk";
import type { BookingConfig } from "./config";
import type { BookingStore, RestrictionsFor } from "./model";

type Ctx = PluginContext<BookingStore, BookingConfig>;

export function createOffers(ctx: Ctx, o: { restrictionsFor: RestrictionsFor }) {
  const { store, clock } = ctx;
  /** Stops a search; nothing waits for it (stopping twice, or one already over, is no error). */
  const stopSearch = (id: number) => void callEndpoint(ctx, stopIoa, { params: { id } });
  let timer: ClockTimer | null = null;
  /** Each search (and each stop) turns the page: an answer for an earlier one is dropped. */
  let turn = 0;

  const stopTimer = () => {
    if (timer) clock.clearTimeout(timer);
    timer = null;
  };

  const poll = async (id: number, mine: number) => {
    timer = null;
    const read = await callEndpoint(ctx, readIoa, { params: { id } });
    if (mine !== turn) return;
    if (!read.ok) {
      // A blip: ask again at the next beat; the banner keeps searching.
      ctx.log("booking: the instant offer could not be read", read.message ?? `status ${read.status ?? "none"}`);
      timer = clock.setTimeout(() => void poll(id, mine), IOA_POLL_MS);
      return;
    }
    const ioa = read.data.data;
    store.ioaChanged({ id, result: ioa.result, running: ioa.running, failed: false });
    if (ioa.running) timer = clock.setTimeout(() => void poll(id, mine), IOA_POLL_MS);
    else store.ioaAnswered(ioa.result, o.restrictionsFor);
  };

  /** Looks for an instant appointment for the first client, at the meeting's place. */
  const start = async () => {
    const v = store.values;
    const lead = store.lead;
    if (!v || !lead) return;
    stop();
    const mine = ++turn;
    const place = v.meeting.sameAddress === "1" ? v.contact.address : v.meeting.address;
    const client = v.contact.clients[0]!;
    store.ioaChanged({ id: null, result: -1, running: true, failed: false });
    const body = {
      address: [place.address, place.city].filter((s) => s.trim()).join(", "),
      firstName: client.firstName,
      lastName: client.lastName,
      mga: lead.mga,
      postal: place.postal || null,
    };
    // What the offer service would refuse (no address or name yet) is not sent: the search could not start.
    const started = CreateIoaBody.safeParse(body).success ? await callEndpoint(ctx, startIoa, { body }) : null;
    if (!started?.ok) {
      ctx.log(
        "booking: the instant offer search could not start",
        started?.message ?? `status ${started?.status ?? "none"}`,
      );
      if (mine === turn) store.ioaChanged({ id: null, result: -1, running: false, failed: true });
      return;
    }
    const id = started.data.data.ioaId;
    if (mine !== turn) {
      stopSearch(id);
      return;
    }
    store.ioaChanged({ id, result: -1, running: true, failed: false });
    timer = clock.setTimeout(() => void poll(id, mine), IOA_POLL_MS);
  };

  /** Stops a search still running (the agent left the step): DELETE, and the banner goes. */
  function stop() {
    turn++;
    stopTimer();
    const ioa = store.ioa;
    if (ioa?.running && ioa.id !== null) stopSearch(ioa.id);
    if (ioa?.running || ioa?.failed) store.ioaChanged(null);
  }

  /** The agent leaves the lead: any offer not given a meeting is stopped. */
  const leave = () => {
    turn++;
    stopTimer();
    const ioa = store.ioa;
    if (ioa?.id != null) stopSearch(ioa.id);
  };

  /** After a booking: the accepted offer gets the meeting. */
  const assign = async (meetingCrmId: string) => {
    const ioa = store.ioa;
    const lead = store.lead;
    if (!ioa || ioa.id === null || !lead || store.meeting?.ioa !== IOA_ACCEPTED) return;
    const body = { leadCrmId: lead.crmId, marketingId: lead.marketingId, meetingCrmId };
    const assigned = AssignIoaBody.safeParse(body).success
      ? await callEndpoint(ctx, assignIoa, { params: { id: ioa.id }, body })
      : null;
    if (assigned?.ok) store.ioaChanged(null);
    // The meeting is booked; the offer service only misses who took it.
    else
      ctx.log(
        "booking: the instant offer could not be given the meeting",
        assigned?.message ?? `status ${assigned?.status ?? "none"}`,
      );
  };

  return { start, stop, leave, assign, dispose: leave };
}
