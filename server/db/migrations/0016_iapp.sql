CREATE TABLE "iapp_demo_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_key" text NOT NULL,
	"reference" text NOT NULL,
	"destination" text NOT NULL,
	"application" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "iapp_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"destination" text NOT NULL,
	"agent_id" integer NOT NULL,
	"qualified_by" integer NOT NULL,
	"state" text NOT NULL,
	"request_key" text NOT NULL,
	"reference" text,
	"url" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "iapp_sends" ADD CONSTRAINT "iapp_sends_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iapp_sends" ADD CONSTRAINT "iapp_sends_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iapp_sends" ADD CONSTRAINT "iapp_sends_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iapp_sends" ADD CONSTRAINT "iapp_sends_qualified_by_users_id_fk" FOREIGN KEY ("qualified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "iapp_demo_applications_key_uq" ON "iapp_demo_applications" USING btree ("request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "iapp_demo_applications_reference_uq" ON "iapp_demo_applications" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "iapp_demo_applications_received_idx" ON "iapp_demo_applications" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "iapp_sends_lead_destination_uq" ON "iapp_sends" USING btree ("lead_id","destination");