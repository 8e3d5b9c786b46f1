// The disclosures' effects: the steps fetched once (GET /calls/disclosures), a disclosure opened for the lead on
// the call (the wording by its state, the language by its own), walked step by step, and its proof posted when
// the agent closes it or the call ends (POST /calls/{callId}/disclosures, one Idempotency-Key per disclosure).
// The hangup flow resets and disables the disclosures (agent-workspace §4).
import { callEndpoint, callEnded, unwrap, type PluginContext } from "../../src/sdk";
import { namesFor } from "./content";
import {
  addDisclosureProof,
  disclosureClipName,
  disclosureLanguageOf,
  listDisclosures,
  type DisclosuresResponse,
  type DisclosureStep,
} from "./contract";
import type { DisclosuresStore } from "./model";
import { activeSteps, moveFrom, positionOf, type Position } from "./steps";
import { CARRIER_COMPANIES, fillWording, wordingFor, type Carrier } from "./wording";

export interface DisclosuresService {
  /** The carrier buttons work: an answered call with a lead on it. */
  canOpen(): boolean;
  open(carrier: Carrier): Promise<void>;
  /** The current step's text with the company and the lead's names filled in. */
  text(step: DisclosureStep): string;
  position(): Position;
  answer(index: number): void;
  next(): void;
  prev(): void;
  /** The open disclosure's recorded audio plays into the call now (the lead hears it). */
  audioPlaying(): boolean;
  /** Start audio / Stop audio: plays the disclosure's recording into the call, or stops it. */
  toggleAudio(): Promise<void>;
  /** Closes the popup (stopping its audio); the proof of what was read is posted. */
  close(): Promise<void>;
  dispose(): void;
}

export function createDisclosuresService(ctx: PluginContext<DisclosuresStore>): DisclosuresService {
  const { store, clock } = ctx;
  let all: DisclosuresResponse["data"] | null = null;
  const now = () => new Date(clock.now()).toISOString();

  async function load(): Promise<DisclosuresResponse["data"]> {
    if (all) return all;
    all = unwrap(await callEndpoint(ctx, listDisclosures)).data;
    return all;
  }

  const clipOf = (open: NonNullable<DisclosuresStore["open"]>) =>
    disclosureClipName(open.wording, open.language);
  const audioPlaying = () => store.open !== null && ctx.call.current.playback === clipOf(store.open);

  /** Posts what was read of the open disclosure, once; the popup closes whatever the answer. */
  async function finish(): Promise<void> {
    const open = store.open;
    if (!open) return;
    // Its audio stops with it (the call's end has stopped it already).
    if (audioPlaying() && ctx.call.current.isConnected)
      void ctx.call.playback("stop", clipOf(open)).catch(() => {});
    const reached = store.reached;
    const last = activeSteps(store.steps, store.answers).at(-1)?.step;
    store.close();
    // One Idempotency-Key per disclosure (callEndpoint's fresh one), kept on its automatic retries.
    const outcome = await callEndpoint(ctx, addDisclosureProof, {
      params: { callId: open.callId },
      body: {
        carrier: open.carrier,
        wording: open.wording,
        language: open.language,
        steps: reached,
        completed: reached.some((r) => r.step === last),
      },
    });
    if (!outcome.ok) ctx.notify.error(ctx.t("proof_failed"));
  }

  const offEnded = ctx.events.on(callEnded, () => void finish());

  return {
    canOpen: () =>
      ctx.call.current.isConnected && ctx.call.current.callId !== null && ctx.leads.current !== null,
    async open(carrier) {
      const call = ctx.call.current;
      const lead = ctx.leads.current;
      if (!call.isConnected || call.callId === null || !lead) return;
      await finish(); // another carrier's disclosure still open is given as far as it went
      store.loading_(true);
      try {
        const wording = wordingFor(lead.state);
        const language = disclosureLanguageOf(lead.language);
        const steps = (await load())[wording][language];
        store.start({ carrier, wording, language, callId: call.callId, leadId: lead.id }, steps, now());
      } catch {
        store.failed_();
        ctx.notify.error(ctx.t("load_failed"));
      }
    },
    text(step) {
      const lead = ctx.leads.current;
      const company = store.open ? CARRIER_COMPANIES[store.open.carrier] : "";
      const names = namesFor(store.open?.language ?? "en", {
        firstName: lead?.firstName ?? null,
        lastName: lead?.lastName ?? null,
      });
      return fillWording(step.text, { company, ...names });
    },
    position: () => positionOf(store.steps, store.answers, store.current),
    answer(index) {
      store.answer(store.current, index);
    },
    next() {
      if (!positionOf(store.steps, store.answers, store.current).canNext) return;
      store.goTo(moveFrom(store.steps, store.answers, store.current, 1), now());
    },
    prev() {
      store.goTo(moveFrom(store.steps, store.answers, store.current, -1), now());
    },
    audioPlaying,
    async toggleAudio() {
      const open = store.open;
      if (!open || !ctx.call.current.isConnected) return;
      try {
        await ctx.call.playback(audioPlaying() ? "stop" : "play", clipOf(open));
      } catch {
        ctx.notify.error(ctx.t("audio_failed"));
      }
    },
    close: finish,
    dispose: () => offEnded(),
  };
}
