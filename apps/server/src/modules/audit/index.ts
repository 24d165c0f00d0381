/**
 * What other modules may use of the audit log (decision 0065): record a change
 * inside the transaction that makes it. A leaf: audit imports no other module,
 * so every module may import it.
 */
export { record, recordMany, type AuditChange } from './service';
