CREATE TABLE "report_agent_hours" (
	"tenant_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"hour" timestamp NOT NULL,
	"dials" integer DEFAULT 0 NOT NULL,
	"inbound" integer DEFAULT 0 NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	"talk_seconds" integer DEFAULT 0 NOT NULL,
	"transfers_sent" integer DEFAULT 0 NOT NULL,
	"transfers_taken" integer DEFAULT 0 NOT NULL,
	"overstays" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_agent_hours_agent_id_hour_pk" PRIMARY KEY("agent_id","hour")
);
--> statement-breakpoint
CREATE TABLE "report_disposition_hours" (
	"tenant_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"hour" timestamp NOT NULL,
	"disposition" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_disposition_hours_agent_id_hour_disposition_pk" PRIMARY KEY("agent_id","hour","disposition")
);
--> statement-breakpoint
CREATE TABLE "report_status_hours" (
	"tenant_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"hour" timestamp NOT NULL,
	"status" text NOT NULL,
	"seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "report_status_hours_agent_id_hour_status_pk" PRIMARY KEY("agent_id","hour","status")
);
--> statement-breakpoint
ALTER TABLE "report_agent_hours" ADD CONSTRAINT "report_agent_hours_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_disposition_hours" ADD CONSTRAINT "report_disposition_hours_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_status_hours" ADD CONSTRAINT "report_status_hours_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_agent_hours_tenant_idx" ON "report_agent_hours" USING btree ("tenant_id","hour");--> statement-breakpoint
CREATE INDEX "report_disposition_hours_tenant_idx" ON "report_disposition_hours" USING btree ("tenant_id","hour");--> statement-breakpoint
CREATE INDEX "report_status_hours_tenant_idx" ON "report_status_hours" USING btree ("tenant_id","hour");--> statement-breakpoint
-- The rollups are kept by the write path: each function below adds a core row's share to the plugin's tables
-- (sign 1) or takes it back (sign -1); the triggers call them in the transaction that writes the row.
-- The start of the local hour of an instant, in the call centre's time zone.
CREATE FUNCTION report_hour(tenant integer, t timestamptz) RETURNS timestamp LANGUAGE sql STABLE AS $$
  SELECT date_trunc('hour', t AT TIME ZONE coalesce((SELECT timezone FROM tenants WHERE id = tenant), 'UTC'))
