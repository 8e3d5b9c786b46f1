// Send to iApp as the panel shows it, for the lead on the desk: where it was sent (and the page to open again),
// the send on its way, the one that failed (its button red), the Yes/No question waiting for the agent.
import { types, type Instance } from "mobx-state-tree";

const Destination = types.enumeration("IappDestination", ["iapp", "iapp2"]);

const Sent = types.model("IappSent", {
  destination: Destination,
  url: types.string,
  reference: types.string,
});

export const IappModel = types
  .model("Iapp", {
    /** The lead the rest is about; null with no lead on the desk. */
    leadId: types.maybeNull(types.number),
    sent: types.array(Sent),
    sending: types.maybeNull(Destination),
    failed: types.maybeNull(Destination),
    /** The destination the Yes/No question asks about. */
    asking: types.maybeNull(Destination),
  })
  .views((self) => ({
    sentTo(destination: string) {
      return self.sent.find((s) => s.destination === destination) ?? null;
    },
  }))
  .actions((self) => ({
    /** Another lead on the desk: nothing of the previous one stays. */
    forLead(leadId: number | null) {
      Object.assign(self, { leadId, sending: null, failed: null, asking: null });
      self.sent.clear();
    },
    known(leadId: number, sent: { destination: "iapp" | "iapp2"; url: string; reference: string }[]) {
      if (leadId !== self.leadId) return;
      for (const s of sent) if (!self.sentTo(s.destination)) self.sent.push(s);
    },
    ask(destination: "iapp" | "iapp2" | null) {
      self.asking = destination;
    },
    started(destination: "iapp" | "iapp2") {
      Object.assign(self, { sending: destination, failed: null, asking: null });
    },
    succeeded(leadId: number, s: { destination: "iapp" | "iapp2"; url: string; reference: string }) {
      if (leadId !== self.leadId) return;
      self.sending = null;
      if (!self.sentTo(s.destination)) self.sent.push(s);
    },
    failedTo(leadId: number, destination: "iapp" | "iapp2") {
      if (leadId !== self.leadId) return;
      Object.assign(self, { sending: null, failed: destination });
    },
  }));
export type IappStore = Instance<typeof IappModel>;
