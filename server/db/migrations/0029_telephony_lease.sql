CREATE TABLE "telephony_leases" (
	"pbx" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"holder_name" text NOT NULL,
	"term" integer NOT NULL,
	"acquired_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
