// The manual transfer's effects (agent-workspace §2 manual transfer, §4 Internal transfer, §5 "Manual transfer
// needs a selected agent", §9 manual transfer disable 30 s): an agent autocomplete over GET /agents (the callable
// colleagues of the call centre, asked 250 ms after the agent stops typing), and the Internal Transfer press:
// POST /leads/{leadId}/transfers {to} under an Idempotency-Key (transferLeadInternally). The gateway stores the
// Internal Transfer disposition itself, so the dispositions plugin is only told the lead is closed (`recorded`).
// After a transfer the press waits 30 s, as the gateway does (429 with Retry-After otherwise: the refusal's
// retryAfter).
// The state is a MobX observable of its own, beside the plugin's slice: it lives for the sign-in, so the pause
// holds when the panel is moved or added again, and nothing of it is worth keeping in a snapshot.
import { makeAutoObservable, runInAction } from "mobx";
import { AGENT_QUERY_MAX, listAgents, type AgentListItem } from "../../src/contract/agents";
import { INTERNAL_TRANSFER_PAUSE_MS, transferLeadInternally } from "../../src/contract/calls";
import type { DispositionValue } from "../../src/contract/dispositions";
import { callEndpoint, type ClockTimer, type PluginContext } from "../../src/sdk";
import type { DispositionsApi } from "../dispositions/api";
import type { TransfersConfig } from "./config";
import { messageKey } from "./live";
import type { TransfersStore } from "./model";

/** The autocomplete asks the gateway this long after the last key (agent-workspace §2 manual transfer). */
export const MANUAL_SEARCH_DELAY_MS = 250;
/** Matches shown at most. */
export const MANUAL_SEARCH_SIZE = 10;
const INTERNAL_TRANSFER: DispositionValue = "Internal Transfer";

/** A colleague the lead can be handed to. */
export type Colleague = Pick<AgentListItem, "id" | "full_name" | "extension" | "role">;

/** Why Internal Transfer cannot be pressed now, or null when it can. */
export type ManualBlock = "no_agent" | "no_lead" | "pressing" | "paused" | "ringing";

export interface ManualTransfer {
  readonly state: {
    /** The autocomplete's text. */
    readonly query: string;
    readonly matches: readonly Colleague[];
    /** idle: nothing asked (no text, or an agent chosen). */
    readonly search: "idle" | "waiting" | "loading" | "ready" | "failed";
    readonly chosen: Colleague | null;
    readonly pressing: boolean;
    /** Whole seconds left of the pause after a transfer (0: none). */
    readonly remaining: number;
  };
  /** The agent typed: the choice goes, the search follows 250 ms after the last key. */
  type(text: string): void;
  choose(colleague: Colleague): void;
  /** The lead Internal Transfer would hand over: the call's, else the current one. */
  leadId(): number | null;
  blocked(): ManualBlock | null;
  transfer(): Promise<void>;
  dispose(): void;
}

