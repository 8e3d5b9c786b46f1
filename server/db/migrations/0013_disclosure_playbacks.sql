CREATE TABLE "disclosure_playbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"call_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"media" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"end" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "disclosure_playbacks" ADD CONSTRAINT "disclosure_playbacks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disclosure_playbacks" ADD CONSTRAINT "disclosure_playbacks_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disclosure_playbacks" ADD CONSTRAINT "disclosure_playbacks_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disclosure_playbacks_call_idx" ON "disclosure_playbacks" USING btree ("call_id");