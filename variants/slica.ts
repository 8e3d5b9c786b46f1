// SLICA: the Canadian call centre. Two clients per lead, English and French, postal codes.
import { defineVariant } from "../src/core/variant";

export default defineVariant({
  id: "slica",
  code: "SLICA",
  country: "CA",
  plugins: ["goals", "floor", "client-health", "supervision", "lead-lists", "dnc-lists", "reports", "overstays", "inbound-alert", "softphone", "dispositions", "auto-dialing", "user-summary", "lead-explain", "lead-card", "booking", "transfers", "transfer-targets", "plugin-settings", "accounts", "users", "allowed-extensions", "attribute-groups", "call-tracking-settings", "lead-settings", "dialing-settings", "general-settings", "notification-sender", "health-eapp", "scripts", "iapp", "lead-matcher"],
  features: {
    "external-transfers": true,
    "recording-panel": false,
    disclosures: false,
    scripts: true,
    "qualifier-redial": true,
    "new-leads-goal-count": true,
    "booking-phone-other": true,
    "manual-transfer": true,
    iapp: true,
    "iapp-choice": false,
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
  // Designed within the screen's 15 rows (SCREEN_ROWS) for 1366×768 and 1920×1080 (agent-workspace §1 "Left:
  // booking workflow"): left, the booking wizard, 5 columns wide (its steps scroll in it), and under it for a
  // qualifier the transfers of the call (they matter only on a call, when the wizard is what the agent fills in);
  // middle, the lead on the call and its disposition; right, the dialer's state and the agent's day, each at a
  // size that still shows its essentials at 1366×768 (30 px rows), larger on a bigger screen.
  defaultLayouts: {
    // The floor's live wall takes most of a manager's screen; beside it the overstay feed and "Why this lead?".
    manager: [
      { panel: "floor.wall", x: 0, y: 0, w: 8, h: 15 },
      { panel: "overstays.feed", x: 8, y: 0, w: 4, h: 7 },
      { panel: "lead-explain.panel", x: 8, y: 7, w: 4, h: 8 },
    ],
    qualifier: [
      { panel: "booking.wizard", x: 0, y: 0, w: 5, h: 11 },
      { panel: "transfers.widget", x: 0, y: 11, w: 5, h: 4 },
      { panel: "lead-card.current", x: 5, y: 0, w: 3, h: 6 },
      { panel: "dispositions.panel", x: 5, y: 6, w: 3, h: 9 },
      { panel: "auto-dialing.panel", x: 8, y: 0, w: 4, h: 3 },
      // The lead matcher (agent-workspace §1 puts it on the right): links an inbound caller to the lead the
      // call centre already has.
      { panel: "lead-matcher.panel", x: 8, y: 3, w: 4, h: 3 },
      { panel: "goals.progress", x: 8, y: 6, w: 4, h: 4 },
      // On a call the script, between calls the agent's day (agent-workspace §1: "booking workflow or user
      // summary"): the two share the cell, each stepping aside while the other shows.
      { panel: "scripts.script", x: 8, y: 10, w: 4, h: 5 },
      { panel: "user-summary.panel", x: 8, y: 15, w: 4, h: 5, shownWhile: "idle" },
    ],
    advisor: [
      // An advisor hands a client to a colleague by hand (the manual transfer) under the booking wizard, and
      // links an inbound caller to the lead the call centre already has (the lead matcher) above it.
      { panel: "booking.wizard", x: 0, y: 0, w: 5, h: 9 },
      { panel: "lead-matcher.panel", x: 0, y: 9, w: 5, h: 3 },
      { panel: "transfers.manual", x: 0, y: 12, w: 5, h: 3 },
      { panel: "lead-card.current", x: 5, y: 0, w: 3, h: 6 },
      { panel: "dispositions.panel", x: 5, y: 6, w: 3, h: 9 },
      // Auto-dialing says one line to an advisor (advisors are rung, not dialled for).
      { panel: "auto-dialing.panel", x: 8, y: 0, w: 4, h: 2 },
      { panel: "goals.progress", x: 8, y: 2, w: 4, h: 4 },
      // Send to iApp and the health e-app button (or why it is not offered for this lead), small, above the
      // agent's day.
      { panel: "iapp.panel", x: 8, y: 6, w: 4, h: 2 },
      { panel: "health-eapp.panel", x: 8, y: 8, w: 4, h: 2 },
      // On a call the script, between calls the agent's day (as for the qualifier).
      { panel: "scripts.script", x: 8, y: 10, w: 4, h: 5 },
      { panel: "user-summary.panel", x: 8, y: 15, w: 4, h: 5, shownWhile: "idle" },
    ],
  },
});
