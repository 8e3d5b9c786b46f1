// The extra recording of the call, as the panel shows it: running or not, which one (the call's n-th), since when.
import { types, type Instance } from "mobx-state-tree";

export const RecordingsModel = types
  .model("Recordings", {
    /** The call the recording is of. */
    callId: types.maybeNull(types.number),
    /** The running recording's index on its call; null when none runs. */
    index: types.maybeNull(types.number),
    startedAt: types.maybeNull(types.number),
    /** A start or stop is on its way to the gateway. */
    busy: false,
  })
  .views((self) => ({
    get recording() {
      return self.index !== null;
    },
  }))
  .actions((self) => ({
    busy_(on: boolean) {
      self.busy = on;
    },
    started(callId: number, index: number, at: number) {
      Object.assign(self, { callId, index, startedAt: at, busy: false });
    },
    stopped() {
      Object.assign(self, { index: null, startedAt: null, busy: false });
    },
    reset() {
      Object.assign(self, { callId: null, index: null, startedAt: null, busy: false });
    },
  }));
export type RecordingsStore = Instance<typeof RecordingsModel>;
