// A lead as the core's leads stack shows it to plugins (LeadView), for plugin tests.
import type { LeadView } from "../core/services";

export function leadView(over: Partial<LeadView> = {}): LeadView {
  return {
    id: 31,
    marketingId: "M-31",
    firstName: "Pat",
    lastName: "Doe",
    phone: "+15555550100",
    phoneOther: [],
    email: "pat@example.com",
    status: "New",
    language: "en",
    notes: "",
    creNotes: "",
    campaign: null,
    dials: 0,
    state: "TX",
    timezone: "America/Chicago",
    isInbound: false,
    isRedistributedFollowup: false,
    qualifierName: null,
    clients: [],
    ...over,
  };
}
