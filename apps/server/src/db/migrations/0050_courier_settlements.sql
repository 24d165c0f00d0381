-- Issue 44, first half (decision 0112): couriers' payouts reconciled against the shop's delivered parcels.
-- A payout is one batch of money a courier paid (Steadfast's payment, pulled by the settlements.pull job, or a
-- statement file the owner uploaded); its lines are the parcels it paid for, amounts in paisa as the courier
-- sent them (Steadfast's 1 % COD fee has decimals). The rate card is what the shop agreed with each courier per
-- zone, so a charge above it shows as an overcharge. A resolution is the owner's word on one parcel's exception.
CREATE TABLE "courier_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"source" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"amount_paisa" bigint NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "courier_payouts_reference_key" ON "courier_payouts" USING btree ("provider", "reference");
--> statement-breakpoint
CREATE INDEX "courier_payouts_paid_idx" ON "courier_payouts" USING btree ("paid_at");
--> statement-breakpoint
CREATE TABLE "courier_payout_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"payout_id" text NOT NULL REFERENCES "courier_payouts"("id") ON DELETE CASCADE,
	"provider" text NOT NULL,
	"consignment_id" text NOT NULL,
	"invoice" text DEFAULT '' NOT NULL,
	"cod_collected_paisa" bigint NOT NULL,
	"delivery_charge_paisa" bigint NOT NULL,
	"cod_fee_paisa" bigint NOT NULL,
	"paid_paisa" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "courier_payout_lines_payout_idx" ON "courier_payout_lines" USING btree ("payout_id");
--> statement-breakpoint
CREATE INDEX "courier_payout_lines_consignment_idx" ON "courier_payout_lines" USING btree ("provider", "consignment_id");
--> statement-breakpoint
CREATE TABLE "courier_rates" (
	"provider" text NOT NULL,
	"zone" text NOT NULL,
	"delivery_charge" integer NOT NULL,
	"cod_fee_permille" integer NOT NULL,
	"return_charge" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_rates_pkey" PRIMARY KEY ("provider", "zone")
);
--> statement-breakpoint
CREATE TABLE "settlement_resolutions" (
	"provider" text NOT NULL,
	"consignment_id" text NOT NULL,
	"outcome" text NOT NULL,
	"note" text NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_resolutions_pkey" PRIMARY KEY ("provider", "consignment_id")
);
