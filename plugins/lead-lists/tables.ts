// The plugin's own tables (issue 36): the call centre's lead lists (one per import, one per publisher) and which
// list brought each lead; the publishers' API keys; the imports as background jobs with their uploaded file, their
// progress and the rows they refused; the column mappings remembered per file layout; the intake setting. Every
// import's state is here, so any gateway instance resumes a job another one left. After a change:
// npm run db:generate:plugin lead-lists.
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { leadCampaigns, leads, tenantRef, ts, users } from "../../server/sdk/tables";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => Buffer.from(v),
});

/** A list of leads: an import's, or a publisher's (all the leads its key posted). */
export const leadLists = pgTable(
  "lead_lists",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantRef(),
    name: text("name").notNull(),
    /** import | publisher */
    kind: text("kind").notNull(),
    /** The campaign its leads went to when the manager chose one; null: each lead's prefix decided. */
    campaignId: integer("campaign_id").references(() => leadCampaigns.id, { onDelete: "set null" }),
    /** Paused: its leads are held from the dialer (ctx.leads.hold under "list:<id>"). */
    paused: boolean("paused").notNull().default(false),
    createdAt: ts("created_at").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("lead_lists_tenant_idx").on(t.tenantId, t.createdAt)],
);

/** Which list brought each lead (the first that did: a duplicate updated later stays in its list). */
export const leadListMembers = pgTable(
  "lead_list_members",
  {
    leadId: integer("lead_id")
      .primaryKey()
      .references(() => leads.id, { onDelete: "cascade" }),
    listId: integer("list_id")
      .notNull()
      .references(() => leadLists.id, { onDelete: "cascade" }),
  },
  (t) => [index("lead_list_members_list_idx").on(t.listId)],
);

/** A publisher's API key: shown once, kept as its SHA-256; scoped to one call centre and its allowed prefixes. */
export const publisherKeys = pgTable(
  "publisher_keys",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantRef(),
    name: text("name").notNull(),
    /** The key's first characters, shown to tell keys apart ("pk_live_3f9a…"). */
    keyStart: text("key_start").notNull(),
    keyHash: text("key_hash").notNull(),
    /** Marketing-id prefixes the key may post (upper case); at least one. */
    prefixes: jsonb("prefixes").$type<string[]>().notNull(),
    /** The publisher's list: every lead the key posted. */
    listId: integer("list_id")
      .notNull()
      .references(() => leadLists.id),
    /** Posts a minute the key may make before 429. */
    perMinute: integer("per_minute").notNull().default(120),
    createdAt: ts("created_at").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [uniqueIndex("publisher_keys_hash_uq").on(t.keyHash), index("publisher_keys_tenant_idx").on(t.tenantId)],
);

/** Posts per key and minute: the rate limit every gateway instance shares. */
export const publisherKeyMinutes = pgTable(
  "publisher_key_minutes",
  {
    keyId: integer("key_id")
      .notNull()
      .references(() => publisherKeys.id, { onDelete: "cascade" }),
    /** The minute (epoch minutes). */
    minute: integer("minute").notNull(),
    posts: integer("posts").notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.minute] })],
);

/**
 * An import: its uploaded file (in lead_import_chunks), the mapping and the campaign chosen, its dry run, and
 * the job's progress. A job runs on the instance that holds its lease (`leaseUntil`, renewed every batch); a
 * lease that lapsed (the instance died) lets another one take the job and resume after `rowsDone`.
 */
export const leadImports = pgTable(
  "lead_imports",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantRef(),
    fileName: text("file_name").notNull(),
    fileBytes: integer("file_bytes").notNull(),
    /** What the reader found: {encoding, bom, delimiter}. */
    sniffed: jsonb("sniffed").$type<Record<string, unknown>>().notNull(),
    columns: jsonb("columns").$type<string[]>().notNull(),
    /** The first rows as read, shown under the mapping. */
    preview: jsonb("preview").$type<string[][]>().notNull(),
    layoutKey: text("layout_key").notNull(),
    /** The lead field → column mapping the manager confirmed. */
    mapping: jsonb("mapping").$type<Record<string, unknown>>().notNull(),
    /** The mapping came from an earlier import of this layout (else it was guessed from the names). */
    mappingRemembered: boolean("mapping_remembered").notNull(),
    campaignId: integer("campaign_id").references(() => leadCampaigns.id, { onDelete: "set null" }),
    /** uploading | uploaded | checking | checked | queued | running | done | cancelled | failed */
    state: text("state").notNull(),
    /** The dry run's counts by outcome (and the reasons of the invalid rows), once checked. */
    dryRun: jsonb("dry_run").$type<Record<string, unknown>>(),
    /** The list the rows go to (made when the import starts). */
    listId: integer("list_id").references(() => leadLists.id, { onDelete: "set null" }),
    /** Data rows in the file (counted by the dry run), for the progress bar. */
    rowsTotal: integer("rows_total"),
    /** Data rows read and settled (written or refused), committed with them: the job resumes after these. */
    rowsDone: integer("rows_done").notNull().default(0),
    counts: jsonb("counts").$type<Record<string, number>>().notNull().default({}),
    leaseOwner: text("lease_owner"),
    leaseUntil: ts("lease_until"),
    error: text("error"),
    createdAt: ts("created_at").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
  },
  (t) => [index("lead_imports_tenant_idx").on(t.tenantId, t.createdAt), index("lead_imports_state_idx").on(t.state)],
);

/** The uploaded file, in 1 MiB pieces: every instance can read it, and a restart does not lose it. */
export const leadImportChunks = pgTable(
  "lead_import_chunks",
  {
    importId: integer("import_id")
      .notNull()
      .references(() => leadImports.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
);

/** The rows an import refused, with why: the report's downloadable CSV. */
export const leadImportRefusals = pgTable(
  "lead_import_refusals",
  {
    importId: integer("import_id")
      .notNull()
      .references(() => leadImports.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    outcome: text("outcome").notNull(),
    reason: text("reason").notNull(),
    fields: jsonb("fields").$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] })],
);

/** The mapping a manager chose for a file layout, offered again for the next file of that layout. */
export const leadImportLayouts = pgTable(
  "lead_import_layouts",
  {
    tenantId: tenantRef(),
    layoutKey: text("layout_key").notNull(),
    mapping: jsonb("mapping").$type<Record<string, unknown>>().notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.layoutKey] })],
);

/** The call centre's intake setting: the duplicate window and what a duplicate does. */
export const leadIntakeSettings = pgTable("lead_intake_settings", {
  tenantId: tenantRef().primaryKey(),
  duplicateWindowDays: integer("duplicate_window_days").notNull(),
  onDuplicate: text("on_duplicate").notNull(),
});

