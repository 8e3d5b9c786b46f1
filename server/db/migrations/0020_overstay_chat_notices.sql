ALTER TABLE "overstays" ADD COLUMN "chat_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "overstays" ADD COLUMN "chat_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "overstays" ADD COLUMN "chat_trying_at" timestamp with time zone;