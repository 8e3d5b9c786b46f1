ALTER TABLE "users" ADD COLUMN "home_postal" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_latitude" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_longitude" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mga" text;