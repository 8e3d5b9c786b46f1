import { types, type Instance } from "mobx-state-tree";
import type { LiveTransferOffer } from "../../src/contract/liveTransfers";

/** The type select's choices, in the specification's order (agent-workspace §2). */
export const TRANSFER_KINDS = ["live", "external", "sunlife", "matcha"] as const;

/** A place a lead can be transferred to: an external partner or a Sunlife agent (agent-workspace §3). */
export interface TransferTarget {
  readonly name: string;
  readonly phone: string;
}

/** While a live transfer looks for an advisor: who could take it now, at once or with a desktop notification. */
export interface AdvisorAvailability {
  readonly ready: number;
  readonly notified: number;
}

/** The transfers slice: state and synchronous transitions only (effects live in service.ts). */
export const TransfersModel = types
  .model("Transfers", {
    /** The type select (null until the agent's types are known). */
    kind: types.maybeNull(types.enumeration(TRANSFER_KINDS)),
    /** The chosen target's phone, for the types that dial one. */
    targetPhone: "",
    targets: types.frozen<{ external: TransferTarget[]; sunlife: TransferTarget[] }>({
      external: [],
      sunlife: [],
    }),
    targetsState: types.optional(types.enumeration(["idle", "loading", "ready", "failed"]), "idle"),
    /** A press is being answered, or happened less than a second ago: the buttons wait. */
    busy: false,
    dialpadOpen: false,
    /** The qualifier's notes for the advisor, sent with the live transfer's start. */
    liveNotes: "",
    /** The last count of advisors who could take the live transfer (null: not read while this one seeks). */
    availability: types.maybeNull(types.frozen<AdvisorAvailability>()),
    /** The qualifier chose to keep waiting for an advisor: not asked again for that transfer before `until`. */
    liveWait: types.maybeNull(types.frozen<{ transferId: number; until: number }>()),
    /** The advisor's side: live transfers offered and not yet answered, oldest first. */
    offers: types.frozen<LiveTransferOffer[]>([]),
    /** The offer whose Accept is on its way (its transfer id). */
    accepting: types.maybeNull(types.number),
  })
  .views((self) => ({
    offerOf(transferId: number): LiveTransferOffer | null {
      return self.offers.find((o) => o.transfer_id === transferId) ?? null;
    },
  }))
  .actions((self) => ({
    choose(kind: (typeof TRANSFER_KINDS)[number]) {
      if (self.kind === kind) return;
      self.kind = kind;
      self.targetPhone = "";
    },
    chooseTarget(phone: string) {
      self.targetPhone = phone;
    },
    loadingTargets() {
      self.targetsState = "loading";
    },
    targetsLoaded(targets: { external: TransferTarget[]; sunlife: TransferTarget[] }) {
      self.targets = targets;
      self.targetsState = "ready";
    },
    targetsFailed() {
      self.targetsState = "failed";
    },
    setBusy(on: boolean) {
      self.busy = on;
    },
    toggleDialpad() {
      self.dialpadOpen = !self.dialpadOpen;
    },
    setLiveNotes(notes: string) {
      self.liveNotes = notes;
    },
    keepWaiting(transferId: number, until: number) {
      self.liveWait = { transferId, until };
    },
    availabilityRead(counts: AdvisorAvailability | null) {
      self.availability = counts;
    },
    /** An offer arrived (again: the newer one replaces it in place). */
    offered(offer: LiveTransferOffer) {
      const i = self.offers.findIndex((o) => o.transfer_id === offer.transfer_id);
      self.offers = i < 0 ? [...self.offers, offer] : self.offers.map((o, j) => (j === i ? offer : o));
    },
    /** Accepted, passed, refused or withdrawn: the offer goes. */
    removeOffer(transferId: number) {
      self.offers = self.offers.filter((o) => o.transfer_id !== transferId);
      if (self.accepting === transferId) self.accepting = null;
    },
    setAccepting(transferId: number | null) {
      self.accepting = transferId;
    },
  }));
export type TransfersStore = Instance<typeof TransfersModel>;
