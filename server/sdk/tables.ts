// The gateway SDK's table entry, for a plugin's tables.ts: the core's tables a plugin's rows refer to or read, and
// the column helpers every table uses. Kept apart from server/sdk/index.ts so that a schema file loads no gateway
// code (drizzle-kit reads plugins/*/tables.ts on its own). A plugin writes only its own tables; the core's change
// through the context's domain services (server/plugins/ownTables.test.ts checks every plugin file).
export {
  agentStatuses,
  calls,
  campaignQualifiers,
  dispositions,
  followUps,
  leadCampaigns,
  leads,
  liveTransfers,
  overstays,
  sessions,
  tenants,
  users,
} from "../db/schema";
export { callRef, tenantRef, ts, userRef } from "../db/schema";
