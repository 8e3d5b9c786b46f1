ALTER TABLE "leads" ADD COLUMN "cre_notes" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "keywords" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "mga" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "is_redistributed_followup" boolean DEFAULT false NOT NULL;