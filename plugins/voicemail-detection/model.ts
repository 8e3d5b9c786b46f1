import { types, type Instance } from "mobx-state-tree";

/** The voicemail-detection slice: state and synchronous transitions only (effects live in service.ts). */
export const VoicemailModel = types
  .model("VoicemailDetection", {
    phase: types.optional(types.enumeration(["idle", "counting", "saving", "failed"]), "idle"),
    callId: types.maybeNull(types.number),
    leadId: types.maybeNull(types.number),
    channel: types.maybeNull(types.string),
    status: types.maybeNull(types.string),
    remaining: 0,
    disposition: types.maybeNull(types.literal("Voicemail")),
    /** Transient failures may be retried by the agent; a refusal (4xx) may not. */
    retryable: false,
    /** The call whose machine verdict the agent overruled: later machine events of it are ignored. */
    declinedCallId: types.maybeNull(types.number),
    lastDisposed: types.maybeNull(types.frozen<{ leadId: number; callId: number }>()),
  })
  .views((self) => ({
    get active() {
      return self.phase === "counting";
    },
    get busy() {
      return self.phase === "counting" || self.phase === "saving";
    },
  }))
  .actions((self) => {
    /** The call ended or a person answered before the countdown ran out. */
    function clear() {
      self.phase = "idle";
      self.remaining = 0;
      self.disposition = null;
      self.retryable = false;
    }
    return {
      /** A detection event for the agent's current call. */
      heard(event: string) {
        self.status = event;
      },
      /** The agent's call changed: forget the last call's verdict; a failed save's toast was shown, the disposition panel takes it from here. */
      newCall() {
        self.status = null;
        if (self.phase === "failed") clear();
      },
      activate(a: { callId: number; leadId: number; channel: string; seconds: number }) {
        Object.assign(self, { callId: a.callId, leadId: a.leadId, channel: a.channel, remaining: a.seconds });
        Object.assign(self, { phase: "counting", disposition: null, retryable: false });
      },
      tick(remaining: number) {
        self.remaining = remaining;
      },
      /** The agent said 'Not a voicemail'. */
      decline() {
        self.declinedCallId = self.callId;
        self.phase = "idle";
        self.remaining = 0;
      },
      clear,
      disposing() {
        self.phase = "saving";
        self.remaining = 0;
        self.disposition = "Voicemail";
        self.retryable = false;
      },
      saved() {
        self.lastDisposed = { leadId: self.leadId!, callId: self.callId! };
        self.phase = "idle";
        self.disposition = null;
      },
      failed(retryable: boolean) {
        self.phase = "failed";
        self.retryable = retryable;
      },
    };
  });
export type VoicemailStore = Instance<typeof VoicemailModel>;
