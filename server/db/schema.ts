// One drizzle schema for PGlite and PostgreSQL; keep to PostgreSQL 15 SQL (no uuidv7 and the like).
import {
  pgTable,
  serial,
  integer,
  text,
  boolean,
  timestamp,
  jsonb,
  doublePrecision,
  primaryKey,
  uniqueIndex,
  index,
  bigserial,
  bigint,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
/** The call centre a row belongs to. */
export const tenantRef = () =>
  integer("tenant_id")
    .notNull()
    .references(() => tenants.id);
/** A user the row belongs to; with "cascade" the row goes when the user does. */
export const userRef = (name: string, onDelete?: "cascade") =>
  integer(name)
    .notNull()
    .references(() => users.id, onDelete ? { onDelete } : {});
/** The call a row was kept with (a plugin's proof, recording or playback of it). */
export const callRef = () =>
  integer("call_id")
    .notNull()
    .references(() => calls.id);

export const tenants = pgTable(
  "tenants",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    variant: text("variant").notNull(), // isius | slica
    country: text("country").notNull(), // US | CA
    features: jsonb("features").$type<Record<string, boolean>>().notNull().default({}),
    /** The call centre's own zone: hourly and daily goals and operation hours are counted in it. */
    timezone: text("timezone").notNull().default("America/New_York"),
    /** The number callers dial to reach this call centre: inbound calls to it are routed to its agents. */
    inboundDid: text("inbound_did"),
    /** The extension whose agent sees the 'Inbound Call Alert' popup (agent-workspace §2); null: nobody. */
    inboundAlertExtension: text("inbound_alert_extension"),
  },
  // A dialled number reaches one call centre (server/modules/ownership): unique across the installation.
  (t) => [uniqueIndex("tenants_inbound_did_uq").on(t.inboundDid)],
);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantRef(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** active | new_password_required | password_reset_required */
    passwordState: text("password_state").notNull().default("active"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** qualifier | advisor | manager | admin | super | operations-manager */
    role: text("role").notNull(),
    extension: text("extension"),
    level: integer("level").notNull().default(1),
    language: text("language").notNull().default("en"),
    isBilingual: boolean("is_bilingual").notNull().default(false),
    hasWebrtc: boolean("has_webrtc").notNull().default(false),
    /** Calling disabled by a manager. The agent still signs in, but cannot take or place calls. */
    deactivated: boolean("deactivated").notNull().default(false),
    /** A disabled account cannot sign in at all and its sessions end. */
    disabled: boolean("disabled").notNull().default(false),
    inboundOnly: boolean("inbound_only").notNull().default(false),
    outboundEligibility: text("outbound_eligibility").notNull().default("both"),
    autoAnswer: boolean("auto_answer").notNull().default(false),
    autoAnswerTime: integer("auto_answer_time").notNull().default(0),
    canTransferToSunlife: boolean("can_transfer_to_sunlife").notNull().default(false),
    canTransferToMatcha: boolean("can_transfer_to_matcha").notNull().default(false),
    isIapp2Agent: boolean("is_iapp2_agent").notNull().default(false),
    isExternal: boolean("is_external").notNull().default(false),
    internalLiveTransfers: boolean("internal_live_transfers").notNull().default(false),
    externalLiveTransfers: boolean("external_live_transfers").notNull().default(false),
    healthLicenses: jsonb("health_licenses").$type<string[]>().notNull().default([]),
    /** States or provinces (lower-case codes) the agent may call ('callable states'); null: every one. */
    callableStates: jsonb("callable_states").$type<string[]>(),
    /**
     * An advisor's home base: a postal code ('10001', 'M5V 3L9') and its coordinates, from which the advisors
     * "in the area" of a lead are counted (within 25 km: GET /available-agents). Null: counted nowhere.
     */
    homePostal: text("home_postal"),
    homeLatitude: doublePrecision("home_latitude"),
    homeLongitude: doublePrecision("home_longitude"),
    /** The MGA the advisor is contracted under (a lead's and an IOA's `mga`); null: any MGA's meetings. */
    mga: text("mga"),
    /**
     * The manager whose team the agent is in (a notification for team members only reaches the sender's
     * team); null: in no team. Written by the seed until the users area edits it.
     */
    managerId: integer("manager_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_uq").on(t.email),
    index("users_tenant_idx").on(t.tenantId),
    index("users_manager_idx").on(t.managerId),
  ],
);

