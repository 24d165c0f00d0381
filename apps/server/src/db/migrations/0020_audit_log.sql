-- Issue 28 (decision 0065): the audit log. One row per change a staff member
-- made: when, who (the id, and their name, e-mail and role as they were), from
-- where (the request's IP as the app sees it under TRUST_PROXY), what (kind,
-- action, the target's id and a label a person reads: a product's name, an
-- order's number) and only the changed fields before and after. No foreign key
-- to users: an entry outlives the account it names.
--
-- Append-only: a trigger refuses every UPDATE, and every DELETE of an entry
-- younger than 400 days, whoever asks (the app's role, psql, a bug). The only
-- delete that passes is the retention prune's, of entries kept over 400 days
-- (the issue asks for at least a year). TRUNCATE is left to the database's
-- owner (the test kit empties every table with it).
CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text NOT NULL,
	"actor_name" text DEFAULT '' NOT NULL,
	"actor_email" text DEFAULT '' NOT NULL,
	"actor_role" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"target_id" text DEFAULT '' NOT NULL,
	"target_label" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id", "at" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_kind_idx" ON "audit_log" USING btree ("kind", "at" DESC);--> statement-breakpoint
CREATE FUNCTION "haat_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND OLD."at" < now() - interval '400 days' THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "haat_audit_log_append_only"();
