-- The compliance gate's Do Not Call read (server/compliance/gate.ts) in the one statement the gate sends per dial
-- (issue 39: it was seven). The number's lock comes first, as a claim and a Do Not Call disposition take it, then
-- the earliest entry in force on any of the call centre's lists. The function is VOLATILE, so under READ COMMITTED
-- its read takes a snapshot of its own after the lock: an entry committed while the dial waited on the lock is
-- seen, as when the lock and the read were sent one after the other in a transaction. The lock is held to the end
-- of the caller's transaction (a lone statement's own).
CREATE FUNCTION dnc_entry_locked(p_tenant integer, p_phone text, p_at timestamptz)
  RETURNS TABLE (added_at timestamptz, list text) LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(p_tenant, hashtext(p_phone));
  RETURN QUERY
    SELECT n.added_at, l.name
    FROM dnc_numbers n LEFT JOIN dnc_lists l ON l.id = n.list_id
    WHERE n.tenant_id = p_tenant AND n.phone = p_phone AND n.added_at <= p_at AND n.expires_at > p_at
    ORDER BY n.added_at ASC
    LIMIT 1;
END
$$;
