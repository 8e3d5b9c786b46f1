CREATE INDEX "calls_tenant_phone_started_idx" ON "calls" USING btree ("tenant_id","phone","started_at");--> statement-breakpoint
CREATE INDEX "calls_campaign_started_idx" ON "calls" USING btree ("campaign_id","started_at");--> statement-breakpoint
CREATE INDEX "dispositions_call_idx" ON "dispositions" USING btree ("call_id");