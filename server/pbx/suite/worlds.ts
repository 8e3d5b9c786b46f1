// One call world, two drivers: the shared driver suite runs each scenario on SimPbx and on AriDriver talking
// to the fake Asterisk (server/pbx/asterisk/testing), on a manual clock, with the same extensions, the same
// far ends (profileWorld) and the same scripted agent phones, and records what each driver told the gateway.
import { SIP_HEADERS } from "../../../src/contract/calls";
import { manualClock, type ManualClock } from "../../../src/shared/clock";
import type { AgentLegOffer, ExtensionVia, PbxDriver, PbxEvent } from "../driver";
import type { RecordingStore } from "../../recordings/store";
import { AriDriver } from "../asterisk/driver";
import { startFakeAri, type FakeAri } from "../asterisk/testing";
import { SimPbx } from "../sim/pbx";
import { resolveProfile } from "../sim/profile";
import { scriptedLine, type LineBehaviour } from "../sim/testing";
import { profileWorld, type PhoneBehaviour } from "./profileWorld";

export type DriverName = "sim" | "asterisk";
export const DRIVERS: readonly DriverName[] = ["sim", "asterisk"];

export const T0 = Date.UTC(2026, 0, 5, 14, 0, 0);
const SEED = 42;

export interface WorldOptions {
  /** Extensions and how they reach the PBX; WebRTC ones are registered unless listed in `unregistered`. */
  extensions?: Record<string, ExtensionVia>;
  unregistered?: string[];
  /** A scripted softphone per extension (default: the simulated phone answers). */
  phone?: (ext: string, offer: { vars: Record<string, string> }) => PhoneBehaviour | undefined;
  /** AriDriver copies finished recordings into this store (default: none, they stay on the fake Asterisk). */
  recordings?: Pick<RecordingStore, "create">;
}

export interface DriverWorld {
  readonly name: DriverName;
  readonly clock: ManualClock;
  readonly pbx: PbxDriver;
  readonly events: PbxEvent[];
  readonly fake?: FakeAri;
  register(ext: string): Promise<void>;
  unregister(ext: string): Promise<void>;
  /** An inbound caller dials a DID; resolves with the call id the driver gave it. */
  placeInbound(from: string, did: string): Promise<string>;
  /** Moves the clock `ms` in `step` slices, letting each driver's requests and events settle between. */
  run(ms: number, step?: number): Promise<void>;
  settle(): Promise<void>;
  /** The live leg of a role in a call, as the events say. */
  legOf(callId: string, role: string, nth?: number): string;
  close(): Promise<void>;
}

const DEFAULT_EXTENSIONS: Record<string, ExtensionVia> = { "1001": "webrtc", "1002": "webrtc", "2001": "external" };

export async function openWorld(name: DriverName, opts: WorldOptions = {}): Promise<DriverWorld> {
  const clock = manualClock(T0);
  const extensions = opts.extensions ?? DEFAULT_EXTENSIONS;
  const unregistered = new Set(opts.unregistered ?? ["1002"]);
  const events: PbxEvent[] = [];
  const profile = resolveProfile();
  const legOf = (callId: string, role: string, nth = 0) => {
    const ids = events.flatMap((e) => (e.kind === "LegCreated" && e.callId === callId && e.role === role ? [e.legId] : []));
    return ids[nth] ?? "none";
  };
  const lineBehaviour = (offer: AgentLegOffer): LineBehaviour => {
    const b = opts.phone?.(offer.ext, { vars: offer.vars });
    if (!b) return { answerAfterMs: 150 };
    if (b === "ignore") return "ignore";
    return "answerAfterMs" in b ? b : { rejectAfterMs: b.rejectAfterMs, cause: b.cause ?? "rejected" };
  };

  if (name === "sim") {
    const pbx = new SimPbx({ clock, seed: SEED, directory: async (ext) => extensions[ext] ?? null });
    for (const [ext, via] of Object.entries(extensions)) {
      pbx.provision(ext, via);
      if (via === "webrtc" && !unregistered.has(ext)) await pbx.register(ext);
    }
    pbx.onEvent((e) => events.push(e));
    if (opts.phone) pbx.attachPhoneLine(scriptedLine(clock, { entries: [], events: [] }, T0, lineBehaviour));
    const settle = async () => {
      for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
    };
    return {
      name,
      clock,
      pbx,
      events,
      register: (ext) => pbx.register(ext),
      unregister: (ext) => pbx.unregister(ext),
      placeInbound: async (from, did) => pbx.placeInbound({ from, did }),
      async run(ms, step = 50) {
        for (let t = 0; t < ms; t += step) {
          clock.advance(Math.min(step, ms - t));
          await settle();
        }
      },
      settle,
      legOf,
      close: () => pbx.destroy(),
    };
  }

  const world = profileWorld({
    clock,
    profile,
    seed: SEED,
    viaOf: (ext) => extensions[ext] ?? null,
    phone: (ext, variables) => {
      if (!opts.phone) return undefined;
      const header = (name: string) => variables[`PJSIP_HEADER(add,${name})`];
      const vars = Object.fromEntries(
        (["callId", "leadId", "callType"] as const).flatMap((k) => {
          const v = header(SIP_HEADERS[k]);
          return v === undefined ? [] : [[k, v]];
        }),
      );
      return opts.phone(ext, { vars }) ?? { answerAfterMs: 150 };
    },
  });
  const fake = await startFakeAri({ clock, world, user: "dialer", password: "secret", extensions: Object.keys(extensions) });
  for (const [ext, via] of Object.entries(extensions))
    if (via === "external" || !unregistered.has(ext)) fake.registerContact(ext);
  const pbx = new AriDriver({
    config: { url: fake.url, user: "dialer", password: "secret" },
    clock,
    directory: async (ext) => extensions[ext] ?? null,
    ...(opts.recordings ? { recordings: opts.recordings } : {}),
  });
  pbx.onEvent((e) => events.push(e));
  await pbx.connect();
  const settle = () => settleAri(fake, pbx);
  await settle();
  return {
    name,
    clock,
    pbx,
    events,
    fake,
    ...fakePhones(fake, settle),
    run: (ms) => runTimerByTimer(clock, ms, settle),
    settle,
    legOf,
    async close() {
      await pbx.close();
      await fake.close();
    },
  };
}

