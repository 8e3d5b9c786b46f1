CREATE TABLE "report_centre_grants" (
	"user_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"granted_by" integer,
	"granted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_centre_grants_user_id_tenant_id_pk" PRIMARY KEY("user_id","tenant_id")
);
--> statement-breakpoint
ALTER TABLE "report_centre_grants" ADD CONSTRAINT "report_centre_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_centre_grants" ADD CONSTRAINT "report_centre_grants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_centre_grants" ADD CONSTRAINT "report_centre_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_centre_grants_tenant_idx" ON "report_centre_grants" USING btree ("tenant_id");