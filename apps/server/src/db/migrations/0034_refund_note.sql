-- The owner's reason for closing a refund owed (no payment arrived under the typed id, decision 0081) gets its own
-- column: last_error is for bKash's words. Closed refunds written before keep their reason, moved here.
ALTER TABLE "refunds" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "refunds" SET "note" = "last_error", "last_error" = '' WHERE "state" = 'void';
