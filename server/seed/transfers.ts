// The demo call centres' transfer targets (agent-workspace §3 Statics: external transfers and Sunlife agents),
// stored as each tenant's `external-transfers` settings document; managers edit them with
// PUT /settings/external-transfers. North American 555 numbers, none ending 01–03 (the simulated PBX's
// scripted machine, busy and unanswered numbers), so a demo transfer reaches a person.
import type { TransferTargetSettings } from "../../src/contract/settings";

export const DEMO_TRANSFER_TARGETS: Record<number, TransferTargetSettings> = {
  // ISIUS (US)
  1: {
    external: [
      { name: "Medicare Enrollment Desk", phone: "3125550147" },
      { name: "Final Expense Partners", phone: "6175550162" },
      { name: "Annuity Specialists", phone: "2145550178" },
    ],
    sunlife: [],
    matcha: { enabled: true, phone: "2125550175" },
  },
  // SLICA (Canada)
  2: {
    external: [
      { name: "Assurance voyage Québec", phone: "5145550147" },
      { name: "Ontario Benefits Desk", phone: "4165550162" },
    ],
    sunlife: [
      { name: "Sophie Lavoie", phone: "5145550188" },
      { name: "Daniel Roy", phone: "4165550136" },
    ],
    matcha: { enabled: true, phone: "6045550175" },
  },
};
