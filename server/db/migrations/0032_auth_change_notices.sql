-- Every gateway instance keeps the sessions it authenticates in memory (server/auth/sessionCache.ts) instead of
-- reading the session, its account and its permissions on every request. What may change a verdict announces
-- itself here, whoever writes it (a sign-out, an admin's edit, a script), on the channel 'auth_changed': 's:<id>'
-- for one session, 'u:<id>' for one account's sessions, '*' for all. PostgreSQL delivers a notice at the commit,
-- to every instance listening; a session's upkeep (last seen, generation) announces nothing.
CREATE FUNCTION auth_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', 's:' || OLD.id::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER auth_session_changed AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
        OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.fingerprint_hash IS DISTINCT FROM NEW.fingerprint_hash)
  EXECUTE FUNCTION auth_session_changed();--> statement-breakpoint
CREATE TRIGGER auth_session_deleted AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION auth_session_changed();--> statement-breakpoint
CREATE FUNCTION auth_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', 'u:' || OLD.id::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER auth_user_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.tenant_id IS DISTINCT FROM NEW.tenant_id OR OLD.role IS DISTINCT FROM NEW.role
        OR OLD.disabled IS DISTINCT FROM NEW.disabled OR OLD.deactivated IS DISTINCT FROM NEW.deactivated
        OR OLD.outbound_eligibility IS DISTINCT FROM NEW.outbound_eligibility
        OR OLD.inbound_only IS DISTINCT FROM NEW.inbound_only OR OLD.extension IS DISTINCT FROM NEW.extension
        OR OLD.has_webrtc IS DISTINCT FROM NEW.has_webrtc)
  EXECUTE FUNCTION auth_user_changed();--> statement-breakpoint
CREATE TRIGGER auth_user_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION auth_user_changed();--> statement-breakpoint
-- An account's permission attributes: a new one, one taken away or moved.
CREATE FUNCTION auth_user_attribute_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('auth_changed', 'u:' || OLD.user_id::text); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('auth_changed', 'u:' || NEW.user_id::text); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER auth_user_attribute_changed AFTER INSERT OR UPDATE OR DELETE ON user_attributes FOR EACH ROW
  EXECUTE FUNCTION auth_user_attribute_changed();--> statement-breakpoint
-- An attribute itself (its type, scope or roles) changes the permissions of everyone who holds it: rare, so all.
CREATE FUNCTION auth_attribute_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', '*');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER auth_attribute_changed AFTER UPDATE OR DELETE ON attributes FOR EACH STATEMENT
  EXECUTE FUNCTION auth_attribute_changed();
