CREATE TABLE "client_health_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"report" jsonb NOT NULL,
	"verdict" text NOT NULL,
	"reasons" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_health_reports" ADD CONSTRAINT "client_health_reports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_health_reports" ADD CONSTRAINT "client_health_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_health_reports_user_at" ON "client_health_reports" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "client_health_reports_tenant_at" ON "client_health_reports" USING btree ("tenant_id","at");