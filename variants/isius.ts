// ISIUS: the US call centre. One client per lead, English and Spanish, ZIP codes.
import { defineVariant } from "../src/core/variant";

export default defineVariant({
  id: "isius",
  code: "ISIUS",
  country: "US",
  plugins: ["goals", "overstays", "voicemail-detection", "inbound-alert", "softphone", "dispositions", "auto-dialing", "user-summary", "lead-explain"],
  features: {
    "external-transfers": true,
    "recording-panel": true,
    disclosures: true,
    scripts: true,
    "qualifier-redial": true,
    "new-leads-goal-count": true,
    "booking-phone-other": true,
    "manual-transfer": true,
  },
  clientsPerLead: 1,
  languages: ["en", "es"],
  postal: { label: "address.zip", mask: "#####", maxLength: 5, pattern: "^\\d{5}$" },
  config: { goals: { refreshSeconds: 30 } },
  defaultLayouts: {
    manager: [{ panel: "overstays.feed", x: 0, y: 0, w: 6, h: 9 }],
    qualifier: [
      { panel: "goals.progress", x: 8, y: 0, w: 4, h: 9 },
      { panel: "voicemail-detection.panel", x: 8, y: 9, w: 4, h: 6 },
      { panel: "dispositions.panel", x: 4, y: 0, w: 4, h: 14 },
      { panel: "user-summary.panel", x: 0, y: 0, w: 4, h: 14 },
      { panel: "auto-dialing.panel", x: 8, y: 15, w: 4, h: 5 },
    ],
    advisor: [
      { panel: "goals.progress", x: 8, y: 0, w: 4, h: 11 },
      { panel: "dispositions.panel", x: 4, y: 0, w: 4, h: 14 },
      { panel: "user-summary.panel", x: 0, y: 0, w: 4, h: 14 },
      { panel: "auto-dialing.panel", x: 8, y: 11, w: 4, h: 5 },
    ],
  },
});
