-- Issue 41: TRUNCATE fires no row trigger, so it passed the append-only trigger of 0020 and emptied the audit log
-- in one statement. A statement trigger refuses it, whoever asks. The test kit empties tables with DELETE under
-- session_replication_role = replica, where triggers do not fire; a production database's app role should also
-- lack the TRUNCATE privilege (docs/SECURITY.md).
CREATE FUNCTION "haat_audit_log_no_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only: TRUNCATE refused' USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "haat_audit_log_no_truncate"();
