ALTER TABLE "leads" ADD COLUMN "buzzer" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "address_type" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "address_valid" boolean;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "is_annuity" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "reason_other" text;