/** The fake Asterisk's phones: each change is carried out (settled) before the caller goes on. */
export function fakePhones(fake: FakeAri, settle: () => Promise<void>) {
  return {
    async register(ext: string) {
      fake.registerContact(ext);
      await settle();
    },
    async unregister(ext: string) {
      fake.unregisterContact(ext);
      await settle();
    },
    /** An inbound caller dials a DID; resolves with the call id the driver gives it. */
    async placeInbound(from: string, did: string) {
      const channelId = fake.inbound({ from, did });
      await settle();
      return `in-${channelId}`;
    },
  };
}

/**
 * Moves the clock `ms` timer by timer, settling between: the driver hears of each thing the fake did before
 * the clock moves on, as it would on a real network where delivery takes milliseconds, not a test's step.
 */
export async function runTimerByTimer(clock: ManualClock, ms: number, settle: () => Promise<void>): Promise<void> {
  await settle(); // what was just asked is carried out before the clock moves
  const end = clock.now() + ms;
  for (let due = clock.nextDueAt(); due !== undefined && due <= end; due = clock.nextDueAt()) {
    clock.advance(Math.max(0, due - clock.now()));
    await settle();
  }
  clock.advance(end - clock.now());
  await settle();
}

/** Until quiet: the fake wrote every event, the driver handled every event and answer, twice in a row. */
export async function settleAri(fake: FakeAri, pbx: AriDriver): Promise<void> {
  for (let quiet = 0; quiet < 2; ) {
    await fake.settled();
    await pbx.idle();
    await new Promise((r) => setImmediate(r));
    quiet = fake.busy || pbx.busy ? 0 : quiet + 1;
  }
}

/**
 * The events with every id the drivers choose (calls, legs, conferences, recordings, playbacks) replaced by
 * its order of first appearance, and `seq` dropped: what must be the same whichever driver ran.
 */
export function normalise(events: PbxEvent[]): Array<Record<string, unknown>> {
  const names = new Map<string, string>();
  const counters: Record<string, number> = {};
  const name = (kind: string, id: string) => {
    const key = `${kind}:${id}`;
    if (!names.has(key)) names.set(key, `${kind}${(counters[kind] = (counters[kind] ?? 0) + 1)}`);
    return names.get(key)!;
  };
  return events.map((e) => {
    const { seq: _seq, ts, ...rest } = e as PbxEvent & Record<string, unknown>;
    const out: Record<string, unknown> = { t: ts - T0 };
    for (const [k, v] of Object.entries(rest)) {
      if (k === "callId") out[k] = name("call", v as string);
      else if (k === "legId" || k === "agentLegId") out[k] = name("leg", v as string);
      else if (k === "legIds") out[k] = (v as string[]).map((id) => name("leg", id));
      else if (k === "confId") out[k] = name("conf", v as string);
      else if (k === "recId") out[k] = name("rec", v as string);
      else if (k === "playbackId") out[k] = name("play", v as string);
      // Where a recording's file is and how long it is depend on the PBX having media: SimPbx without a phone
      // line has none (uri null), Asterisk records (ari:recordings/stored/…). The scenario checks those apart.
      else if (k === "uri" || k === "durationMs" || k === "bytes") continue;
      else out[k] = v;
    }
    return out;
  });
}
