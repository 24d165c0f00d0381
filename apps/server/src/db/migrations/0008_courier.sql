-- Courier bookings and their status history (issue 13, decision 0032).
-- One shipment per order: the primary key is what refuses a second booking.
CREATE TABLE "shipments" (
	"order_id" text PRIMARY KEY NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"provider" text NOT NULL,
	"consignment_id" text NOT NULL,
	"tracking_code" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"stage" text NOT NULL,
	"final" boolean DEFAULT false NOT NULL,
	"polled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_consignment_key" ON "shipments" ("provider", "consignment_id");
--> statement-breakpoint
-- The poll's queue: parcels still travelling, least recently asked first.
CREATE INDEX "shipments_open_idx" ON "shipments" ("polled_at") WHERE NOT "final";
--> statement-breakpoint
CREATE TABLE "courier_events" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"stage" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A webhook the courier sends again, or a poll that reads what a webhook already told, adds nothing.
CREATE UNIQUE INDEX "courier_events_once" ON "courier_events" ("order_id", "status", "at", "message");
