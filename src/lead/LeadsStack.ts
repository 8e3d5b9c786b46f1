// The leads stack (agent-workspace §3 Leads stack: leadIds, currentId): the leads the agent is working, in
// the order they were opened, the one the panels show, and those a call opened that still need a
// disposition. Opening makes a lead current; removing one makes the last remaining lead current.
import { detach, types, type Instance } from "mobx-state-tree";
import type { Lead } from "../contract/lead";
import { LeadModel } from "./LeadModel";

export const LeadsStack = types
  .model("Leads", {
    leads: types.map(LeadModel),
    leadIds: types.array(types.number),
    currentId: types.maybeNull(types.number),
    /** Leads opened by a call and not disposed yet. */
    awaiting: types.array(types.number),
  })
  .views((self) => ({
    get current(): LeadModel | null {
      return self.currentId === null ? null : (self.leads.get(self.currentId) ?? null);
    },
    get awaitingDisposition() {
      return self.awaiting.length;
    },
    isAwaiting(id: number) {
      return self.awaiting.includes(id);
    },
  }))
  .actions((self) => ({
    /** A lead loaded from the gateway joins the stack (or is refreshed there) and moves to its top. */
    put(lead: Lead, opts: { awaiting?: boolean; makeCurrent?: boolean } = {}) {
      const existing = self.leads.get(lead.id);
      if (existing) existing.assign(lead);
      else self.leads.put({ ...lead, persisted: true });
      const at = self.leadIds.indexOf(lead.id);
      if (at >= 0) self.leadIds.splice(at, 1);
      self.leadIds.push(lead.id);
      if (opts.awaiting && !self.awaiting.includes(lead.id)) self.awaiting.push(lead.id);
      if (opts.makeCurrent !== false || self.currentId === null) self.currentId = lead.id;
      return self.leads.get(lead.id)!;
    },
    /** A lead of the stack read again: its fields change, nothing else (order, current, awaiting). */
    refreshed(lead: Lead) {
      self.leads.get(lead.id)?.assign(lead);
    },
    /** The lead no longer waits for a disposition (its call moved to another lead). */
    release(id: number) {
      const at = self.awaiting.indexOf(id);
      if (at >= 0) self.awaiting.splice(at, 1);
    },
    /** The lead leaves the stack; the last remaining one becomes current. */
    remove(id: number) {
      const at = self.leadIds.indexOf(id);
      if (at >= 0) self.leadIds.splice(at, 1);
      const waiting = self.awaiting.indexOf(id);
      if (waiting >= 0) self.awaiting.splice(waiting, 1);
      const node = self.leads.get(id);
      // Detached, not destroyed: a panel still holding the lead may read it while it re-renders.
      if (node) detach(node);
      self.currentId = self.leadIds.length ? self.leadIds[self.leadIds.length - 1]! : null;
    },
    select(id: number) {
      if (self.leadIds.includes(id)) self.currentId = id;
    },
  }));
export type LeadsStack = Instance<typeof LeadsStack>;
