// A lead whose status closes it (a sale, a transfer, not interested…) is not dialled again, unless the agent
// owes it a follow-up.
import { AUTO_ONLY, fail, pass, type LeadRule } from "../facts";

export const FINAL_STATUSES: readonly string[] = [
  "Do Not Call",
  "Not Interested",
  "Not In Service",
  "Dead",
  "Hoax",
  "Inbound-Hoax",
  "Duplicate",
  "Sold",
  "Junk",
  "Medical Disqualification",
  "Medical DQ AA/GTL",
  "Medical DQ EMC",
  "Disqualified Transfer",
  "Disqualified Transfer - Age",
  "Disqualified Transfer - Banking",
  "Sent External",
  "Client Looking For a Job",
  "No Valid Payment",
  "Live_Transfer",
  "Transferred to 3rd Party",
  "Appointment Setup",
  "Make Phone Appointment",
  "Internal Transfer",
  "Other reason",
];
const FINAL = new Set(FINAL_STATUSES);

export const status: LeadRule = {
  name: "status",
  scope: "lead",
  modes: AUTO_ONLY,
  needsAgent: false,
  check(ctx, lead) {
    const f = lead.followUp;
    if (f && (!ctx.agent || f.agentId === ctx.agent.id)) return pass("status_follow_up");
    if (FINAL.has(lead.status)) return fail("status_closed", { status: lead.status });
    return pass("status_ok", { status: lead.status });
  },
};
