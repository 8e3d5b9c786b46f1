CREATE TABLE "report_agent_months" (
	"tenant_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"month" date NOT NULL,
	"dials" integer DEFAULT 0 NOT NULL,
	"inbound" integer DEFAULT 0 NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	"talk_seconds" integer DEFAULT 0 NOT NULL,
	"transfers_sent" integer DEFAULT 0 NOT NULL,
	"transfers_taken" integer DEFAULT 0 NOT NULL,
	"overstays" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_agent_months_agent_id_month_pk" PRIMARY KEY("agent_id","month")
);
--> statement-breakpoint
CREATE TABLE "report_disposition_months" (
	"tenant_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"month" date NOT NULL,
	"disposition" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_disposition_months_agent_id_month_disposition_pk" PRIMARY KEY("agent_id","month","disposition")
);
--> statement-breakpoint
CREATE TABLE "report_status_months" (
	"tenant_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"month" date NOT NULL,
	"status" text NOT NULL,
	"seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "report_status_months_agent_id_month_status_pk" PRIMARY KEY("agent_id","month","status")
);
--> statement-breakpoint
ALTER TABLE "report_agent_months" ADD CONSTRAINT "report_agent_months_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_disposition_months" ADD CONSTRAINT "report_disposition_months_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_status_months" ADD CONSTRAINT "report_status_months_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_agent_months_tenant_idx" ON "report_agent_months" USING btree ("tenant_id","month");--> statement-breakpoint
CREATE INDEX "report_disposition_months_tenant_idx" ON "report_disposition_months" USING btree ("tenant_id","month");--> statement-breakpoint
CREATE INDEX "report_status_months_tenant_idx" ON "report_status_months" USING btree ("tenant_id","month");--> statement-breakpoint
-- The month rollups follow the day rollups as those follow the hours (0001_day_rollups.sql): each change of a day
-- row adds its difference to the row of its local month. A day row's key never changes.
CREATE FUNCTION report_agent_months_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n report_agent_days := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  o report_agent_days := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD END;
BEGIN
  IF TG_OP = 'DELETE' THEN
    n.dials := 0; n.inbound := 0; n.contacts := 0; n.talk_seconds := 0; n.transfers_sent := 0; n.transfers_taken := 0; n.overstays := 0;
  END IF;
  INSERT INTO report_agent_months AS r
    (tenant_id, agent_id, month, dials, inbound, contacts, talk_seconds, transfers_sent, transfers_taken, overstays)
  VALUES (n.tenant_id, n.agent_id, date_trunc('month', n.day)::date,
    n.dials - coalesce(o.dials, 0), n.inbound - coalesce(o.inbound, 0), n.contacts - coalesce(o.contacts, 0),
    n.talk_seconds - coalesce(o.talk_seconds, 0), n.transfers_sent - coalesce(o.transfers_sent, 0),
    n.transfers_taken - coalesce(o.transfers_taken, 0), n.overstays - coalesce(o.overstays, 0))
  ON CONFLICT (agent_id, month) DO UPDATE SET
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
CREATE TRIGGER report_agent_months AFTER INSERT OR UPDATE OR DELETE ON report_agent_days FOR EACH ROW EXECUTE FUNCTION report_agent_months_trigger();--> statement-breakpoint
CREATE FUNCTION report_status_months_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r report_status_days := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  delta double precision := CASE TG_OP WHEN 'INSERT' THEN NEW.seconds WHEN 'UPDATE' THEN NEW.seconds - OLD.seconds ELSE -OLD.seconds END;
BEGIN
  INSERT INTO report_status_months AS m (tenant_id, agent_id, month, status, seconds)
  VALUES (r.tenant_id, r.agent_id, date_trunc('month', r.day)::date, r.status, delta)
  ON CONFLICT (agent_id, month, status) DO UPDATE SET seconds = m.seconds + excluded.seconds;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER report_status_months AFTER INSERT OR UPDATE OR DELETE ON report_status_days FOR EACH ROW EXECUTE FUNCTION report_status_months_trigger();--> statement-breakpoint
CREATE FUNCTION report_disposition_months_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r report_disposition_days := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  delta integer := CASE TG_OP WHEN 'INSERT' THEN NEW.n WHEN 'UPDATE' THEN NEW.n - OLD.n ELSE -OLD.n END;
BEGIN
  INSERT INTO report_disposition_months AS m (tenant_id, agent_id, month, disposition, n)
  VALUES (r.tenant_id, r.agent_id, date_trunc('month', r.day)::date, r.disposition, delta)
  ON CONFLICT (agent_id, month, disposition) DO UPDATE SET n = m.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER report_disposition_months AFTER INSERT OR UPDATE OR DELETE ON report_disposition_days FOR EACH ROW EXECUTE FUNCTION report_disposition_months_trigger();--> statement-breakpoint
-- The days rolled up so far, once.
INSERT INTO report_agent_months
  (tenant_id, agent_id, month, dials, inbound, contacts, talk_seconds, transfers_sent, transfers_taken, overstays)
SELECT tenant_id, agent_id, date_trunc('month', day)::date, sum(dials), sum(inbound), sum(contacts), sum(talk_seconds),
       sum(transfers_sent), sum(transfers_taken), sum(overstays)
  FROM report_agent_days GROUP BY tenant_id, agent_id, date_trunc('month', day)::date;--> statement-breakpoint
INSERT INTO report_status_months (tenant_id, agent_id, month, status, seconds)
SELECT tenant_id, agent_id, date_trunc('month', day)::date, status, sum(seconds)
  FROM report_status_days GROUP BY tenant_id, agent_id, date_trunc('month', day)::date, status;--> statement-breakpoint
INSERT INTO report_disposition_months (tenant_id, agent_id, month, disposition, n)
SELECT tenant_id, agent_id, date_trunc('month', day)::date, disposition, sum(n)
  FROM report_disposition_days GROUP BY tenant_id, agent_id, date_trunc('month', day)::date, disposition;
