CREATE TABLE "report_floor_hours" (
	"tenant_id" integer NOT NULL,
	"hour" timestamp NOT NULL,
	"shard" integer NOT NULL,
	"dials" integer DEFAULT 0 NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	"agent_seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "report_floor_hours_tenant_id_hour_shard_pk" PRIMARY KEY("tenant_id","hour","shard")
);
--> statement-breakpoint
CREATE TABLE "report_campaign_days" (
	"tenant_id" integer NOT NULL,
	"day" date NOT NULL,
	"campaign_id" integer NOT NULL,
	"prefix" text NOT NULL,
	"shard" integer NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"first_dials" integer DEFAULT 0 NOT NULL,
	"dials" integer DEFAULT 0 NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	"inbound" integer DEFAULT 0 NOT NULL,
	"talk_seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_campaign_days_tenant_id_day_campaign_id_prefix_shard_pk" PRIMARY KEY("tenant_id","day","campaign_id","prefix","shard")
);
--> statement-breakpoint
CREATE TABLE "report_campaign_disposition_days" (
	"tenant_id" integer NOT NULL,
	"day" date NOT NULL,
	"campaign_id" integer NOT NULL,
	"prefix" text NOT NULL,
	"shard" integer NOT NULL,
	"disposition" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_campaign_disposition_days_tenant_id_day_campaign_id_prefix_shard_disposition_pk" PRIMARY KEY("tenant_id","day","campaign_id","prefix","shard","disposition")
);
--> statement-breakpoint
CREATE TABLE "report_lead_first_dials" (
	"lead_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"day" date NOT NULL,
	"campaign_id" integer NOT NULL,
	"prefix" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_abandon_days" (
	"tenant_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"day" date NOT NULL,
	"persons" integer DEFAULT 0 NOT NULL,
	"abandoned" integer DEFAULT 0 NOT NULL,
	"shard" integer NOT NULL,
	CONSTRAINT "report_abandon_days_tenant_id_campaign_id_day_shard_pk" PRIMARY KEY("tenant_id","campaign_id","day","shard")
);
--> statement-breakpoint
CREATE TABLE "report_dial_slots" (
	"tenant_id" integer NOT NULL,
	"prefix" text NOT NULL,
	"day" date NOT NULL,
	"slots" integer[] NOT NULL,
	"mask" integer[] NOT NULL,
	CONSTRAINT "report_dial_slots_tenant_id_day_prefix_pk" PRIMARY KEY("tenant_id","day","prefix")
);
--> statement-breakpoint
CREATE TABLE "report_dnc_dials" (
	"call_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"list_id" integer NOT NULL,
	"list_name" text,
	"added_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_by" integer,
	"name" text NOT NULL,
	"report" text NOT NULL,
	"range" text NOT NULL,
	"by" text,
	"frequency" text NOT NULL,
	"weekday" integer,
	"hour" integer NOT NULL,
	"recipients" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"run_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"last_error" text,
	"last_error_detail" text,
	"last_error_at" timestamp with time zone,
	"gave_up" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_schedules_hour_check" CHECK ("report_schedules"."hour" between 0 and 23)
);
--> statement-breakpoint
ALTER TABLE "report_floor_hours" ADD CONSTRAINT "report_floor_hours_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_campaign_days" ADD CONSTRAINT "report_campaign_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_campaign_disposition_days" ADD CONSTRAINT "report_campaign_disposition_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_lead_first_dials" ADD CONSTRAINT "report_lead_first_dials_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_abandon_days" ADD CONSTRAINT "report_abandon_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_dial_slots" ADD CONSTRAINT "report_dial_slots_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_dnc_dials" ADD CONSTRAINT "report_dnc_dials_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_dnc_dials_tenant_idx" ON "report_dnc_dials" USING btree ("tenant_id","started_at");--> statement-breakpoint
CREATE INDEX "report_schedules_tenant_idx" ON "report_schedules" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "report_schedules_due_idx" ON "report_schedules" USING btree ("next_run_at") WHERE "report_schedules"."active";--> statement-breakpoint
-- Campaigns and publishers (plugins/reports/campaigns): the triggers that keep report_campaign_days,
-- report_campaign_disposition_days and report_lead_first_dials, and the history rolled up once.
--
-- Where a row counts: a call under its own campaign (calls.campaign_id: the lead's when it was placed) and its lead's
-- prefix; a disposition under its call's campaign when given on a call, else its lead's, and its lead's prefix; a
-- lead (arrived, first dialled) under its campaign and prefix now. Each share is added when a row is written and
-- taken back when it changes or goes; when a lead's prefix or campaign changes, the trigger on leads moves the
-- shares of its calls and dispositions that depend on it, and when a call's campaign changes, the trigger on calls
-- moves its dispositions': the rollups always equal what the rows say now.
CREATE FUNCTION report_campaign_add(
  tenant integer, d date, campaign integer, pfx text, shard integer,
  d_leads integer, d_first integer, d_dials integer, d_contacts integer, d_inbound integer, d_talk integer
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_campaign_days AS r
    (tenant_id, day, campaign_id, prefix, shard, leads, first_dials, dials, contacts, inbound, talk_seconds)
  VALUES (tenant, d, coalesce(campaign, 0), coalesce(pfx, ''), shard, d_leads, d_first, d_dials, d_contacts, d_inbound, d_talk)
  ON CONFLICT (tenant_id, day, campaign_id, prefix, shard) DO UPDATE SET
    leads = r.leads + excluded.leads,
    first_dials = r.first_dials + excluded.first_dials,
    dials = r.dials + excluded.dials,
    contacts = r.contacts + excluded.contacts,
    inbound = r.inbound + excluded.inbound,
    talk_seconds = r.talk_seconds + excluded.talk_seconds
$$;--> statement-breakpoint
-- A call's share under a prefix: a dial (outgoing), a contact when a person answered it (the agents' rule,
-- report_call_share: answered, and no machine by the PBX's verdict), an inbound call, its talk seconds.
CREATE FUNCTION report_campaign_call_share(c calls, pfx text, sign integer) RETURNS void LANGUAGE sql AS $$
  SELECT report_campaign_add(
    c.tenant_id, report_hour(c.tenant_id, c.started_at)::date, c.campaign_id, pfx, coalesce(c.agent_id, 0) % 16,
    0, 0,
    sign * (c.direction = 0)::int,
    sign * (c.direction = 0 AND c.answered_at IS NOT NULL AND c.amd_verdict IS DISTINCT FROM 'AMD-Machine-Vm-WA')::int,
    sign * (c.direction = 1)::int,
    sign * coalesce(c.duration, 0))
$$;--> statement-breakpoint
CREATE FUNCTION report_lead_prefix(lead integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT prefix FROM leads WHERE id = lead
$$;--> statement-breakpoint
-- A disposition's campaign: its call's when given on a call, else its lead's.
CREATE FUNCTION report_disposition_campaign(d dispositions) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN d.call_id IS NOT NULL THEN (SELECT campaign_id FROM calls WHERE id = d.call_id)
              ELSE (SELECT campaign_id FROM leads WHERE id = d.lead_id) END
$$;--> statement-breakpoint
CREATE FUNCTION report_campaign_disposition_share(d dispositions, campaign integer, pfx text, sign integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_campaign_disposition_days AS r (tenant_id, day, campaign_id, prefix, shard, disposition, n)
  VALUES (d.tenant_id, report_hour(d.tenant_id, d.created_at)::date, coalesce(campaign, 0), coalesce(pfx, ''),
          coalesce(d.agent_id, 0) % 16, d.disposition, sign)
  ON CONFLICT (tenant_id, day, campaign_id, prefix, shard, disposition) DO UPDATE SET n = r.n + excluded.n
$$;--> statement-breakpoint
-- A lead's first dial as the rows say now, against the one counted (report_lead_first_dials): when they differ, the
-- count moves. Two writers of one lead's calls take turns (an advisory lock for the transaction), so each reads what
-- the other committed.
CREATE FUNCTION report_first_dial_sync(lead integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  was report_lead_first_dials;
  t integer;
  camp integer;
  pfx text;
  first timestamptz;
  d date;
BEGIN
  IF lead IS NULL THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(1919251297, lead);
  SELECT * INTO was FROM report_lead_first_dials WHERE lead_id = lead;
  SELECT l.tenant_id, coalesce(l.campaign_id, 0), coalesce(l.prefix, ''),
         (SELECT min(c.started_at) FROM calls c WHERE c.lead_id = l.id AND c.direction = 0)
    INTO t, camp, pfx, first
    FROM leads l WHERE l.id = lead;
  IF first IS NOT NULL THEN d := report_hour(t, first)::date; END IF;
  IF was.lead_id IS NOT NULL AND first IS NOT NULL
     AND (was.tenant_id, was.day, was.campaign_id, was.prefix) = (t, d, camp, pfx) THEN
    RETURN;
  END IF;
  IF was.lead_id IS NOT NULL THEN
    PERFORM report_campaign_add(was.tenant_id, was.day, was.campaign_id, was.prefix, 32 + lead % 16, 0, -1, 0, 0, 0, 0);
    DELETE FROM report_lead_first_dials WHERE lead_id = lead;
  END IF;
  IF first IS NOT NULL THEN
    PERFORM report_campaign_add(t, d, camp, pfx, 32 + lead % 16, 0, 1, 0, 0, 0, 0);
    INSERT INTO report_lead_first_dials (lead_id, tenant_id, day, campaign_id, prefix) VALUES (lead, t, d, camp, pfx);
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION report_campaign_calls_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d dispositions;
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.tenant_id, OLD.lead_id, OLD.campaign_id, OLD.started_at, OLD.direction, OLD.answered_at, OLD.amd_verdict, OLD.duration)
     IS NOT DISTINCT FROM (NEW.tenant_id, NEW.lead_id, NEW.campaign_id, NEW.started_at, NEW.direction, NEW.answered_at, NEW.amd_verdict, NEW.duration) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM report_campaign_call_share(OLD, report_lead_prefix(OLD.lead_id), -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM report_campaign_call_share(NEW, report_lead_prefix(NEW.lead_id), 1); END IF;
  -- The first dial of the leads whose calls changed.
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (OLD.lead_id, OLD.direction, OLD.started_at) IS DISTINCT FROM (NEW.lead_id, NEW.direction, NEW.started_at)) THEN
    PERFORM report_first_dial_sync(OLD.lead_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND OLD.lead_id IS DISTINCT FROM NEW.lead_id) THEN
    PERFORM report_first_dial_sync(NEW.lead_id);
  END IF;
  -- The dispositions given on the call follow its campaign (found by their lead: dispositions_lead_idx).
  IF TG_OP = 'UPDATE' AND OLD.campaign_id IS DISTINCT FROM NEW.campaign_id THEN
    FOR d IN SELECT * FROM dispositions x WHERE x.lead_id IN (OLD.lead_id, NEW.lead_id) AND x.call_id = NEW.id LOOP
      PERFORM report_campaign_disposition_share(d, OLD.campaign_id, report_lead_prefix(d.lead_id), -1);
      PERFORM report_campaign_disposition_share(d, NEW.campaign_id, report_lead_prefix(d.lead_id), 1);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER report_campaign_calls AFTER INSERT OR UPDATE OR DELETE ON calls FOR EACH ROW EXECUTE FUNCTION report_campaign_calls_trigger();--> statement-breakpoint
CREATE FUNCTION report_campaign_dispositions_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.tenant_id, OLD.lead_id, OLD.call_id, OLD.created_at, OLD.disposition)
     IS NOT DISTINCT FROM (NEW.tenant_id, NEW.lead_id, NEW.call_id, NEW.created_at, NEW.disposition) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM report_campaign_disposition_share(OLD, report_disposition_campaign(OLD), report_lead_prefix(OLD.lead_id), -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM report_campaign_disposition_share(NEW, report_disposition_campaign(NEW), report_lead_prefix(NEW.lead_id), 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER report_campaign_dispositions AFTER INSERT OR UPDATE OR DELETE ON dispositions FOR EACH ROW EXECUTE FUNCTION report_campaign_dispositions_trigger();--> statement-breakpoint
-- A lead: arrived the day it was made, under its campaign and prefix. A change of either moves what depends on it:
-- its calls' prefix, its dispositions' prefix (and campaign when not given on a call), its first dial. The dialer's
-- writes to a lead (dials, status) touch none of these columns and are skipped at once.
CREATE FUNCTION report_campaign_leads_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c calls;
  d dispositions;
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.tenant_id, OLD.campaign_id, OLD.prefix, OLD.created_at)
     IS NOT DISTINCT FROM (NEW.tenant_id, NEW.campaign_id, NEW.prefix, NEW.created_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM report_campaign_add(OLD.tenant_id, report_hour(OLD.tenant_id, OLD.created_at)::date, OLD.campaign_id, OLD.prefix, 16 + OLD.id % 16, -1, 0, 0, 0, 0, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM report_campaign_add(NEW.tenant_id, report_hour(NEW.tenant_id, NEW.created_at)::date, NEW.campaign_id, NEW.prefix, 16 + NEW.id % 16, 1, 0, 0, 0, 0, 0);
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.prefix IS DISTINCT FROM NEW.prefix THEN
    FOR c IN SELECT * FROM calls WHERE lead_id = NEW.id LOOP
      PERFORM report_campaign_call_share(c, OLD.prefix, -1);
      PERFORM report_campaign_call_share(c, NEW.prefix, 1);
    END LOOP;
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD.prefix, OLD.campaign_id) IS DISTINCT FROM (NEW.prefix, NEW.campaign_id) THEN
    FOR d IN SELECT * FROM dispositions WHERE lead_id = NEW.id LOOP
      PERFORM report_campaign_disposition_share(d,
        CASE WHEN d.call_id IS NULL THEN OLD.campaign_id ELSE report_disposition_campaign(d) END, OLD.prefix, -1);
      PERFORM report_campaign_disposition_share(d, report_disposition_campaign(d), NEW.prefix, 1);
    END LOOP;
  END IF;
  -- Only a lead whose first dial was counted has one to move (a list's undialled leads removed at once take no lock).
  IF TG_OP IN ('UPDATE', 'DELETE') AND EXISTS (SELECT 1 FROM report_lead_first_dials WHERE lead_id = OLD.id) THEN
    PERFORM report_first_dial_sync(OLD.id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER report_campaign_leads AFTER INSERT OR UPDATE OR DELETE ON leads FOR EACH ROW EXECUTE FUNCTION report_campaign_leads_trigger();--> statement-breakpoint
-- What the call centre did before: its history, rolled up once, set by set (a row at a time would take hours on a
-- year of calls).
INSERT INTO report_lead_first_dials (lead_id, tenant_id, day, campaign_id, prefix)
SELECT l.id, l.tenant_id, report_hour(l.tenant_id, f.first)::date, coalesce(l.campaign_id, 0), coalesce(l.prefix, '')
  FROM leads l
  JOIN (SELECT lead_id, min(started_at) AS first FROM calls WHERE direction = 0 AND lead_id IS NOT NULL GROUP BY lead_id) f
    ON f.lead_id = l.id;--> statement-breakpoint
INSERT INTO report_campaign_days (tenant_id, day, campaign_id, prefix, shard, leads, first_dials, dials, contacts, inbound, talk_seconds)
SELECT tenant_id, day, campaign_id, prefix, shard, sum(leads), sum(first_dials), sum(dials), sum(contacts), sum(inbound), sum(talk)
  FROM (
    SELECT c.tenant_id, report_hour(c.tenant_id, c.started_at)::date AS day, coalesce(c.campaign_id, 0) AS campaign_id,
           coalesce(l.prefix, '') AS prefix, coalesce(c.agent_id, 0) % 16 AS shard, 0 AS leads, 0 AS first_dials, (c.direction = 0)::int AS dials,
           (c.direction = 0 AND c.answered_at IS NOT NULL AND c.amd_verdict IS DISTINCT FROM 'AMD-Machine-Vm-WA')::int AS contacts,
           (c.direction = 1)::int AS inbound, coalesce(c.duration, 0) AS talk
      FROM calls c LEFT JOIN leads l ON l.id = c.lead_id
    UNION ALL
    SELECT l.tenant_id, report_hour(l.tenant_id, l.created_at)::date, coalesce(l.campaign_id, 0), coalesce(l.prefix, ''),
           16 + l.id % 16, 1, 0, 0, 0, 0, 0
      FROM leads l
    UNION ALL
    SELECT tenant_id, day, campaign_id, prefix, 32 + lead_id % 16, 0, 1, 0, 0, 0, 0 FROM report_lead_first_dials
  ) x
 GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
INSERT INTO report_campaign_disposition_days (tenant_id, day, campaign_id, prefix, shard, disposition, n)
SELECT d.tenant_id, report_hour(d.tenant_id, d.created_at)::date,
       coalesce(CASE WHEN d.call_id IS NOT NULL THEN c.campaign_id ELSE l.campaign_id END, 0), coalesce(l.prefix, ''),
       coalesce(d.agent_id, 0) % 16, d.disposition, count(*)
  FROM dispositions d
  LEFT JOIN calls c ON c.id = d.call_id
  LEFT JOIN leads l ON l.id = d.lead_id
 GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
-- The floor's hours follow the agents' hours (dials, contacts) and status hours (logged-in seconds): each change of
-- such a row adds its difference to its hour's row of the agent's shard (agent_id % 16).
CREATE FUNCTION report_add_floor_hour(tenant integer, agent integer, h timestamp, d_dials integer, d_contacts integer, d_seconds double precision)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_floor_hours AS r (tenant_id, hour, shard, dials, contacts, agent_seconds)
  VALUES (tenant, h, agent % 16, d_dials, d_contacts, d_seconds)
  ON CONFLICT (tenant_id, hour, shard) DO UPDATE SET
    dials = r.dials + excluded.dials,
    contacts = r.contacts + excluded.contacts,
    agent_seconds = r.agent_seconds + excluded.agent_seconds
$$;--> statement-breakpoint
CREATE FUNCTION report_floor_calls_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r report_agent_hours := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  d_dials integer := CASE TG_OP WHEN 'INSERT' THEN NEW.dials WHEN 'UPDATE' THEN NEW.dials - OLD.dials ELSE -OLD.dials END;
  d_contacts integer := CASE TG_OP WHEN 'INSERT' THEN NEW.contacts WHEN 'UPDATE' THEN NEW.contacts - OLD.contacts ELSE -OLD.contacts END;
BEGIN
  IF d_dials <> 0 OR d_contacts <> 0 THEN
    PERFORM report_add_floor_hour(r.tenant_id, r.agent_id, r.hour, d_dials, d_contacts, 0);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER report_floor_calls AFTER INSERT OR UPDATE OR DELETE ON report_agent_hours FOR EACH ROW EXECUTE FUNCTION report_floor_calls_trigger();--> statement-breakpoint
CREATE FUNCTION report_floor_presence_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r report_status_hours := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  delta double precision := CASE TG_OP WHEN 'INSERT' THEN NEW.seconds WHEN 'UPDATE' THEN NEW.seconds - OLD.seconds ELSE -OLD.seconds END;
BEGIN
  IF r.status <> 'offline' AND delta <> 0 THEN
    PERFORM report_add_floor_hour(r.tenant_id, r.agent_id, r.hour, 0, 0, delta);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER report_floor_presence AFTER INSERT OR UPDATE OR DELETE ON report_status_hours FOR EACH ROW EXECUTE FUNCTION report_floor_presence_trigger();--> statement-breakpoint
-- The hours rolled up so far, once.
INSERT INTO report_floor_hours (tenant_id, hour, shard, dials, contacts, agent_seconds)
SELECT tenant_id, hour, shard, sum(dials)::int, sum(contacts)::int, sum(seconds)
  FROM (SELECT tenant_id, hour, agent_id % 16 AS shard, dials, contacts, 0::float8 AS seconds FROM report_agent_hours
        UNION ALL
        SELECT tenant_id, hour, agent_id % 16, 0, 0, seconds FROM report_status_hours WHERE status <> 'offline') x
 GROUP BY tenant_id, hour, shard;--> statement-breakpoint
-- The compliance report's rollups (issue 37, part 5: plugins/reports/compliance), kept by triggers on calls in the
-- transaction of each write. The backfill at the end rolls up what came before (the compliance test runs it again
-- from this file: keep it last).
--
-- Answered by a person: an outgoing call whose called party answered (party_answered_at; a row from before that
-- column was kept counts its bridge) and which the PBX's answering-machine detection did not call a machine.
CREATE FUNCTION report_by_person(c calls) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT c.direction = 0 AND coalesce(c.party_answered_at, c.answered_at) IS NOT NULL
     AND c.amd_verdict IS DISTINCT FROM 'AMD-Machine-Vm-WA'
$$;--> statement-breakpoint
-- Abandoned (FTC TSR 16 CFR 310.4(b)(4)(i)): answered by a person and not bridged to an agent within 2 s of the
-- party's answer (measured from the answer, not from the end of the greeting: stricter), or never bridged once the
-- call ended. A call still ringing the agent is not abandoned yet.
CREATE FUNCTION report_abandoned(c calls) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT report_by_person(c) AND CASE
    WHEN c.answered_at IS NULL THEN c.ended_at IS NOT NULL
    ELSE c.answered_at > coalesce(c.party_answered_at, c.answered_at) + interval '2 seconds'
  END
$$;--> statement-breakpoint
-- The share functions are plpgsql, whose statements' plans are kept for the session: a sql function called from a
-- trigger is planned again at every call, which doubled the cost of a call's writes (measured: 2.4 ms a call).
CREATE FUNCTION report_abandon_share(c calls, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT report_by_person(c) THEN RETURN; END IF;
  INSERT INTO report_abandon_days AS r (tenant_id, campaign_id, day, shard, persons, abandoned)
  VALUES (c.tenant_id, coalesce(c.campaign_id, 0), report_hour(c.tenant_id, c.started_at)::date, coalesce(c.agent_id, 0) % 16,
          sign, sign * report_abandoned(c)::int)
  ON CONFLICT (tenant_id, campaign_id, day, shard) DO UPDATE SET
    persons = r.persons + excluded.persons,
    abandoned = r.abandoned + excluded.abandoned;
END
$$;--> statement-breakpoint
-- A change that moves nothing (the bridge in time, the end of a bridged call) writes nothing.
CREATE FUNCTION report_abandons_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.tenant_id, OLD.campaign_id, OLD.started_at, report_by_person(OLD), report_abandoned(OLD))
     IS NOT DISTINCT FROM (NEW.tenant_id, NEW.campaign_id, NEW.started_at, report_by_person(NEW), report_abandoned(NEW)) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM report_abandon_share(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM report_abandon_share(NEW, 1); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER report_abandons AFTER INSERT OR DELETE OR UPDATE OF tenant_id, direction, campaign_id, started_at,
  party_answered_at, answered_at, ended_at, amd_verdict ON calls FOR EACH ROW EXECUTE FUNCTION report_abandons_trigger();--> statement-breakpoint
-- Where a dialled number rings is decided by its first characters once formatting is removed (the area code, or the
-- calling code outside North America) and its length: the report rebuilds a number of that shape for the gate's
-- numberRegion.
CREATE FUNCTION report_dial_prefix(phone text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT left(n, 5) || ':' || length(n) FROM (SELECT regexp_replace(phone, '[^0-9+*#]', '', 'g') AS n) x
$$;--> statement-breakpoint
-- The quarter-hour of its UTC day an instant falls in, 1–96.
CREATE FUNCTION report_dial_slot(at timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT floor(extract(epoch FROM (at AT TIME ZONE 'UTC') - date_trunc('day', at AT TIME ZONE 'UTC')) / 900)::int + 1
$$;--> statement-breakpoint
-- A dial's share of its prefix's UTC day: the quarter-hour's count, and its bit in the mask while the count is not 0.
CREATE FUNCTION report_dial_slot_share(tenant integer, phone text, at timestamptz, sign integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k integer := report_dial_slot(at);
  w integer := (k - 1) / 32 + 1;
  b integer := 1 << ((k - 1) % 32);
  fresh integer[] := array_fill(0, ARRAY[96]);
  bits integer[] := array_fill(0, ARRAY[3]);
BEGIN
  fresh[k] := sign;
  bits[w] := CASE WHEN sign > 0 THEN b ELSE 0 END;
  INSERT INTO report_dial_slots AS r (tenant_id, prefix, day, slots, mask)
  VALUES (tenant, report_dial_prefix(phone), (at AT TIME ZONE 'UTC')::date, fresh, bits)
  ON CONFLICT (tenant_id, day, prefix) DO UPDATE SET
    slots[k] = r.slots[k] + sign,
    mask[w] = CASE WHEN r.slots[k] + sign > 0 THEN r.mask[w] | b ELSE r.mask[w] & ~b END;
END
$$;--> statement-breakpoint
-- The national digits of a number, as the gate's nationalDigits and the Do Not Call lists write them.
CREATE FUNCTION report_national(phone text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN length(d) = 11 AND left(d, 1) = '1' THEN substr(d, 2) ELSE d END
    FROM (SELECT regexp_replace(phone, '\D', '', 'g') AS d) x
$$;--> statement-breakpoint
-- A dial to a number with an entry in force on any list at its start (the gate's own probe: added on or before,
-- expiring after; a removed entry is gone), the earliest such entry naming the list.
CREATE FUNCTION report_dnc_dial(c calls) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF c.direction <> 0 THEN RETURN; END IF;
  INSERT INTO report_dnc_dials (call_id, tenant_id, started_at, list_id, list_name, added_at)
  SELECT c.id, c.tenant_id, c.started_at, n.list_id, l.name, n.added_at
    FROM dnc_numbers n LEFT JOIN dnc_lists l ON l.id = n.list_id
   WHERE n.tenant_id = c.tenant_id AND n.phone = report_national(c.phone)
     AND n.added_at <= c.started_at AND n.expires_at > c.started_at
   ORDER BY n.added_at
   LIMIT 1
  ON CONFLICT (call_id) DO NOTHING;
END
$$;--> statement-breakpoint
CREATE FUNCTION report_compliance_dials_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.tenant_id, OLD.direction, OLD.phone, OLD.started_at)
     IS NOT DISTINCT FROM (NEW.tenant_id, NEW.direction, NEW.phone, NEW.started_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF OLD.direction = 0 THEN PERFORM report_dial_slot_share(OLD.tenant_id, OLD.phone, OLD.started_at, -1); END IF;
    DELETE FROM report_dnc_dials WHERE call_id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.direction = 0 THEN
    PERFORM report_dial_slot_share(NEW.tenant_id, NEW.phone, NEW.started_at, 1);
    PERFORM report_dnc_dial(NEW);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER report_compliance_dials AFTER INSERT OR DELETE OR UPDATE OF tenant_id, direction, phone, started_at
  ON calls FOR EACH ROW EXECUTE FUNCTION report_compliance_dials_trigger();--> statement-breakpoint
-- Backfill: what the call centres did before, rolled up once, set-based (the same functions as the triggers).
INSERT INTO report_abandon_days (tenant_id, campaign_id, day, shard, persons, abandoned)
SELECT c.tenant_id, coalesce(c.campaign_id, 0), report_hour(c.tenant_id, c.started_at)::date, coalesce(c.agent_id, 0) % 16,
       count(*)::int, count(*) FILTER (WHERE report_abandoned(c))::int
  FROM calls c
 WHERE report_by_person(c)
 GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO report_dial_slots (tenant_id, prefix, day, slots, mask)
SELECT tenant_id, prefix, day,
       ARRAY(SELECT coalesce((n ->> s::text)::int, 0) FROM generate_series(1, 96) s ORDER BY s),
       ARRAY(SELECT coalesce(bit_or(1 << ((k::int - 1) % 32)), 0)
               FROM generate_series(0, 2) w LEFT JOIN jsonb_object_keys(n) k ON (k::int - 1) / 32 = w
              GROUP BY w ORDER BY w)
  FROM (SELECT tenant_id, prefix, day, jsonb_object_agg(k, n) AS n
          FROM (SELECT tenant_id, report_dial_prefix(phone) AS prefix, (started_at AT TIME ZONE 'UTC')::date AS day,
                       report_dial_slot(started_at) AS k, count(*)::int AS n
                  FROM calls WHERE direction = 0
                 GROUP BY 1, 2, 3, 4) g
         GROUP BY 1, 2, 3) x;--> statement-breakpoint
INSERT INTO report_dnc_dials (call_id, tenant_id, started_at, list_id, list_name, added_at)
SELECT DISTINCT ON (c.id) c.id, c.tenant_id, c.started_at, n.list_id, l.name, n.added_at
  FROM calls c
  JOIN dnc_numbers n ON n.tenant_id = c.tenant_id AND n.phone = report_national(c.phone)
   AND n.added_at <= c.started_at AND n.expires_at > c.started_at
  LEFT JOIN dnc_lists l ON l.id = n.list_id
 WHERE c.direction = 0
 ORDER BY c.id, n.added_at;
