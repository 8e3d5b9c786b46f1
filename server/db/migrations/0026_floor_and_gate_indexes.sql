CREATE INDEX "calls_pbx_call_idx" ON "calls" USING btree ("pbx_call_id");--> statement-breakpoint
CREATE INDEX "calls_tenant_started_idx" ON "calls" USING btree ("tenant_id","started_at");--> statement-breakpoint
CREATE INDEX "calls_open_idx" ON "calls" USING btree ("started_at") WHERE "calls"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "dispositions_tenant_created_idx" ON "dispositions" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "live_transfers_qualifier_idx" ON "live_transfers" USING btree ("qualifier_id","created_at");