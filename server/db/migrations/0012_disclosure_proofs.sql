CREATE TABLE "disclosure_proofs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"call_id" integer NOT NULL,
	"lead_id" integer,
	"agent_id" integer NOT NULL,
	"carrier" text NOT NULL,
	"wording" text NOT NULL,
	"language" text NOT NULL,
	"steps" jsonb NOT NULL,
	"completed" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "disclosure_proofs" ADD CONSTRAINT "disclosure_proofs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disclosure_proofs" ADD CONSTRAINT "disclosure_proofs_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disclosure_proofs" ADD CONSTRAINT "disclosure_proofs_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disclosure_proofs" ADD CONSTRAINT "disclosure_proofs_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disclosure_proofs_call_idx" ON "disclosure_proofs" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "disclosure_proofs_lead_idx" ON "disclosure_proofs" USING btree ("lead_id");