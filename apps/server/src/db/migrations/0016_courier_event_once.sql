-- Courier news applied once and in order (issue 18, decision 0046).
-- A timeline entry is one courier event: the courier's word for it ('in-transit'
-- whether Pathao's webhook said 'order.in-transit' or its order info
-- 'In_Transit'; a status-less note by its text) at the courier's time. A
-- replayed webhook, or the poll reading what a webhook already told, is the same
-- event and adds nothing.
ALTER TABLE "courier_events" ADD COLUMN "event" text;
--> statement-breakpoint
UPDATE "courier_events" SET "event" = CASE
	WHEN "status" = 'tracking_update' THEN 'note:' || "message"
	WHEN "provider" = 'pathao' THEN replace(regexp_replace(lower("status"), '^order\.', ''), '_', '-')
	ELSE lower("status")
END;
--> statement-breakpoint
-- Rows the old key let in twice: the first one stays.
DELETE FROM "courier_events" e USING "courier_events" d
WHERE e."order_id" = d."order_id" AND e."event" = d."event" AND e."at" = d."at"
	AND (e."created_at", e."id") > (d."created_at", d."id");
--> statement-breakpoint
ALTER TABLE "courier_events" ALTER COLUMN "event" SET NOT NULL;
--> statement-breakpoint
DROP INDEX "courier_events_once";
--> statement-breakpoint
CREATE UNIQUE INDEX "courier_events_once" ON "courier_events" ("order_id", "event", "at");
--> statement-breakpoint
-- The courier's time of the last status applied to the parcel: an older one
-- arriving late (or replayed) must not move the parcel back.
ALTER TABLE "shipments" ADD COLUMN "event_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "shipments" s SET "event_at" = (
	SELECT max(e."at") FROM "courier_events" e
	WHERE e."order_id" = s."order_id" AND e."status" <> 'tracking_update' AND e."message" NOT LIKE 'Booked with %'
);
