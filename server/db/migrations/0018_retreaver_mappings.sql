CREATE TABLE "retreaver_mappings" (
	"tenant_id" integer NOT NULL,
	"did" text NOT NULL,
	"prefix" text NOT NULL,
	"duplicate_checker" boolean DEFAULT true NOT NULL,
	"short_calls" boolean DEFAULT false NOT NULL,
	CONSTRAINT "retreaver_mappings_tenant_id_did_pk" PRIMARY KEY("tenant_id","did")
);
--> statement-breakpoint
ALTER TABLE "retreaver_mappings" ADD CONSTRAINT "retreaver_mappings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retreaver_mappings_did_idx" ON "retreaver_mappings" USING btree ("did");