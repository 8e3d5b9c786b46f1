// Send to iApp's effects (agent-workspace §2, §7): the panel follows the lead on the desk (where it was already
// sent: GET /leads/iapp/{id}); a send posts POST /leads/iapp/{id} {qualified_by, destination} and opens the
// client application page it answers in a new tab; a failure turns the button red with the specification's text.
import { reaction } from "mobx";
import { z } from "zod";
import { callEndpoint, defineAgentFlags, safeHref, watching, type PluginContext } from "../../src/sdk";
import {
  IAPP_CHOICE_FEATURE,
  IAPP_FEATURE,
  listIappSends,
  sendToIapp,
  type IappDestination,
} from "./contract";
import { asksFirst, iappDestinations } from "./destinations";
import type { IappStore } from "./model";

export interface IappService {
  /** The systems this agent may send to (none: the call centre has no iApp). */
  destinations(): IappDestination[];
  /** A button pressed: sends at once, or asks Yes/No first when there are two systems. */
  choose(destination: IappDestination): Promise<void>;
  /** The Yes/No question's answer. */
  answer(yes: boolean): Promise<void>;
  /** Opens an application already sent again (its page). */
  reopen(destination: IappDestination): void;
  /** The panel on screen: follow the desk's lead. */
  watch(): () => void;
}

/**
 * Opens the client application page in a new tab that cannot reach back into the dialer; an address that is not
 * http(s) nor a path on this origin (the SDK's safeHref) opens nothing.
 */
export function openInNewTab(url: string): void {
  const href = safeHref(url);
  if (!href) return;
  const tab = window.open(href, "_blank");
  if (tab) tab.opener = null;
}

/** The agent may send leads to the second system, iApp 2 (the sign-in is_iapp2_agent). */
export const iapp2Agent = defineAgentFlags(z.object({ is_iapp2_agent: z.boolean().default(false) }));

export function createIappService(
  ctx: PluginContext<IappStore>,
  openTab: (url: string) => void = openInNewTab,
): IappService {
  const { store } = ctx;
  const destinations = () =>
    iappDestinations({
      iapp: ctx.isOn(IAPP_FEATURE),
      choice: ctx.isOn(IAPP_CHOICE_FEATURE),
      isIapp2Agent: ctx.agent.flags(iapp2Agent).is_iapp2_agent,
    });

  async function load(leadId: number) {
    const sends = await callEndpoint(ctx, listIappSends, { params: { id: leadId } });
    // Refused: only the "open again" links are missing; sending still works (it answers a send already made).
    if (sends.ok) store.known(leadId, sends.data.data);
  }

  async function send(destination: IappDestination) {
    const leadId = ctx.leads.current?.id;
    if (leadId === undefined || store.sending) return;
    store.started(destination);
    const sent = await callEndpoint(ctx, sendToIapp, {
      params: { id: leadId },
      body: { qualified_by: ctx.agent.id, destination },
    });
    if (!sent.ok) {
      store.failedTo(leadId, destination);
      return;
    }
    store.succeeded(leadId, sent.data.data);
    openTab(sent.data.data.url);
  }

  let stopFollowing: (() => void) | null = null;
  const following = watching(
    () => {
      stopFollowing = reaction(
        () => ctx.leads.current?.id ?? null,
        (leadId) => {
          store.forLead(leadId);
          if (leadId !== null && destinations().length > 0) void load(leadId);
        },
        { fireImmediately: true },
      );
    },
    () => {
      stopFollowing?.();
      stopFollowing = null;
    },
  );

  return {
    destinations,
    async choose(destination) {
      if (asksFirst(destinations())) store.ask(destination);
      else await send(destination);
    },
    async answer(yes) {
      const destination = store.asking;
      store.ask(null);
      if (yes && destination) await send(destination);
    },
    reopen(destination) {
      const sent = store.sentTo(destination);
      if (sent) openTab(sent.url);
    },
    watch: () => following.watch(),
  };
}
