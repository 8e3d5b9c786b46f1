import { types, type Instance } from "mobx-state-tree";

export const TRANSFER_KINDS = ["external", "sunlife", "matcha"] as const;

/** A place a lead can be transferred to: an external partner or a Sunlife agent (agent-workspace §3). */
export interface TransferTarget {
  readonly name: string;
  readonly phone: string;
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
  })
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
  }));
export type TransfersStore = Instance<typeof TransfersModel>;
