CREATE TABLE "allowed_extensions" (
	"tenant_id" integer NOT NULL,
	"extension" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "allowed_extensions_tenant_id_extension_pk" PRIMARY KEY("tenant_id","extension")
);
--> statement-breakpoint
CREATE TABLE "attribute_group_attributes" (
	"group_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	CONSTRAINT "attribute_group_attributes_group_id_attribute_id_pk" PRIMARY KEY("group_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "attribute_group_users" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "attribute_group_users_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "attribute_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"did" text,
	"provider" text,
	"transfer_score" integer DEFAULT 0 NOT NULL,
	"has_internal_auto_forward" boolean DEFAULT false NOT NULL,
	"auto_forward_internal_delay" integer DEFAULT 0 NOT NULL,
	"has_external_auto_forward" boolean DEFAULT false NOT NULL,
	"auto_forward_external_delay" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "allowed_extensions" ADD CONSTRAINT "allowed_extensions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowed_extensions" ADD CONSTRAINT "allowed_extensions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_group_attributes" ADD CONSTRAINT "attribute_group_attributes_group_id_attribute_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."attribute_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_group_attributes" ADD CONSTRAINT "attribute_group_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_group_users" ADD CONSTRAINT "attribute_group_users_group_id_attribute_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."attribute_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_group_users" ADD CONSTRAINT "attribute_group_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_groups" ADD CONSTRAINT "attribute_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attribute_groups_tenant_idx" ON "attribute_groups" USING btree ("tenant_id");--> statement-breakpoint
-- Existing accounts keep working: their extensions (when of the allowed form, 3 to 6 digits) become allowed ones.
INSERT INTO "allowed_extensions" ("tenant_id", "extension") SELECT DISTINCT "tenant_id", "extension" FROM "users" WHERE "extension" IS NOT NULL AND "extension" ~ '^[0-9]{3,6}$';