/** Attributes (admin-and-sign-in §3); type PERMISSION carries a permission in `scope`. */
export const attributes = pgTable("attributes", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  type: text("type").notNull(),
  scope: text("scope"),
  /** Roles that may hold it (has_auto_ready: advisor only); empty means any. */
  roles: jsonb("roles").$type<string[]>().notNull().default([]),
});

export const userAttributes = pgTable(
  "user_attributes",
  {
    userId: userRef("user_id", "cascade"),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.attributeId] })],
);

/**
 * Server-side sessions: every request reads its row, so logout, deactivation and role changes apply at the
 * next request. `gen` is the access-token generation; the previous two stay valid for a short overlap so
 * parallel requests and tabs never log an agent out; an older one after the window revokes the session
 * (reliability.md A4).
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey(),
    userId: userRef("user_id", "cascade"),
    createdAt: ts("created_at").notNull(),
    lastSeenAt: ts("last_seen_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    revokedReason: text("revoked_reason"),
    gen: integer("gen").notNull().default(1),
    genAt: ts("gen_at").notNull(),
    /** No longer read or written: superseded tokens are valid until they expire (docs/decisions.md). */
    superseded: jsonb("superseded").$type<Record<string, number>>().notNull().default({}),
    fingerprintHash: text("fingerprint_hash").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Sign-in throttling counters, in the database so every gateway instance sees the same ones. */
export const loginThrottle = pgTable("login_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStart: ts("window_start").notNull(),
  lockedUntil: ts("locked_until"),
});

export const passwordResets = pgTable(
  "password_resets",
  {
    id: serial("id").primaryKey(),
    userId: userRef("user_id", "cascade"),
    codeHash: text("code_hash").notNull(),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    attempts: integer("attempts").notNull().default(0),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/** Development mailbox: what the gateway would have e-mailed (disabled in production mode). */
export const devMailbox = pgTable("dev_mailbox", {
  id: serial("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  code: text("code"),
  sentAt: ts("sent_at").notNull(),
});

/** Security audit trail (ASVS V16.3): sign-ins, refusals, access denials. Never a password or token. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: ts("at").notNull(),
    userId: integer("user_id"),
    tenantId: integer("tenant_id"),
    ip: text("ip"),
    action: text("action").notNull(),
    outcome: text("outcome").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
  },
  (t) => [index("audit_log_user_idx").on(t.userId, t.at)],
);

/** Per-tenant settings documents, keyed: globals, operation-hours, dialing-sequence, quotas… */
export const settings = pgTable(
  "settings",
  {
    tenantId: tenantRef(),
    key: text("key").notNull(),
    value: jsonb("value").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);

/**
 * The call-tracking provider's (Retreaver's) mappings (admin-and-sign-in §3): a call to the DID (10 national
 * digits) is the call centre's, and a caller who is not yet a lead becomes one with this marketing-id prefix.
 */
export const retreaverMappings = pgTable(
  "retreaver_mappings",
  {
    tenantId: tenantRef(),
    did: text("did").notNull(),
    prefix: text("prefix").notNull(),
    /** On: a caller already a lead of the call centre is attached to that lead; off: each call makes a new lead. */
    duplicateChecker: boolean("duplicate_checker").notNull().default(true),
    /** Kept for the provider's reports; the gateway does not act on it. */
    shortCalls: boolean("short_calls").notNull().default(false),
  },
  // One call centre maps a DID (server/modules/ownership): unique on the number, not per tenant.
  (t) => [primaryKey({ columns: [t.tenantId, t.did] }), uniqueIndex("retreaver_mappings_did_uq").on(t.did)],
);

// ---------------------------------------------------------------- the lead book

export const leadCampaigns = pgTable(
  "lead_campaigns",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantRef(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    active: boolean("active").notNull().default(true),
    /** 'Marketing ID Prefix' */
    prefix: text("prefix").notNull(),
    /** 'Additional Prefixes' */
    prefixes: jsonb("prefixes").$type<string[]>().notNull().default([]),
  },
  (t) => [uniqueIndex("lead_campaigns_slug_uq").on(t.tenantId, t.slug)],
);

export const campaignQualifiers = pgTable(
  "campaign_qualifiers",
  {
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => leadCampaigns.id, { onDelete: "cascade" }),
    userId: userRef("user_id", "cascade"),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.userId] })],
);

