-- Issue 19: a delivery address names who receives the parcel, so the invoice,
-- label, courier booking and SMS stop saying "Customer". Addresses saved before
-- keep '' (the checkout asks for a name before using one). Orders need no
-- column: their address snapshots (jsonb) carry "name", and customer_name gets
-- the recipient's name for web orders. Numbered 0015 because branch auth adds
-- 0014; the journal's "when" keeps it after that one.
ALTER TABLE "addresses" ADD COLUMN "name" text DEFAULT '' NOT NULL;
