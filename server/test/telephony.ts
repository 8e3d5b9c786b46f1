// The test gateway's telephony, either driver (issue 19): the embedded SimPbx the gateway builds itself, or
// AriDriver talking to the fake Asterisk (server/pbx/asterisk/testing) whose far ends follow SimPbx's profile
// (server/pbx/suite/profileWorld). Tests drive the phones through `TestPhones`, the same on both, so one test
// body runs on each driver and a difference in behaviour fails it.
import type { ManualClock } from "../../src/shared/clock";
import type { Db } from "../db/client";
import { AriDriver } from "../pbx/asterisk/driver";
import { startFakeAri, type FakeAri } from "../pbx/asterisk/testing";
import { usersDirectory } from "../pbx/directory";
import type { ExtensionVia, LegRole, PbxEvent } from "../pbx/driver";
import { resolveProfile, type SimProfile } from "../pbx/sim/profile";
import type { SimPbx } from "../pbx/sim/extensions";
import { profileWorld } from "../pbx/suite/profileWorld";
import { fakePhones, settleAri } from "../pbx/suite/worlds";
import type { RecordingStore } from "../recordings/store";

export type TelephonyName = "sim" | "asterisk";
export const TELEPHONIES: readonly TelephonyName[] = ["sim", "asterisk"];

/** A leg of a call as the PBX has it: SimPbx's own view, or the fake Asterisk's channel. */
export interface TestLeg {
  legId: string;
  role: LegRole;
  ext?: string;
  number?: string;
  state: "ringing" | "answered" | "ended";
  held: boolean;
}

/** The agents' phones and the far ends, whichever PBX runs. */
export interface TestPhones {
  /** A WebRTC softphone registers (its SIP REGISTER). */
  register(ext: string): Promise<void>;
  unregister(ext: string): Promise<void>;
  /** An external desk phone is started or quit (open by default). */
  setPhoneOpen(ext: string, open: boolean): Promise<void>;
  /** The agent hangs up on its phone (a desk phone's hang-up button). */
  hangUp(ext: string): Promise<void>;
  /** The far party of a leg (a lead, a party) hangs up. */
  farHangup(legId: string): Promise<void>;
  /**
   * A WebRTC softphone's connection is lost mid-call (a page reload, a browser crash): no BYE, its leg ends
   * 'failed' and its registration goes (the SIP edge's connectionLost; Asterisk's RTP timeout, Q.850 44).
   */
  dropPhone(ext: string): Promise<void>;
  /** An inbound caller dials a DID; resolves with the PBX's call id. */
  placeInbound(from: string, did: string): Promise<string>;
  /** Every leg the call had, in creation order, with its state at the PBX now (ended ones too). */
  legsOf(pbxCallId: string): Promise<TestLeg[]>;
}

export interface TestTelephony {
  readonly name: TelephonyName;
  readonly phones: TestPhones;
  /** Until the PBX (and the driver) have carried out everything asked of them. */
  settle(): Promise<void>;
  /** Whether the PBX or the driver still has work under way. */
  readonly busy: boolean;
}

/** SimPbx's own controls: it carries every change out at once. */
export function simTelephony(sim: SimPbx): TestTelephony {
  const agentLeg = async (ext: string) => {
    for (const c of await sim.liveCalls()) {
      const leg = c.legs.find((l) => l.ext === ext);
      if (leg) return leg.legId;
    }
    throw new Error(`extension ${ext} is on no call`);
  };
  return {
    name: "sim",
    busy: false,
    settle: async () => {},
    phones: {
      register: (ext) => sim.register(ext),
      unregister: (ext) => sim.unregister(ext),
      setPhoneOpen: (ext, open) => sim.setPhoneOpen(ext, open),
      hangUp: async (ext) => sim.hangup(await agentLeg(ext), "normal"),
      dropPhone: async (ext) => {
        const leg = await agentLeg(ext);
        await sim.unregister(ext);
        await sim.hangup(leg, "failed");
      },
      farHangup: (legId) => sim.hangup(legId, "normal"),
      placeInbound: async (from, did) => sim.placeInbound({ from, did }),
      legsOf: async (callId) =>
        sim.legsOf(callId).map((l) => ({
          legId: l.legId,
          role: l.role,
          ...(l.ext ? { ext: l.ext } : {}),
          ...(l.number ? { number: l.number } : {}),
          state: l.state === "dialing" ? "ringing" : l.state,
          held: l.held,
        })),
    },
  };
}