export const leadPrefixes = pgTable("lead_prefixes", {
  id: serial("id").primaryKey(),
  tenantId: tenantRef(),
  name: text("name").notNull(),
});

export const leadGroups = pgTable("lead_groups", {
  id: serial("id").primaryKey(),
  tenantId: tenantRef(),
  name: text("name").notNull(),
});

export const leadGroupPrefixes = pgTable(
  "lead_group_prefixes",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => leadGroups.id, { onDelete: "cascade" }),
    prefixId: integer("prefix_id")
      .notNull()
      .references(() => leadPrefixes.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.prefixId] })],
);

export const leadGroupAdvisors = pgTable(
  "lead_group_advisors",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => leadGroups.id, { onDelete: "cascade" }),
    userId: userRef("user_id", "cascade"),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);

export const leads = pgTable(
  "leads",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantRef(),
    marketingId: text("marketing_id").notNull(),
    crmId: text("crm_id"),
    campaignId: integer("campaign_id").references(() => leadCampaigns.id),
    prefix: text("prefix"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone").notNull(),
    phoneOther: jsonb("phone_other").$type<string[]>().notNull().default([]),
    email: text("email"),
    language: text("language").notNull().default("en"),
    status: text("status").notNull().default("New"),
    statusDescription: text("status_description"),
    isNew: boolean("is_new").notNull().default(true),
    dials: integer("dials").notNull().default(0),
    notes: text("notes"),
    street: text("street"),
    apartment: text("apartment"),
    buzzer: text("buzzer"),
    /** Address type (house 1, apartment 2, workplace 3) and its validity as the workspace last set it; null: never set. */
    addressType: integer("address_type").notNull().default(1),
    addressValid: boolean("address_valid"),
    city: text("city"),
    postal: text("postal"),
    /** US state or Canadian province code, lower case (admin-and-sign-in §9). */
    state: text("state"),
    country: text("country").notNull(),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** IANA zone of the lead's address: calling windows are computed from it. */
    timezone: text("timezone"),
    clients: jsonb("clients").$type<Record<string, unknown>[]>().notNull().default([]),
    insurance: jsonb("insurance").$type<Record<string, unknown>>().notNull().default({}),
    isAnnuity: boolean("is_annuity").notNull().default(false),
    /** The lead's reasons (LEAD_REASONS) and the free text of 'other'. */
    reasons: jsonb("reasons").$type<string[]>().notNull().default([]),
    reasonOther: text("reason_other"),
    /**
     * What the CRM knows of the lead and the workspace only shows: CRE notes ('date | timestamp - text'
     * entries joined by a line-break tag), the ad keywords, the lead source (website) and its MGA.
     */
    creNotes: text("cre_notes"),
    keywords: text("keywords"),
    website: text("website"),
    mga: text("mga"),
    /** A follow-up a manager moved from another agent to this lead's owner. */
    isRedistributedFollowup: boolean("is_redistributed_followup").notNull().default(false),
    /** The agent who owns the lead (an advisor's client, a qualifier's follow-up). */
    ownerId: integer("owner_id").references(() => users.id),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("leads_marketing_id_uq").on(t.tenantId, t.marketingId),
    index("leads_phone_idx").on(t.phone),
    index("leads_owner_idx").on(t.ownerId),
    // The dialer's pool order (fewest dials first, newest first): without it every auto-dial tick scans and
    // sorts the whole lead book (bench/dialer-load: 72.7 ms per dial on PGlite at 48,000 leads, 2.0 ms with it).
    index("leads_pool_idx").on(t.tenantId, t.dials, t.id.desc()),
  ],
);

/** Secrets the embedded gateway generates for itself (the token signing key when JWT_SECRET is not set). */
export const gatewaySecrets = pgTable("gateway_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
});

