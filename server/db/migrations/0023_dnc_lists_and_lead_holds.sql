CREATE TABLE "dnc_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "lead_holds" (
	"lead_id" integer NOT NULL,
	"holder" text NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "lead_holds_lead_id_holder_pk" PRIMARY KEY("lead_id","holder")
);
--> statement-breakpoint
ALTER TABLE "dnc_numbers" DROP CONSTRAINT "dnc_numbers_tenant_id_phone_pk";--> statement-breakpoint
ALTER TABLE "dnc_numbers" ADD COLUMN "list_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dnc_numbers" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "dnc_numbers" ADD CONSTRAINT "dnc_numbers_tenant_id_list_id_phone_pk" PRIMARY KEY("tenant_id","list_id","phone");--> statement-breakpoint
ALTER TABLE "dnc_lists" ADD CONSTRAINT "dnc_lists_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dnc_lists" ADD CONSTRAINT "dnc_lists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_holds" ADD CONSTRAINT "lead_holds_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_holds_holder_idx" ON "lead_holds" USING btree ("holder");--> statement-breakpoint
CREATE INDEX "dnc_numbers_phone_idx" ON "dnc_numbers" USING btree ("tenant_id","phone");