export function createManualTransfer(
  ctx: PluginContext<TransfersStore, TransfersConfig>,
  dispositions: DispositionsApi,
): ManualTransfer {
  const { clock } = ctx;
  const state = makeAutoObservable({
    query: "",
    matches: [] as Colleague[],
    search: "idle" as ManualTransfer["state"]["search"],
    chosen: null as Colleague | null,
    pressing: false,
    remaining: 0,
  });

  // ---------------------------------------------------------------- the autocomplete

  let searchTimer: ClockTimer | null = null;
  /** Each search's number: an answer to an older one is dropped. */
  let asked = 0;

  const search = async (text: string) => {
    const mine = ++asked;
    runInAction(() => (state.search = "loading"));
    // A text longer than the list takes is not asked about: it fails, as the gateway's 422 for it did.
    const query = { query: text, callable: "true", per_page: `${MANUAL_SEARCH_SIZE}` } as const;
    const found = text.length <= AGENT_QUERY_MAX ? await callEndpoint(ctx, listAgents, { query }) : null;
    if (mine !== asked) return;
    if (!found?.ok) {
      const why = found ? (found.message ?? `status ${found.status ?? "none"}`) : "the text is too long";
      ctx.log("transfers: the agents could not be searched", why);
      runInAction(() => {
        state.matches = [];
        state.search = "failed";
      });
      return;
    }
    runInAction(() => {
      state.matches = found.data.data
        .filter((r) => r.id !== ctx.agent.id)
        .map(({ id, full_name, extension, role }) => ({ id, full_name, extension, role }));
      state.search = "ready";
    });
  };

  const stopSearching = () => {
    if (searchTimer) clock.clearTimeout(searchTimer);
    searchTimer = null;
    asked++;
  };

  // ---------------------------------------------------------------- the pause after a transfer

  let pausedUntil = 0;
  let pauseTimer: ClockTimer | null = null;
  /** Counts the pause down, once a second, on the clock's whole seconds of the pause. */
  const countDown = () => {
    pauseTimer = null;
    const left = pausedUntil - clock.now();
    runInAction(() => (state.remaining = left > 0 ? Math.ceil(left / 1000) : 0));
    if (left > 0) pauseTimer = clock.setTimeout(countDown, left % 1000 || 1000);
  };
  const pauseFor = (ms: number) => {
    pausedUntil = Math.max(pausedUntil, clock.now() + ms);
    if (pauseTimer) clock.clearTimeout(pauseTimer);
    countDown();
  };

  // ---------------------------------------------------------------- the press

  const leadId = () => ctx.call.current.currentLeadId ?? ctx.leads.current?.id ?? null;

  const blocked = (): ManualBlock | null =>
    state.pressing
      ? "pressing"
      : state.remaining > 0
        ? "paused"
        : !state.chosen
          ? "no_agent"
          : leadId() === null
            ? "no_lead"
            : // A call still ringing: the gateway would hand the lead over but could not move the call yet.
              ctx.call.current.active && !ctx.call.current.isConnected
              ? "ringing"
              : null;

  /** The gateway's refusal in the agent's language: the contract's texts by the plugin's keys. */
  const refusalText = (status: number | null, message: string | null): string => {
    if (status === 403) return ctx.t("manual.forbidden");
    if (status === 404) return ctx.t("manual.not_found");
    const key = message ? messageKey(message) : null;
    if (key) return ctx.t(key, { defaultValue: message });
    return message || ctx.t("manual.failed");
  };

  const transfer = async () => {
    const lead = leadId();
    const to = state.chosen;
    if (blocked() !== null || lead === null || !to) return;
    runInAction(() => (state.pressing = true));
    try {
      // One Idempotency-Key per press (callEndpoint's fresh one), kept on its automatic retries.
      const outcome = await callEndpoint(ctx, transferLeadInternally, {
        params: { leadId: lead },
        body: { to: to.id },
      });
      if (outcome.ok) {
        pauseFor(INTERNAL_TRANSFER_PAUSE_MS);
        runInAction(() => {
          state.chosen = null;
          state.query = "";
          state.matches = [];
          state.search = "idle";
        });
        ctx.notify.success(ctx.t("manual.done", { name: to.full_name }));
        // The gateway stored the Internal Transfer: the lead leaves the stack as after a save.
        dispositions.recorded(lead, INTERNAL_TRANSFER);
        return;
      }
      // A 201 whose body is not the contract's (callEndpoint logged it): the transfer may have happened; the agent
      // looks again.
      if (outcome.status === transferLeadInternally.success) {
        ctx.notify.error(ctx.t("manual.failed"));
        return;
      }
      const text = outcome.retryable ? ctx.t("manual.failed") : refusalText(outcome.status, outcome.message);
      if (outcome.status === 429 && outcome.retryAfter) {
        pauseFor(outcome.retryAfter * 1000);
        ctx.notify.error(ctx.t("manual.retry_in", { message: text, seconds: outcome.retryAfter }));
      } else ctx.notify.error(text);
    } finally {
      runInAction(() => (state.pressing = false));
    }
  };

  return {
    state,
    type(text) {
      stopSearching();
      runInAction(() => {
        state.query = text;
        state.chosen = null;
        state.matches = [];
        state.search = text.trim() ? "waiting" : "idle";
      });
      const term = text.trim();
      if (term) searchTimer = clock.setTimeout(() => void search(term), MANUAL_SEARCH_DELAY_MS);
    },
    choose(colleague) {
      stopSearching();
      runInAction(() => {
        state.chosen = colleague;
        state.query = colleague.full_name;
        state.matches = [];
        state.search = "idle";
      });
    },
    leadId,
    blocked,
    transfer,
    dispose() {
      stopSearching();
      if (pauseTimer) clock.clearTimeout(pauseTimer);
      pauseTimer = null;
    },
  };
}