/** Each agent's arrangement of panels, per variant (only {i, panel, x, y, w, h} with a version). */
export const agentLayouts = pgTable(
  "agent_layouts",
  {
    userId: userRef("user_id", "cascade"),
    variant: text("variant").notNull(),
    version: integer("version").notNull(),
    items: jsonb("items")
      .$type<{ i: string; panel: string; x: number; y: number; w: number; h: number }[]>()
      .notNull(),
    /** How many of each plugin's layout migrations the items went through (src/workspace/layout.ts); null: none. */
    migrations: jsonb("migrations").$type<Record<string, number>>(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.variant] })],
);

// ---------------------------------------------------------------- calls and dispositions

/** One call leg of an agent: placed (auto, manual, follow-up, callback) or received (inbound, transfer). */
export const calls = pgTable(
  "calls",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantRef(),
    leadId: integer("lead_id").references(() => leads.id),
    agentId: userRef("agent_id"),
    /** auto | inbound | manual | follow-up | callback | transfer */
    type: text("type").notNull(),
    /** 0 outgoing, 1 incoming */
    direction: integer("direction").notNull(),
    phone: text("phone").notNull(),
    /** dialing | incoming | answered | not_answered | ended */
    status: text("status").notNull(),
    pbxCallId: text("pbx_call_id"),
    startedAt: ts("started_at").notNull(),
    answeredAt: ts("answered_at"),
    endedAt: ts("ended_at"),
    /** Seconds from answer to end. */
    duration: integer("duration"),
    liveTransfer: integer("live_transfer").notNull().default(0),
    extraRecordingIndex: integer("extra_recording_index").notNull().default(0),
    /** How the call ended for the agent (normal, busy, no-answer, rejected, unavailable, failed, canceled). */
    cause: text("cause"),
    /** The hangup flow's PUT arrived: the call is settled. */
    settledAt: ts("settled_at"),
    /**
     * The PBX's answering-machine verdict on the lead's answer (AMD-Human-voice, AMD-Machine-Vm-WA, AMD-NotSure,
     * AMD-Hangup), when it gave one: a call a machine answered is no contact (the reports, issue 37).
     */
    amdVerdict: text("amd_verdict"),
    /** The lead's campaign when the call was placed or taken (a lead may change campaign later). */
    campaignId: integer("campaign_id").references(() => leadCampaigns.id, { onDelete: "set null" }),
    /**
     * When the called party itself answered (its leg), before it was bridged to the agent (answered_at): the gap
     * is what an abandoned call is measured by (FTC TSR: a person not connected to an agent within 2 s).
     */
    partyAnsweredAt: ts("party_answered_at"),
    /**
     * The agent's phone dropped mid-call (a page reload, a browser crash, the network) and the lead was kept on
     * hold for the agent to come back (server/modules/calls/rejoin.ts); null again once the agent is back. Set on
     * an ended call: it ended while the agent was away (the lead heard the goodbye). A restarted gateway re-arms
     * the wait from it.
     */
    agentAwaySince: ts("agent_away_since"),
    /**
     * The call's outside transfer (external, Sunlife, Matcha, third party) as it stands: kind, party, outcome, the
     * disposition it sets, since when the party rings. Written by the transfer control at each step
     * (server/modules/calls/transferRow.ts) so that the gateway that follows the call next (a restart, a takeover)
     * shows the agent the same transfer and still ends a party that rings too long.
     */
    transfer: jsonb("transfer").$type<Record<string, unknown>>(),
    /**
     * The clip an agent started into the call (a disclosure) while it plays: the PBX's playback id, the clip, when it
     * started (server/modules/calls/playback.ts); null once it finished. The next gateway to follow the call
     * follows the clip on, and its owner still gets the proof that it played.
     */
    playback: jsonb("playback").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("calls_agent_started_idx").on(t.agentId, t.startedAt),
    index("calls_lead_idx").on(t.leadId),
    // Every call event finds its row by the PBX's id (the floor, crash recovery); every dial's compliance gate
    // counts the call centre's last 24 h; the floor reads the calls not ended. Without these, a year of history
    // (bench/reports: 4.9 M calls) turned each into a scan of seconds and a dial took 20-55 s.
    index("calls_pbx_call_idx").on(t.pbxCallId),
    index("calls_tenant_started_idx").on(t.tenantId, t.startedAt),
    index("calls_open_idx")
      .on(t.startedAt)
      .where(sql`${t.endedAt} is null`),
    // The reports' call search by number or by campaign over a range (plugins/reports/calls), and the gate's count
    // of a number's calls in the last 24 h.
    index("calls_tenant_phone_started_idx").on(t.tenantId, t.phone, t.startedAt),
    index("calls_campaign_started_idx").on(t.campaignId, t.startedAt),
  ],
);

