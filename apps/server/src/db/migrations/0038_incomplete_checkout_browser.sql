-- Issue 41, decision 0092: an incomplete checkout is keyed by its mobile and the browser that sent it ('' for a
-- client that names none), so a stranger typing the same mobile cannot overwrite a shopper's cart; the address it
-- came from is kept for the per-address cap.
ALTER TABLE "incomplete_checkouts" ADD COLUMN "browser_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "incomplete_checkouts" ADD COLUMN "client_ip" text;--> statement-breakpoint
DROP INDEX "incomplete_checkouts_phone_key";--> statement-breakpoint
CREATE UNIQUE INDEX "incomplete_checkouts_phone_browser_key" ON "incomplete_checkouts" USING btree ("phone","browser_id");--> statement-breakpoint
CREATE INDEX "incomplete_checkouts_ip_idx" ON "incomplete_checkouts" USING btree ("client_ip");
