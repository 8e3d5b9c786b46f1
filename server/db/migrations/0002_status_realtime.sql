CREATE TABLE "agent_status_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"previous_duration" integer NOT NULL,
	"source" text NOT NULL,
	"actor_id" integer,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "agent_statuses" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"status" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"offset_seconds" integer DEFAULT 0 NOT NULL,
	"period_id" bigint NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "overstays" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"period_id" bigint NOT NULL,
	"status" text NOT NULL,
	"role" text NOT NULL,
	"limit_seconds" integer NOT NULL,
	"grace_seconds" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"agent_notified_at" timestamp with time zone,
	"rtv_notified_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"detected_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_status_changes" ADD CONSTRAINT "agent_status_changes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_status_changes" ADD CONSTRAINT "agent_status_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_statuses" ADD CONSTRAINT "agent_statuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_statuses" ADD CONSTRAINT "agent_statuses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overstays" ADD CONSTRAINT "overstays_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overstays" ADD CONSTRAINT "overstays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_status_changes_user_at_idx" ON "agent_status_changes" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "agent_status_changes_tenant_at_idx" ON "agent_status_changes" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "agent_statuses_tenant_idx" ON "agent_statuses" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "overstays_period_uq" ON "overstays" USING btree ("period_id");--> statement-breakpoint
CREATE INDEX "overstays_tenant_rtv_idx" ON "overstays" USING btree ("tenant_id","rtv_notified_at");