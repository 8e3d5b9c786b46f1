ALTER TABLE "dispositions" ADD COLUMN "sold" jsonb;--> statement-breakpoint
ALTER TABLE "dispositions" ADD COLUMN "exception" jsonb;