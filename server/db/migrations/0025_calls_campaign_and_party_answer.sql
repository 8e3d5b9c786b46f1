ALTER TABLE "calls" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "party_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_campaign_id_lead_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."lead_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "calls" SET "campaign_id" = "leads"."campaign_id" FROM "leads" WHERE "leads"."id" = "calls"."lead_id";
