import { types, type Instance } from "mobx-state-tree";

/** The 'Inbound Call Alert' popup: which call it is about, and whether it is open and sounding. */
export const InboundAlertModel = types
  .model("InboundAlert", {
    callId: types.maybeNull(types.number),
    phone: "",
    name: "",
    open: false,
    sounding: false,
  })
  .actions((self) => ({
    show(call: { callId: number; phone: string; name: string }) {
      Object.assign(self, {
        callId: call.callId,
        phone: call.phone,
        name: call.name,
        open: true,
        sounding: true,
      });
    },
    silence() {
      self.sounding = false;
    },
    dismiss() {
      self.open = false;
      self.sounding = false;
    },
  }));
export type InboundAlertStore = Instance<typeof InboundAlertModel>;
