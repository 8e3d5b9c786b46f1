-- Two writers of one lead's calls take turns on the lead's row (FOR NO KEY UPDATE, what the dial's own update of
-- the lead takes anyway) instead of an advisory lock per lead: a transaction holds at most a few thousand advisory
-- locks (max_locks_per_transaction × connections), so one statement writing calls for more leads than that, as
-- bench/reports' sample of 15,000 leads did, failed with "out of shared memory"; a row's lock is kept in the row.
-- The lead's own key is not locked, so the foreign keys' checks of other calls and dispositions do not wait.
CREATE OR REPLACE FUNCTION report_first_dial_sync(lead integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  was report_lead_first_dials;
  t integer;
  camp integer;
  pfx text;
  first timestamptz;
  d date;
BEGIN
  IF lead IS NULL THEN RETURN; END IF;
  PERFORM 1 FROM leads WHERE id = lead FOR NO KEY UPDATE;
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
$$;
