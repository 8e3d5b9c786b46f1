CREATE TABLE "booking_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"draft" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ioas" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"address" text NOT NULL,
	"postal" text,
	"mga" text,
	"outcome" integer NOT NULL,
	"answers_at" timestamp with time zone NOT NULL,
	"canceled_at" timestamp with time zone,
	"assigned_meeting_crm_id" text,
	"lead_crm_id" text,
	"marketing_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"booked_by" integer NOT NULL,
	"advisor_id" integer,
	"crm_id" text NOT NULL,
	"type" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"force" boolean NOT NULL,
	"ioa" text NOT NULL,
	"reasons" jsonb NOT NULL,
	"reason_other" text NOT NULL,
	"refused" boolean NOT NULL,
	"refusal_reasons" jsonb NOT NULL,
	"refusal_reason_other" text NOT NULL,
	"same_address" boolean NOT NULL,
	"is_sun_life" boolean NOT NULL,
	"address" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_drafts" ADD CONSTRAINT "booking_drafts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_drafts" ADD CONSTRAINT "booking_drafts_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_drafts" ADD CONSTRAINT "booking_drafts_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ioas" ADD CONSTRAINT "ioas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ioas" ADD CONSTRAINT "ioas_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_advisor_id_users_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_drafts_lead_agent_uq" ON "booking_drafts" USING btree ("lead_id","agent_id");--> statement-breakpoint
CREATE INDEX "ioas_agent_idx" ON "ioas" USING btree ("agent_id") WHERE "ioas"."canceled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_crm_id_uq" ON "meetings" USING btree ("tenant_id","crm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_lead_uq" ON "meetings" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "meetings_advisor_idx" ON "meetings" USING btree ("advisor_id","starts_at");