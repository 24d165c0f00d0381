-- Issue 42: an entry names its target in Bangla too (a product's, category's, sub-category's or promotion's Bangla
-- name), so the Owner's log on a Bangla page reads the name the shop shows there. '' for entries written before, and
-- for targets without a Bangla name (an order's number, an e-mail): the page shows target_label then. Adding a
-- column with a constant default rewrites no row, so the append-only trigger (0020) is not asked.
ALTER TABLE "audit_log" ADD COLUMN "target_label_bn" text DEFAULT '' NOT NULL;