export const dispositions = pgTable(
  "dispositions",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantRef(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id),
    agentId: userRef("agent_id"),
    callId: integer("call_id").references(() => calls.id),
    disposition: text("disposition").notNull(),
    reason: text("reason"),
    reasonOther: text("reason_other"),
    notes: text("notes"),
    dateTime: ts("date_time"),
    rescheduleFollowup: boolean("reschedule_followup").notNull().default(false),
    shortCall: boolean("short_call").notNull().default(false),
    createdAt: ts("created_at").notNull(),
    /** A sale's details (Sold): coverage and premium amounts, policy number, plan type. */
    sold: jsonb("sold"),
    /** Given as an exception: the manager e-mailed to approve it, and why. */
    exception: jsonb("exception"),
  },
  (t) => [
    index("dispositions_agent_created_idx").on(t.agentId, t.createdAt),
    index("dispositions_lead_idx").on(t.leadId),
    // The floor's totals of today for the whole call centre.
    index("dispositions_tenant_created_idx").on(t.tenantId, t.createdAt),
    // A call's disposition (the reports' call search and its detail).
    index("dispositions_call_idx").on(t.callId),
  ],
);

// ---------------------------------------------------------------- agent statuses and overstays

/**
 * Each agent's current status: one row per agent. `periodId` names the status_changes row that began the
 * current period; `offsetSeconds` is time already counted before `since` (a cumulative break resumes from
 * today's earlier breaks), so duration = offsetSeconds + (now − since).
 */
export const agentStatuses = pgTable(
  "agent_statuses",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tenantId: tenantRef(),
    status: text("status").notNull(),
    since: ts("since").notNull(),
    offsetSeconds: integer("offset_seconds").notNull().default(0),
    periodId: bigint("period_id", { mode: "number" }).notNull(),
    /** agent | system | manager */
    source: text("source").notNull(),
  },
  (t) => [index("agent_statuses_tenant_idx").on(t.tenantId)],
);

/** Audit trail of every status change: who, from, to, when, how long the previous status lasted, by whom. */
export const agentStatusChanges = pgTable(
  "agent_status_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: tenantRef(),
    userId: userRef("user_id", "cascade"),
    /** null for an agent's very first status */
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    at: ts("at").notNull(),
    /** Whole seconds spent in fromStatus in the period this change ends. */
    previousDuration: integer("previous_duration").notNull(),
    /** agent | system | manager */
    source: text("source").notNull(),
    /** The person who made the change (the agent, or the manager); null for the gateway itself. */
    actorId: integer("actor_id"),
    /** Why the gateway or a manager changed it (logout, disconnect, deactivated, connected…). */
    reason: text("reason"),
  },
  (t) => [
    index("agent_status_changes_user_at_idx").on(t.userId, t.at),
    index("agent_status_changes_tenant_at_idx").on(t.tenantId, t.at),
  ],
);

/** Overstays: at most one per status period. The managers' feed lists those the real-time viewer was told of. */
export const overstays = pgTable(
  "overstays",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: tenantRef(),
    userId: userRef("user_id", "cascade"),
    periodId: bigint("period_id", { mode: "number" }).notNull(),
    status: text("status").notNull(),
    role: text("role").notNull(),
    limitSeconds: integer("limit_seconds").notNull(),
    graceSeconds: integer("grace_seconds").notNull(),
    startedAt: ts("started_at").notNull(),
    agentNotifiedAt: ts("agent_notified_at"),
    rtvNotifiedAt: ts("rtv_notified_at"),
    endedAt: ts("ended_at"),
    /** gateway (its own clock) or browser (POST /overstayed-status…), whichever saw it first */
    detectedBy: text("detected_by").notNull(),
    // The notice to the call centre's chat (its webhook), sent after the real-time viewer's and retried by
    // whichever instance rescans first: when it was delivered, how many tries, and the try under way.
    chatSentAt: ts("chat_sent_at"),
    chatAttempts: integer("chat_attempts").notNull().default(0),
    chatTryingAt: ts("chat_trying_at"),
  },
  (t) => [
    uniqueIndex("overstays_period_uq").on(t.periodId),
    index("overstays_tenant_rtv_idx").on(t.tenantId, t.rtvNotifiedAt),
  ],
);

