// The lead matcher's effects (booking-and-reference §2 "Link to existing lead (phone matcher with modal)"): the
// search asks the gateway for the lead with the phone typed, without making it the agent's (GET
// /leads/by-phone/{phone}?type=match); Link, once confirmed, moves the call and its history to that lead (PUT
// /calls/{callId}/lead) and the desk's current lead becomes it (ctx.leads.callLinked), so the disposition
// saved next lands on it. Keep new, and every other call, start the matcher afresh.
import { reaction } from "mobx";
import { CALL_LINK_MESSAGES } from "../../src/contract/callLink";
import { callEndpoint, type PluginContext } from "../../src/sdk";
import { linkCallToLead, matchLookup, matchPhone, readLeadByPhone } from "./contract";
import type { LeadMatcherStore } from "./model";

export interface LeadMatcherService {
  /** The agent has a call with a lead still waiting for its disposition: the matcher works. */
  canMatch(): boolean;
  type(phone: string): void;
  search(): Promise<void>;
  /** Link asks first (the confirmation dialog); cancel closes it. */
  askLink(): void;
  cancelLink(): void;
  link(): Promise<void>;
  keepNew(): void;
  dispose(): void;
}

/** The gateway's refusals of a link, as the panel's message keys. */
const REFUSALS: Record<string, string> = {
  [CALL_LINK_MESSAGES.disposed]: "errors.disposed",
  [CALL_LINK_MESSAGES.transferred]: "errors.transferred",
  [CALL_LINK_MESSAGES.notTheCurrentCall]: "errors.not_current",
  [CALL_LINK_MESSAGES.notYourLead]: "errors.not_yours",
};

export function createLeadMatcherService(ctx: PluginContext<LeadMatcherStore>): LeadMatcherService {
  const { store } = ctx;
  const call = () => ctx.call.current;

  // Another call (or none) starts the matcher afresh: a lead found for one caller is never linked to the next.
  const offCall = reaction(
    () => call().callId,
    (callId) => store.reset(callId),
    { fireImmediately: true },
  );

  const canMatch = () => {
    const c = call();
    if (c.callId === null || c.currentLeadId === null) return false;
    // On the call, or after it while its lead waits for the disposition (the desk still has it).
    return c.active || ctx.leads.leadIds.includes(c.currentLeadId);
  };

  async function search(): Promise<void> {
    const typed = matchPhone(store.phone);
    if ("problem" in typed) return store.refused(typed.problem);
    const forCall = store.callId;
    store.searching();
    const found = await callEndpoint(ctx, readLeadByPhone, matchLookup(typed.digits));
    if (store.callId !== forCall) return;
    if (found.ok) return store.found(found.data.data);
    if (found.status === 404) return store.notFound();
    store.searchFailed();
    ctx.notify.error(ctx.t("errors.search_failed"));
  }

  async function link(): Promise<void> {
    const lead = store.lead;
    const callId = call().callId;
    if (!lead || callId === null || callId !== store.callId || store.state === "linking") return;
    store.linking();
    // One Idempotency-Key per Link (callEndpoint's fresh one), sent once as before: a failure is told at once and
    // the agent links again.
    const answer = await callEndpoint(ctx, linkCallToLead, {
      params: { callId },
      body: { lead_id: lead.id },
      retry: false,
    });
    if (!answer.ok) {
      store.linkFailed();
      const key =
        REFUSALS[answer.message ?? ""] ??
        (answer.status === 404 ? "errors.gone" : answer.status === null ? "errors.network" : "errors.link_failed");
      ctx.notify.error(ctx.t(key));
      return;
    }
    const linked = answer.data;
    const name = `${linked.data.first_name} ${linked.data.last_name}`.trim() || ctx.t("unnamed");
    store.reset();
    ctx.notify.success(ctx.t("linked", { name }));
    try {
      await ctx.leads.callLinked(linked.from.lead_id, linked.data.id);
    } catch (e) {
      // The call is linked on the gateway; its push opens the lead on the desk as well. Ids only in the log.
      ctx.log("The linked lead could not be opened.", {
        leadId: linked.data.id,
        error: e instanceof Error ? e.message : String(e),
      });
    }
  }

  return {
    canMatch,
    type: (phone) => store.typed(phone),
    search,
    askLink: () => store.confirming(true),
    cancelLink: () => store.confirming(false),
    link,
    keepNew: () => store.reset(),
    dispose: offCall,
  };
}
