CREATE TABLE "live_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"qualifier_id" integer NOT NULL,
	"call_id" integer,
	"notes" text DEFAULT '' NOT NULL,
	"team" text DEFAULT 'advisors' NOT NULL,
	"state" text NOT NULL,
	"outcome" text,
	"advisor_id" integer,
	"advisor_call_id" integer,
	"offered_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "live_transfers" ADD CONSTRAINT "live_transfers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_transfers" ADD CONSTRAINT "live_transfers_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_transfers" ADD CONSTRAINT "live_transfers_qualifier_id_users_id_fk" FOREIGN KEY ("qualifier_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_transfers" ADD CONSTRAINT "live_transfers_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_transfers" ADD CONSTRAINT "live_transfers_advisor_id_users_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_transfers" ADD CONSTRAINT "live_transfers_advisor_call_id_calls_id_fk" FOREIGN KEY ("advisor_call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_transfers_open_lead_uq" ON "live_transfers" USING btree ("lead_id") WHERE "live_transfers"."state" in ('seeking', 'accepted');--> statement-breakpoint
CREATE INDEX "live_transfers_advisor_idx" ON "live_transfers" USING btree ("advisor_id","accepted_at");