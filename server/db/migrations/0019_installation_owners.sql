-- A dialled number and an extension belong to one call centre of the installation (server/modules/ownership).
-- Rows that already break that cannot be settled by order (the lowest tenant id used to win a DID): the
-- migration stops and names the values, so an operator deletes the row of the call centre that does not own it.
DO $$
DECLARE clash text;
BEGIN
  SELECT string_agg(did, ', ') INTO clash FROM (SELECT did FROM "retreaver_mappings" GROUP BY did HAVING count(*) > 1) d;
  IF clash IS NOT NULL THEN
    RAISE EXCEPTION 'DIDs mapped by more than one call centre (retreaver_mappings): %. Delete the mapping of the call centre that does not own each, then start again.', clash;
  END IF;
  SELECT string_agg(inbound_did, ', ') INTO clash FROM (SELECT inbound_did FROM "tenants" WHERE inbound_did IS NOT NULL GROUP BY inbound_did HAVING count(*) > 1) d;
  IF clash IS NOT NULL THEN
    RAISE EXCEPTION 'Inbound numbers of more than one call centre (tenants.inbound_did): %. Clear it on the call centre that does not own each, then start again.', clash;
  END IF;
  SELECT string_agg(t.inbound_did, ', ') INTO clash FROM "tenants" t JOIN "retreaver_mappings" m ON t.inbound_did = '+1' || m.did AND m.tenant_id <> t.id;
  IF clash IS NOT NULL THEN
    RAISE EXCEPTION 'Numbers that are one call centre''s inbound number and another''s call-tracking DID: %. Remove the one that is not the owner''s, then start again.', clash;
  END IF;
  SELECT string_agg(extension, ', ') INTO clash FROM (SELECT extension FROM "allowed_extensions" GROUP BY extension HAVING count(*) > 1) d;
  IF clash IS NOT NULL THEN
    RAISE EXCEPTION 'Extensions allowed in more than one call centre (allowed_extensions): %. Delete the row of the call centre that does not own each, then start again.', clash;
  END IF;
END $$;--> statement-breakpoint
DROP INDEX "retreaver_mappings_did_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "allowed_extensions_extension_uq" ON "allowed_extensions" USING btree ("extension");--> statement-breakpoint
CREATE UNIQUE INDEX "retreaver_mappings_did_uq" ON "retreaver_mappings" USING btree ("did");--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_inbound_did_uq" ON "tenants" USING btree ("inbound_did");
