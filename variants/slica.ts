// SLICA: the Canadian call centre. Two clients per lead, English and French, postal codes.
import { defineVariant } from "../src/core/variant";

export default defineVariant({
  id: "slica",
  code: "SLICA",
  country: "CA",
  plugins: ["goals", "overstays", "inbound-alert", "softphone", "dispositions", "auto-dialing", "user-summary", "lead-explain"],
  features: {
    "external-transfers": true,
    "recording-panel": false,
    disclosures: false,
    scripts: true,
    "qualifier-redial": true,
    "new-leads-goal-count": true,
    "booking-phone-other": true,
    "manual-transfer": true,
  },
  clientsPerLead: 2,
  languages: ["en", "fr"],
  postal: {
    label: "address.postal",
    mask: "AAA AAA",
    maxLength: 7,
    pattern: "^[A-Za-z]\\d[A-Za-z] ?\\d[A-Za-z]\\d$",
  },
  config: { goals: { refreshSeconds: 30 } },
  defaultLayouts: {
    manager: [{ panel: "overstays.feed", x: 0, y: 0, w: 6, h: 9 }],
    qualifier: [
      { panel: "goals.progress", x: 0, y: 0, w: 4, h: 9 },
      { panel: "dispositions.panel", x: 4, y: 0, w: 4, h: 14 },
      { panel: "user-summary.panel", x: 0, y: 9, w: 4, h: 14 },
      { panel: "auto-dialing.panel", x: 8, y: 0, w: 4, h: 5 },
    ],
    advisor: [
      { panel: "goals.progress", x: 0, y: 0, w: 4, h: 11 },
      { panel: "dispositions.panel", x: 4, y: 0, w: 4, h: 14 },
      { panel: "user-summary.panel", x: 0, y: 11, w: 4, h: 14 },
      { panel: "auto-dialing.panel", x: 8, y: 0, w: 4, h: 5 },
    ],
  },
});