/**
 * Writes that must not double (ARCHITECTURE.md decision 15): the first answer to a request with an
 * Idempotency-Key, per agent and route, replayed for a retry with the same key. Kept 24 hours; an unanswered
 * claim only while its request can still be running (server/http/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    route: text("route").notNull(),
    /** A digest of the body: the same key with another body is refused (422). */
    fingerprint: text("fingerprint").notNull(),
    status: integer("status").notNull(),
    body: jsonb("body"),
    createdAt: ts("created_at").notNull(),
    /** The gateway process (its instance id) whose request claimed the key: a crashed one no longer runs it. */
    claimedBy: text("claimed_by"),
    /** Until when an unanswered claim counts as running; its request renews it while it runs. */
    leaseUntil: ts("lease_until"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key, t.route] })],
);

// ---------------------------------------------------------------- telephony (server/pbx/lease.ts)

/**
 * Which gateway instance drives the PBX: one row per PBX, held by the instance whose heartbeat keeps `expires_at`
 * ahead. `term` grows at each change of holder, so a holder that was paused past its lease can tell it lost it.
 */
export const telephonyLeases = pgTable("telephony_leases", {
  pbx: text("pbx").primaryKey(),
  holder: text("holder").notNull(),
  /** The holder's host and process, for a person reading who drives the PBX. */
  holderName: text("holder_name").notNull(),
  term: integer("term").notNull(),
  acquiredAt: ts("acquired_at").notNull(),
  expiresAt: ts("expires_at").notNull(),
});

// ---------------------------------------------------------------- the dialer (server/dialer)

/**
 * Leads an agent holds right now: claimed by a dial until the lead is disposed or the agent releases it
 * (DELETE /in-process-leads). The lead id is the key, so two agents never hold the same lead; a claim older
 * than the dialer's claim lifetime no longer counts (an agent who left without disposing).
 */
export const inProcessLeads = pgTable(
  "in_process_leads",
  {
    leadId: integer("lead_id")
      .primaryKey()
      .references(() => leads.id, { onDelete: "cascade" }),
    tenantId: tenantRef(),
    agentId: userRef("agent_id", "cascade"),
    since: ts("since").notNull(),
    /** auto | follow-up | redial */
    via: text("via").notNull(),
    /** The claim made the agent the lead's owner (a lead from the pool): undone when the lead goes back. */
    ownerSet: boolean("owner_set").notNull().default(false),
  },
  (t) => [index("in_process_leads_agent_idx").on(t.agentId)],
);

/**
 * Follow-ups (agent-workspace §3, booking-and-reference §4): a call an agent owes a lead at a time, left by a
 * Callback Scheduled, Appointment Setup, Pocket, Engaged Opportunity or External Follow-up disposition. At
 * most one is pending per lead; a later disposition closes it (done) or moves it (Pocket with
 * reschedule_followup).
 */
