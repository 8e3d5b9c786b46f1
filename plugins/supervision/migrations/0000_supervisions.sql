CREATE TABLE "supervision_settings" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"agents_see_supervision" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supervisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"manager_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"call_id" integer NOT NULL,
	"leg_id" text NOT NULL,
	"pbx_call_id" text NOT NULL,
	"agent_leg_id" text NOT NULL,
	"state" text NOT NULL,
	"modes" jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
ALTER TABLE "supervision_settings" ADD CONSTRAINT "supervision_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervisions" ADD CONSTRAINT "supervisions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervisions" ADD CONSTRAINT "supervisions_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervisions" ADD CONSTRAINT "supervisions_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervisions" ADD CONSTRAINT "supervisions_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supervisions_tenant_started" ON "supervisions" USING btree ("tenant_id","started_at");--> statement-breakpoint
CREATE INDEX "supervisions_leg" ON "supervisions" USING btree ("leg_id");--> statement-breakpoint
CREATE INDEX "supervisions_manager_state" ON "supervisions" USING btree ("manager_id","state");