CREATE TABLE "lead_import_chunks" (
	"import_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "lead_import_chunks_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "lead_import_layouts" (
	"tenant_id" integer NOT NULL,
	"layout_key" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lead_import_layouts_tenant_id_layout_key_pk" PRIMARY KEY("tenant_id","layout_key")
);
--> statement-breakpoint
CREATE TABLE "lead_import_refusals" (
	"import_id" integer NOT NULL,
	"line" integer NOT NULL,
	"outcome" text NOT NULL,
	"reason" text NOT NULL,
	"fields" jsonb NOT NULL,
	CONSTRAINT "lead_import_refusals_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
CREATE TABLE "lead_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_bytes" integer NOT NULL,
	"sniffed" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"preview" jsonb NOT NULL,
	"layout_key" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"mapping_remembered" boolean NOT NULL,
	"campaign_id" integer,
	"state" text NOT NULL,
	"dry_run" jsonb,
	"list_id" integer,
	"rows_total" integer,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lead_intake_settings" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"duplicate_window_days" integer NOT NULL,
	"on_duplicate" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_list_members" (
	"lead_id" integer PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"campaign_id" integer,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "publisher_key_minutes" (
	"key_id" integer NOT NULL,
	"minute" integer NOT NULL,
	"posts" integer NOT NULL,
	CONSTRAINT "publisher_key_minutes_key_id_minute_pk" PRIMARY KEY("key_id","minute")
);
--> statement-breakpoint
CREATE TABLE "publisher_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"key_start" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefixes" jsonb NOT NULL,
	"list_id" integer NOT NULL,
	"per_minute" integer DEFAULT 120 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lead_import_chunks" ADD CONSTRAINT "lead_import_chunks_import_id_lead_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."lead_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_import_layouts" ADD CONSTRAINT "lead_import_layouts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_import_refusals" ADD CONSTRAINT "lead_import_refusals_import_id_lead_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."lead_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_imports" ADD CONSTRAINT "lead_imports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_imports" ADD CONSTRAINT "lead_imports_campaign_id_lead_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."lead_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_imports" ADD CONSTRAINT "lead_imports_list_id_lead_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lead_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_imports" ADD CONSTRAINT "lead_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_intake_settings" ADD CONSTRAINT "lead_intake_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_list_members" ADD CONSTRAINT "lead_list_members_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_list_members" ADD CONSTRAINT "lead_list_members_list_id_lead_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lead_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_lists" ADD CONSTRAINT "lead_lists_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_lists" ADD CONSTRAINT "lead_lists_campaign_id_lead_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."lead_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_lists" ADD CONSTRAINT "lead_lists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_key_minutes" ADD CONSTRAINT "publisher_key_minutes_key_id_publisher_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."publisher_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_keys" ADD CONSTRAINT "publisher_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_keys" ADD CONSTRAINT "publisher_keys_list_id_lead_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lead_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_keys" ADD CONSTRAINT "publisher_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_imports_tenant_idx" ON "lead_imports" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_imports_state_idx" ON "lead_imports" USING btree ("state");--> statement-breakpoint
CREATE INDEX "lead_list_members_list_idx" ON "lead_list_members" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "lead_lists_tenant_idx" ON "lead_lists" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "publisher_keys_hash_uq" ON "publisher_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "publisher_keys_tenant_idx" ON "publisher_keys" USING btree ("tenant_id");