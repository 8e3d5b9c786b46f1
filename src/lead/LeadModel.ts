// One lead of the stack as the workspace holds it (agent-workspace §3 Lead), in camel case. Address,
// clients and insurance are replaced as wholes (frozen), so a panel reading them never sees half an edit.
import { types, type Instance } from "mobx-state-tree";
import type { Address, Client, Insurance, Lead, LeadPatch } from "../contract/lead";
import { editAddress } from "./address";

export const LeadModel = types
  .model("Lead", {
    id: types.identifierNumber,
    marketingId: types.string,
    crmId: types.maybeNull(types.string),
    firstName: types.string,
    lastName: types.string,
    phone: types.string,
    phoneOther: types.array(types.string),
    email: types.string,
    language: "en",
    status: types.string,
    statusDescription: types.string,
    new: types.boolean,
    dials: types.number,
    notes: types.string,
    creNotes: types.string,
    keywords: types.string,
    mga: types.maybeNull(types.string),
    website: types.string,
    isAnnuity: types.boolean,
    reasons: types.array(types.string),
    reasonOther: types.string,
    campaign: types.maybeNull(types.string),
    localDid: types.maybeNull(types.string),
    isInbound: types.boolean,
    isRedistributedFollowup: types.boolean,
    qualifierName: types.maybeNull(types.string),
    qualifiedBy: types.maybeNull(types.number),
    country: types.string,
    created: types.boolean,
    createdAt: types.string,
    address: types.frozen<Address>(),
    clients: types.frozen<Client[]>(),
    insurance: types.frozen<Insurance>(),
    /** Every edit made here has reached the gateway (false after a failed save). */
    persisted: true,
  })
  .views((self) => ({
    get state() {
      return self.address.state;
    },
    get timezone() {
      return self.address.timezone;
    },
  }))
  .actions((self) => ({
    /** A fresh copy from the gateway. */
    assign(lead: Lead) {
      Object.assign(self, { ...lead, persisted: true });
    },
    /** Saved fields (persist): the address keeps the validity rule of address.ts. */
    applyPatch(patch: LeadPatch) {
      const { address, insurance, ...rest } = patch;
      Object.assign(self, rest);
      if (address) self.address = editAddress(self.address, address);
      if (insurance) self.insurance = { ...self.insurance, ...insurance };
    },
    setStatus(status: string) {
      self.status = status;
    },
    markPersisted(on: boolean) {
      self.persisted = on;
    },
  }));
export type LeadModel = Instance<typeof LeadModel>;
