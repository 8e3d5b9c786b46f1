CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" integer NOT NULL,
	"body" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_route_pk" PRIMARY KEY("user_id","key","route")
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "cause" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "inbound_did" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "inbound_alert_extension" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;