export const followUps = pgTable(
  "follow_ups",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantRef(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    agentId: userRef("agent_id", "cascade"),
    dispositionId: integer("disposition_id").references(() => dispositions.id, { onDelete: "set null" }),
    /** The disposition that asked for it. */
    kind: text("kind").notNull(),
    /** 1 callback, 2 follow up, 3 Engaged Opportunity (the workspace shows 3 as Engaged Opportunity). */
    type: integer("type").notNull(),
    startsAt: ts("starts_at").notNull(),
    notes: text("notes"),
    /** pending | done | canceled */
    state: text("state").notNull().default("pending"),
    /** When it was last dialled. */
    startedAt: ts("started_at"),
    doneAt: ts("done_at"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    index("follow_ups_agent_idx").on(t.agentId, t.state, t.startsAt),
    uniqueIndex("follow_ups_pending_lead_uq")
      .on(t.leadId)
      .where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * The call centre's own Do Not Call list (reliability.md G2): a number goes on it with a Do Not Call
 * disposition and is kept 3 years + 14 days from the day it was added. The dialer never dials a number on it.
 */
/**
 * The call centre's imported Do Not Call lists (issue 36): a national-registry extract or a partner's list, with
 * its source, date and expiry. The internal list (numbers an agent, a manager or a consumer's request put there) has
 * no row: it is list 0 of dnc_numbers. The compliance module owns both tables (server/compliance/dncLists.ts).
 */
export const dncLists = pgTable("dnc_lists", {
  id: serial("id").primaryKey(),
  tenantId: tenantRef(),
  name: text("name").notNull(),
  /** registry | partner */
  kind: text("kind").notNull(),
  /** Where the list came from ("National DNC Registry, area codes 212 and 646", a partner's name). */
  source: text("source").notNull(),
  createdAt: ts("created_at").notNull(),
  /** After it the list's numbers no longer count (a registry extract is refreshed every 31 days); null: never. */
  expiresAt: ts("expires_at"),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
});

/** The internal list's id in dnc_numbers.list_id. */
export const INTERNAL_DNC_LIST = 0;

export const dncNumbers = pgTable(
  "dnc_numbers",
  {
    tenantId: tenantRef(),
    /** The list the number is on: 0 the internal list, else dnc_lists.id (its rows go with it). */
    listId: integer("list_id").notNull().default(0),
    /** National digits, as leads.phone holds them. */
    phone: text("phone").notNull(),
    addedAt: ts("added_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    /** disposition (an agent recorded Do Not Call), manual (added on the list's page), consumer (the person asked), import */
    source: text("source").notNull(),
    /** Why, in the words of whoever added it. */
    reason: text("reason"),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    agentId: integer("agent_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.listId, t.phone] }),
    // The gate and the dialer ask "is this number on any list": one probe whatever the number of lists.
    index("dnc_numbers_phone_idx").on(t.tenantId, t.phone),
  ],
);

/**
 * Leads a plugin keeps from the dialer (issue 36: a paused list): the pool leaves a held lead out, and "Why this
 * lead?" names the hold. The leads module owns the table; plugins hold and release through ctx.leads.
 */
export const leadHolds = pgTable(
  "lead_holds",
  {
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    /** Who holds it: "<plugin id>:<its key>" (lead-lists:12). */
    holder: text("holder").notNull(),
    /** What "Why this lead?" says holds it (the list's name). */
    label: text("label").notNull(),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.holder] }), index("lead_holds_holder_idx").on(t.holder)],
);

/**
 * Live transfers (agent-workspace §4 Live transfer): a qualifier's lead offered to advisors, one row per
 * attempt. At most one open attempt per lead (seeking, offered or accepted), which the partial unique index
 * enforces; the accept is one conditional update, so two advisors accepting at once cannot both win.
 */
export const liveTransfers = pgTable(
  "live_transfers",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantRef(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    qualifierId: userRef("qualifier_id", "cascade"),
    /** The qualifier's call with the lead (calls.id). */
    callId: integer("call_id").references(() => calls.id, { onDelete: "set null" }),
    notes: text("notes").notNull().default(""),
    team: text("team").notNull().default("advisors"),
    /** seeking (no advisor has it yet) | accepted (an advisor took it, rung in) | completed | canceled | failed */
    state: text("state").notNull(),
    /** canceled / failed: why (a TransferOutcome: canceled, lead_hung_up, party_hung_up, no_answer…). */
    outcome: text("outcome"),
    advisorId: integer("advisor_id").references(() => users.id, { onDelete: "set null" }),
    /** The advisor's own call with the lead, once accepted. */
    advisorCallId: integer("advisor_call_id").references(() => calls.id, { onDelete: "set null" }),
    /** Advisors offered the lead so far (ids). */
    offeredTo: jsonb("offered_to").$type<number[]>().notNull().default([]),
    createdAt: ts("created_at").notNull(),
    acceptedAt: ts("accepted_at"),
    endedAt: ts("ended_at"),
  },
  (t) => [
    uniqueIndex("live_transfers_open_lead_uq")
      .on(t.leadId)
      .where(sql`${t.state} in ('seeking', 'accepted')`),
    index("live_transfers_advisor_idx").on(t.advisorId, t.acceptedAt),
    // The floor's transfers sent today per qualifier, read on every refresh.
    index("live_transfers_qualifier_idx").on(t.qualifierId, t.createdAt),
  ],
);

/**
 * Manager notifications (admin-and-sign-in §2, §3, §7: POST /notifications), owned by modules/notifications.
 * One row per notification sent; who it reaches is fixed when it is sent (notification_recipients).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantRef(),
    senderId: userRef("sender_id", "cascade"),
    message: text("message").notNull(),
    /** success | warning | error */
    type: text("type").notNull(),
    dismissible: boolean("dismissible").notNull(),
    expires: boolean("expires").notNull(),
    /** Seconds the alert shows when it expires; null when it does not expire. */
    timeout: integer("timeout"),
    /** tenant: every agent of the call centre; team: the sender's team (users.manager_id), teamMembersOnly. */
    scope: text("scope").notNull(),
    createdAt: ts("created_at").notNull(),
    /** created_at + timeout when it expires; null: it waits until each agent confirms it. */
    expiresAt: ts("expires_at"),
  },
  (t) => [index("notifications_tenant_idx").on(t.tenantId, t.createdAt)],
);