$$;--> statement-breakpoint
CREATE FUNCTION report_add_agent_hour(
  tenant integer, agent integer, h timestamp,
  d_dials integer, d_inbound integer, d_contacts integer, d_talk integer,
  d_sent integer, d_taken integer, d_overstays integer
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_agent_hours AS r
    (tenant_id, agent_id, hour, dials, inbound, contacts, talk_seconds, transfers_sent, transfers_taken, overstays)
  VALUES (tenant, agent, h, d_dials, d_inbound, d_contacts, d_talk, d_sent, d_taken, d_overstays)
  ON CONFLICT (agent_id, hour) DO UPDATE SET
    dials = r.dials + excluded.dials,
    inbound = r.inbound + excluded.inbound,
    contacts = r.contacts + excluded.contacts,
    talk_seconds = r.talk_seconds + excluded.talk_seconds,
    transfers_sent = r.transfers_sent + excluded.transfers_sent,
    transfers_taken = r.transfers_taken + excluded.transfers_taken,
    overstays = r.overstays + excluded.overstays
$$;--> statement-breakpoint
-- A call: a dial (outgoing) or an inbound call, a contact when a person answered (no machine by the PBX's verdict),
-- its talk seconds; all by the hour it started.
CREATE FUNCTION report_call_share(c calls, sign integer) RETURNS void LANGUAGE sql AS $$
  SELECT report_add_agent_hour(
    c.tenant_id, c.agent_id, report_hour(c.tenant_id, c.started_at),
    sign * (c.direction = 0)::int,
    sign * (c.direction = 1)::int,
    sign * (c.answered_at IS NOT NULL AND c.amd_verdict IS DISTINCT FROM 'AMD-Machine-Vm-WA')::int,
    sign * coalesce(c.duration, 0),
    0, 0, 0)
$$;--> statement-breakpoint
CREATE FUNCTION report_calls_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.agent_id, OLD.tenant_id, OLD.started_at, OLD.direction, OLD.answered_at, OLD.amd_verdict, OLD.duration)
     IS NOT DISTINCT FROM (NEW.agent_id, NEW.tenant_id, NEW.started_at, NEW.direction, NEW.answered_at, NEW.amd_verdict, NEW.duration) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM report_call_share(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM report_call_share(NEW, 1); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER report_calls AFTER INSERT OR UPDATE OR DELETE ON calls FOR EACH ROW EXECUTE FUNCTION report_calls_trigger();--> statement-breakpoint
-- A disposition, by the hour it was given.
CREATE FUNCTION report_disposition_share(d dispositions, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_disposition_hours AS r (tenant_id, agent_id, hour, disposition, n)
  VALUES (d.tenant_id, d.agent_id, report_hour(d.tenant_id, d.created_at), d.disposition, sign)
  ON CONFLICT (agent_id, hour, disposition) DO UPDATE SET n = r.n + excluded.n
$$;--> statement-breakpoint
CREATE FUNCTION report_dispositions_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.agent_id, OLD.tenant_id, OLD.created_at, OLD.disposition)
     IS NOT DISTINCT FROM (NEW.agent_id, NEW.tenant_id, NEW.created_at, NEW.disposition) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM report_disposition_share(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM report_disposition_share(NEW, 1); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER report_dispositions AFTER INSERT OR UPDATE OR DELETE ON dispositions FOR EACH ROW EXECUTE FUNCTION report_dispositions_trigger();--> statement-breakpoint
-- A status period [t0, t1), split among the local hours it covers. A local hour's end is found in local time and
-- turned back into an instant, so a day with a daylight-saving change still adds up.
CREATE FUNCTION report_status_period(tenant integer, agent integer, st text, t0 timestamptz, t1 timestamptz, sign integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := coalesce((SELECT timezone FROM tenants WHERE id = tenant), 'UTC');
  h timestamp;
  upto timestamptz;
BEGIN
  WHILE t0 < t1 LOOP
    h := date_trunc('hour', t0 AT TIME ZONE tz);
    upto := least(t1, (h + interval '1 hour') AT TIME ZONE tz);
    IF upto <= t0 THEN upto := least(t1, t0 + interval '1 hour'); END IF;
    INSERT INTO report_status_hours AS r (tenant_id, agent_id, hour, status, seconds)
    VALUES (tenant, agent, h, st, sign * extract(epoch FROM upto - t0))
    ON CONFLICT (agent_id, hour, status) DO UPDATE SET seconds = r.seconds + excluded.seconds;
    t0 := upto;
  END LOOP;
END
$$;--> statement-breakpoint
-- A status change ends the period of its from_status, which began at the agent's previous change. The trail is
-- written once and never changed (a user's rows go only with the user), so only inserts count.
CREATE FUNCTION report_status_changes_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  began timestamptz;
BEGIN
  IF NEW.from_status IS NULL THEN RETURN NULL; END IF;
  SELECT at INTO began FROM agent_status_changes
   WHERE user_id = NEW.user_id AND (at, id) < (NEW.at, NEW.id)
   ORDER BY at DESC, id DESC LIMIT 1;
  IF began IS NOT NULL THEN
    PERFORM report_status_period(NEW.tenant_id, NEW.user_id, NEW.from_status, began, NEW.at, 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER report_status_changes AFTER INSERT ON agent_status_changes FOR EACH ROW EXECUTE FUNCTION report_status_changes_trigger();--> statement-breakpoint
-- An overstay, by the hour it began.
CREATE FUNCTION report_overstays_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.user_id, OLD.tenant_id, OLD.started_at) IS NOT DISTINCT FROM (NEW.user_id, NEW.tenant_id, NEW.started_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM report_add_agent_hour(OLD.tenant_id, OLD.user_id, report_hour(OLD.tenant_id, OLD.started_at), 0, 0, 0, 0, 0, 0, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM report_add_agent_hour(NEW.tenant_id, NEW.user_id, report_hour(NEW.tenant_id, NEW.started_at), 0, 0, 0, 0, 0, 0, 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER report_overstays AFTER INSERT OR UPDATE OR DELETE ON overstays FOR EACH ROW EXECUTE FUNCTION report_overstays_trigger();--> statement-breakpoint
-- A completed live transfer: sent by its qualifier (the hour it was asked), taken by its advisor (the hour accepted).
CREATE FUNCTION report_transfer_share(t live_transfers, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF t.state <> 'completed' THEN RETURN; END IF;
  PERFORM report_add_agent_hour(t.tenant_id, t.qualifier_id, report_hour(t.tenant_id, t.created_at), 0, 0, 0, 0, sign, 0, 0);
  IF t.advisor_id IS NOT NULL THEN
    PERFORM report_add_agent_hour(t.tenant_id, t.advisor_id, report_hour(t.tenant_id, coalesce(t.accepted_at, t.created_at)), 0, 0, 0, 0, 0, sign, 0);
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION report_transfers_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.state, OLD.qualifier_id, OLD.advisor_id, OLD.created_at, OLD.accepted_at)
     IS NOT DISTINCT FROM (NEW.state, NEW.qualifier_id, NEW.advisor_id, NEW.created_at, NEW.accepted_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM report_transfer_share(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM report_transfer_share(NEW, 1); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER report_transfers AFTER INSERT OR UPDATE OR DELETE ON live_transfers FOR EACH ROW EXECUTE FUNCTION report_transfers_trigger();--> statement-breakpoint
-- What the call centre did before the plugin came: its history, rolled up once.
SELECT report_call_share(c, 1) FROM calls c;--> statement-breakpoint
SELECT report_disposition_share(d, 1) FROM dispositions d;--> statement-breakpoint
SELECT report_transfer_share(t, 1) FROM live_transfers t;--> statement-breakpoint
SELECT report_add_agent_hour(o.tenant_id, o.user_id, report_hour(o.tenant_id, o.started_at), 0, 0, 0, 0, 0, 0, 1) FROM overstays o;--> statement-breakpoint
SELECT report_status_period(p.tenant_id, p.user_id, p.from_status, p.began, p.at, 1)
  FROM (SELECT tenant_id, user_id, from_status, at, lag(at) OVER (PARTITION BY user_id ORDER BY at, id) AS began
          FROM agent_status_changes) p
 WHERE p.from_status IS NOT NULL AND p.began IS NOT NULL;
