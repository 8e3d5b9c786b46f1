CREATE TABLE "report_agent_days" (
	"tenant_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"day" date NOT NULL,
	"dials" integer DEFAULT 0 NOT NULL,
	"inbound" integer DEFAULT 0 NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	"talk_seconds" integer DEFAULT 0 NOT NULL,
	"transfers_sent" integer DEFAULT 0 NOT NULL,
	"transfers_taken" integer DEFAULT 0 NOT NULL,
	"overstays" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_agent_days_agent_id_day_pk" PRIMARY KEY("agent_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_disposition_days" (
	"tenant_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"day" date NOT NULL,
	"disposition" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_disposition_days_agent_id_day_disposition_pk" PRIMARY KEY("agent_id","day","disposition")
);
--> statement-breakpoint
CREATE TABLE "report_status_days" (
	"tenant_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "report_status_days_agent_id_day_status_pk" PRIMARY KEY("agent_id","day","status")
);
--> statement-breakpoint
ALTER TABLE "report_agent_days" ADD CONSTRAINT "report_agent_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_disposition_days" ADD CONSTRAINT "report_disposition_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_status_days" ADD CONSTRAINT "report_status_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_agent_days_tenant_idx" ON "report_agent_days" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "report_disposition_days_tenant_idx" ON "report_disposition_days" USING btree ("tenant_id","day");--> statement-breakpoint
CREATE INDEX "report_status_days_tenant_idx" ON "report_status_days" USING btree ("tenant_id","day");--> statement-breakpoint
-- The day rollups follow the hour rollups: each change of an hour row (the triggers of 0000_reports.sql insert
-- it or add to it) adds its difference to the row of its local day. An hour row's key never changes.
CREATE FUNCTION report_agent_days_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n report_agent_hours := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  o report_agent_hours := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD END;
BEGIN
  IF TG_OP = 'DELETE' THEN
    n.dials := 0; n.inbound := 0; n.contacts := 0; n.talk_seconds := 0; n.transfers_sent := 0; n.transfers_taken := 0; n.overstays := 0;
  END IF;
  INSERT INTO report_agent_days AS r
    (tenant_id, agent_id, day, dials, inbound, contacts, talk_seconds, transfers_sent, transfers_taken, overstays)
  VALUES (n.tenant_id, n.agent_id, n.hour::date,
    n.dials - coalesce(o.dials, 0), n.inbound - coalesce(o.inbound, 0), n.contacts - coalesce(o.contacts, 0),
    n.talk_seconds - coalesce(o.talk_seconds, 0), n.transfers_sent - coalesce(o.transfers_sent, 0),
    n.transfers_taken - coalesce(o.transfers_taken, 0), n.overstays - coalesce(o.overstays, 0))
  ON CONFLICT (agent_id, day) DO UPDATE SET
    dials = r.dials + excluded.dials,
    inbound = r.inbound + excluded.inbound,
    contacts = r.contacts + excluded.contacts,
    talk_seconds = r.talk_seconds + excluded.talk_seconds,
    transfers_sent = r.transfers_sent + excluded.transfers_sent,
    transfers_taken = r.transfers_taken + excluded.transfers_taken,
    overstays = r.overstays + excluded.overstays;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER report_agent_days AFTER INSERT OR UPDATE OR DELETE ON report_agent_hours FOR EACH ROW EXECUTE FUNCTION report_agent_days_trigger();--> statement-breakpoint
CREATE FUNCTION report_status_days_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r report_status_hours := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  delta double precision := CASE TG_OP WHEN 'INSERT' THEN NEW.seconds WHEN 'UPDATE' THEN NEW.seconds - OLD.seconds ELSE -OLD.seconds END;
BEGIN
  INSERT INTO report_status_days AS d (tenant_id, agent_id, day, status, seconds)
  VALUES (r.tenant_id, r.agent_id, r.hour::date, r.status, delta)
  ON CONFLICT (agent_id, day, status) DO UPDATE SET seconds = d.seconds + excluded.seconds;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER report_status_days AFTER INSERT OR UPDATE OR DELETE ON report_status_hours FOR EACH ROW EXECUTE FUNCTION report_status_days_trigger();--> statement-breakpoint
CREATE FUNCTION report_disposition_days_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r report_disposition_hours := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  delta integer := CASE TG_OP WHEN 'INSERT' THEN NEW.n WHEN 'UPDATE' THEN NEW.n - OLD.n ELSE -OLD.n END;
BEGIN
  INSERT INTO report_disposition_days AS d (tenant_id, agent_id, day, disposition, n)
  VALUES (r.tenant_id, r.agent_id, r.hour::date, r.disposition, delta)
  ON CONFLICT (agent_id, day, disposition) DO UPDATE SET n = d.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER report_disposition_days AFTER INSERT OR UPDATE OR DELETE ON report_disposition_hours FOR EACH ROW EXECUTE FUNCTION report_disposition_days_trigger();--> statement-breakpoint
-- The hours rolled up so far, once.
INSERT INTO report_agent_days
  (tenant_id, agent_id, day, dials, inbound, contacts, talk_seconds, transfers_sent, transfers_taken, overstays)
SELECT tenant_id, agent_id, hour::date, sum(dials), sum(inbound), sum(contacts), sum(talk_seconds), sum(transfers_sent),
       sum(transfers_taken), sum(overstays)
  FROM report_agent_hours GROUP BY tenant_id, agent_id, hour::date;--> statement-breakpoint
INSERT INTO report_status_days (tenant_id, agent_id, day, status, seconds)
SELECT tenant_id, agent_id, hour::date, status, sum(seconds) FROM report_status_hours GROUP BY tenant_id, agent_id, hour::date, status;--> statement-breakpoint
INSERT INTO report_disposition_days (tenant_id, agent_id, day, disposition, n)
SELECT tenant_id, agent_id, hour::date, disposition, sum(n) FROM report_disposition_hours GROUP BY tenant_id, agent_id, hour::date, disposition;