/** The agents a notification was sent to, and what each did with it (the read receipt). */
export const notificationRecipients = pgTable(
  "notification_recipients",
  {
    notificationId: integer("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    userId: userRef("user_id", "cascade"),
    /** confirmed | dismissed once the agent did; null while it waits. */
    answer: text("answer"),
    answeredAt: ts("answered_at"),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.userId] }),
    index("notification_recipients_waiting_idx")
      .on(t.userId)
      .where(sql`${t.answeredAt} is null`),
  ],
);

// ---------------------------------------------------------------- the users area's settings

/**
 * The extensions a call centre's accounts may have (admin-and-sign-in §2 Allowed-extensions screen, §5: 3 to 6
 * digits), owned by modules/extensions: an account's extension must be one of them.
 */
export const allowedExtensions = pgTable(
  "allowed_extensions",
  {
    tenantId: tenantRef(),
    extension: text("extension").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    /** The manager who allowed it; null for the ones the migration carried over from existing accounts. */
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  // Extensions are one numbering plan on the PBX (server/modules/ownership): one call centre allows each.
  (t) => [primaryKey({ columns: [t.tenantId, t.extension] }), uniqueIndex("allowed_extensions_extension_uq").on(t.extension)],
);

/**
 * Attribute groups (admin-and-sign-in §3): a named set of attributes and agents with the group's transfer
 * settings, owned by the settings module (/settings/attribute-groups). did and the auto-forward fields are
 * read-only in the manager's form.
 */
export const attributeGroups = pgTable(
  "attribute_groups",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantRef(),
    name: text("name").notNull(),
    shortName: text("short_name").notNull(),
    did: text("did"),
    provider: text("provider"),
    transferScore: integer("transfer_score").notNull().default(0),
    hasInternalAutoForward: boolean("has_internal_auto_forward").notNull().default(false),
    /** Seconds. */
    autoForwardInternalDelay: integer("auto_forward_internal_delay").notNull().default(0),
    hasExternalAutoForward: boolean("has_external_auto_forward").notNull().default(false),
    /** Seconds. */
    autoForwardExternalDelay: integer("auto_forward_external_delay").notNull().default(0),
  },
  (t) => [index("attribute_groups_tenant_idx").on(t.tenantId)],
);

export const attributeGroupUsers = pgTable(
  "attribute_group_users",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => attributeGroups.id, { onDelete: "cascade" }),
    userId: userRef("user_id", "cascade"),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);

export const attributeGroupAttributes = pgTable(
  "attribute_group_attributes",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => attributeGroups.id, { onDelete: "cascade" }),
    attributeId: integer("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.attributeId] })],
);
