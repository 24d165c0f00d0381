-- Who asked for a code (decision 0091): 'device:<id>' when the asking browser proved it had signed in with the number
-- before, else 'ip:<address>'. The re-send wait and the short window count per number and asker, so a stranger's
-- requests never hold back the owner's own device.
ALTER TABLE "mobile_codes" ADD COLUMN "asker" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "mobile_codes_asker_idx" ON "mobile_codes" USING btree ("mobile","asker","created_at");