export interface AsteriskTelephony extends TestTelephony {
  readonly fake: FakeAri;
  readonly pbx: AriDriver;
  /** The recording store the driver copies recordings into (the gateway's, shared with it). */
  readonly recordings?: RecordingStore;
  /** A gateway that starts again: a new driver on the same Asterisk, which kept its calls. */
  nextDriver(): Promise<AriDriver>;
  close(): Promise<void>;
}

/**
 * The fake Asterisk with SimPbx's far ends, and an AriDriver on it. Extensions come from the users table as
 * the gateway's SimPbx learns them (the first time the driver asks), and a desk phone is open (its contact
 * registered) from then on unless a test quits it, as SimPbx's desk phones are.
 */
export async function startAsteriskTelephony(o: {
  clock: ManualClock;
  db: Db;
  profile?: Partial<SimProfile>;
  /** The gateway's recording store: the driver copies finished recordings into it. */
  recordings?: RecordingStore;
}): Promise<AsteriskTelephony> {
  const base = usersDirectory(o.db);
  const vias = new Map<string, ExtensionVia>();
  const closed = new Set<string>();
  // Seed 1 and the gateway's profile: the far ends draw what the gateway's own SimPbx would have drawn.
  const world = profileWorld({ clock: o.clock, profile: resolveProfile(o.profile), seed: 1, viaOf: (ext) => vias.get(ext) ?? null });
  const fake = await startFakeAri({ clock: o.clock, world, user: "dialer", password: "secret" });
  const directory = async (ext: string) => {
    const via = await base(ext);
    if (via && !vias.has(ext)) {
      vias.set(ext, via);
      if (via === "external" && !closed.has(ext)) fake.registerContact(ext);
    }
    return via;
  };

  // Which call each leg belongs to, from the drivers' LegCreated (the fake knows channels, not calls).
  const legs = new Map<string, Array<{ legId: string; role: LegRole; ext?: string; number?: string }>>();
  const record = (e: PbxEvent) => {
    if (e.kind !== "LegCreated") return;
    const list = legs.get(e.callId) ?? [];
    list.push({ legId: e.legId, role: e.role, ...(e.ext ? { ext: e.ext } : {}), ...(e.number ? { number: e.number } : {}) });
    legs.set(e.callId, list);
  };
  const newDriver = () => {
    const d = new AriDriver({
      config: { url: fake.url, user: "dialer", password: "secret" },
      clock: o.clock,
      directory,
      ...(o.recordings ? { recordings: o.recordings } : {}),
    });
    d.onEvent(record);
    return d;
  };
  let pbx = newDriver();

  const settle = () => settleAri(fake, pbx);
  const channelOf = (ext: string) => fake.channels().find((c) => c.endpoint === `PJSIP/${ext}` && !c.destroyed);

  return {
    name: "asterisk",
    fake,
    ...(o.recordings ? { recordings: o.recordings } : {}),
    get pbx() {
      return pbx;
    },
    get busy() {
      return fake.busy || pbx.busy;
    },
    settle,
    async nextDriver() {
      pbx = newDriver();
      return pbx;
    },
    async close() {
      await pbx.close();
      await fake.close();
    },
    phones: {
      ...fakePhones(fake, settle),
      async setPhoneOpen(ext, open) {
        if (open) closed.delete(ext);
        else closed.add(ext);
        if (open) fake.registerContact(ext);
        else fake.unregisterContact(ext);
        await settle();
      },
      async hangUp(ext) {
        const ch = channelOf(ext);
        if (!ch) throw new Error(`extension ${ext} is on no call`);
        fake.farHangup(ch.id);
        await settle();
      },
      async farHangup(legId) {
        fake.farHangup(legId);
        await settle();
      },
      async dropPhone(ext) {
        const ch = channelOf(ext);
        if (!ch) throw new Error(`extension ${ext} is on no call`);
        fake.farHangup(ch.id, 44);
        fake.unregisterContact(ext);
        await settle();
      },

      async legsOf(callId) {
        const bridges = new Map(fake.bridges().map((b) => [b.id, b]));
        return (legs.get(callId) ?? []).map((l) => {
          const ch = fake.model.channels.get(l.legId);
          if (!ch || ch.destroyed) return { ...l, state: "ended" as const, held: false };
          const held = ch.bridgeId !== null && bridges.get(ch.bridgeId)?.bridge_type === "holding";
          return { ...l, state: ch.state === "Up" ? ("answered" as const) : ("ringing" as const), held };
        });
      },
    },
  };
}
