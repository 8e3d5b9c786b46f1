-- A lead's arrival is counted once per statement, not once per row: a list import's batch inserts 1,000 leads in one
-- statement, and a row trigger upserting report_campaign_days for each of them took its insert from about 50 to
-- 127 ms (bench/lead-import). The arrivals are summed per day, campaign, prefix and shard from the statement's new
-- rows; a lead's update or deletion (rare: a manager's edit, a list's undialled leads removed) stays a row trigger.
DROP TRIGGER report_campaign_leads ON leads;--> statement-breakpoint
CREATE TRIGGER report_campaign_leads AFTER UPDATE OR DELETE ON leads FOR EACH ROW EXECUTE FUNCTION report_campaign_leads_trigger();--> statement-breakpoint
CREATE FUNCTION report_campaign_leads_arrived() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_campaign_days AS r (tenant_id, day, campaign_id, prefix, shard, leads)
  SELECT tenant_id, report_hour(tenant_id, created_at)::date, coalesce(campaign_id, 0), coalesce(prefix, ''),
         16 + id % 16, count(*)::int
    FROM arrived
   GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (tenant_id, day, campaign_id, prefix, shard) DO UPDATE SET leads = r.leads + excluded.leads;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER report_campaign_leads_arrived AFTER INSERT ON leads REFERENCING NEW TABLE AS arrived
  FOR EACH STATEMENT EXECUTE FUNCTION report_campaign_leads_arrived();
