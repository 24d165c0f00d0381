import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { AUDIT_KEEP_DAYS, AUDIT_NAME_KEYS, AUDIT_PAGE_SIZE, type AuditAction, type AuditEntry, type AuditKind, type AuditPerson, type AuditQuery } from '@haat/shared/schemas/audit';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { Actor } from '../../lib/auth';
import { newId } from '../../lib/ids';

/**
 * The audit log (issue 28, decision 0065). A service records a change with
 * `record(tx, actor, change)` inside the transaction that makes it, so a
 * request that fails records nothing and an entry always names a change that
 * happened. Only the fields that changed are kept, before and after; a field
 * that looks like a secret is never kept.
 */

type Fields = Record<string, unknown>;

export interface AuditChange {
  kind: AuditKind;
  action: AuditAction;
  targetId: string;
  /** What a person reads for the target: a name, an order's number, an e-mail. */
  label?: string;
  /** The target's Bangla name, where it has one (a product, category, sub-category or promotion; issue 42). */
  labelBn?: string;
  /** The target's fields before (null or left out for a create). */
  before?: Fields | null;
  /** The target's fields after (null or left out for a delete). */
  after?: Fields | null;
}

/** Never stored, whatever a caller passes: passwords, their hashes, tokens, secrets, keys. */
const SECRET = /password|hash|token|secret|api_?key/i;

const withoutSecrets = (fields: Fields | null | undefined): Fields | null =>
  fields ? Object.fromEntries(Object.entries(fields).filter(([k, v]) => !SECRET.test(k) && v !== undefined)) : null;

/** Line endings do not count: a browser sends a textarea's lines as \r\n, the seed and the CSV keep \n (issue 42). */
const oneLineEnding = (_key: string, v: unknown) => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n') : v);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null, oneLineEnding) === JSON.stringify(b ?? null, oneLineEnding);
const isFields = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Of two views of a target, only the fields whose values differ; null when nothing changed.
 * A field that is an object on both sides (a product's variants by id, more_details) keeps
 * only its entries that changed, and so on down: one variant's price and stock, not the
 * whole list (issue 42). An entry that changed keeps its name (AUDIT_NAME_KEYS) beside
 * what changed, so a person reads which one it was.
 */
export function changedFields(before: Fields, after: Fields, nested = false): { before: Fields; after: Fields } | null {
  const was: Fields = {};
  const now: Fields = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [b, a] = [before[k], after[k]];
    if (same(b, a)) continue;
    if (isFields(b) && isFields(a)) {
      const inner = changedFields(b, a, true);
      if (!inner) continue; // the same entries in another order
      [was[k], now[k]] = [inner.before, inner.after];
    } else [was[k], now[k]] = [b ?? null, a ?? null];
  }
  if (Object.keys(was).length === 0) return null;
  if (nested) {
    for (const k of AUDIT_NAME_KEYS) {
      if (before[k] !== undefined) was[k] = before[k];
      if (after[k] !== undefined) now[k] = after[k];
    }
  }
  return { before: was, after: now };
}

/** The row of a change, or null when an edit changed nothing (no entry then). */
function rowOf(actor: Actor, change: AuditChange) {
  let before = withoutSecrets(change.before);
  let after = withoutSecrets(change.after);
  if (before && after) {
    const diff = changedFields(before, after);
    if (!diff) return null;
    ({ before, after } = diff);
  }
  return {
    id: newId(),
    actorId: actor.id,
    // A snapshot: the entry keeps the name the person had, whatever happens to the account later.
    actorName: sql`coalesce((select name from users where id = ${actor.id}), '')`,
    actorEmail: actor.email ?? '',
    actorRole: actor.role,
    ip: actor.ip,
    kind: change.kind,
    action: change.action,
    targetId: change.targetId,
    targetLabel: change.label ?? '',
    targetLabelBn: change.labelBn ?? '',
    before,
    after,
  };
}

/** Records one change inside the caller's transaction; an edit that changed no field records nothing. */
export async function record(tx: DbOrTx, actor: Actor, change: AuditChange): Promise<void> {
  const row = rowOf(actor, change);
  if (row) await tx.insert(auditLog).values(row);
}

/** Records many changes at once (a CSV import's rows), in batches well under PostgreSQL's parameter cap. */
export async function recordMany(tx: DbOrTx, actor: Actor, changes: AuditChange[]): Promise<void> {
  const rows = changes.flatMap((c) => rowOf(actor, c) ?? []);
  for (let i = 0; i < rows.length; i += 500) await tx.insert(auditLog).values(rows.slice(i, i + 500));
}

/** Dhaka is UTC+6 all year: a Dhaka day starts at 18:00 UTC the day before. */
const dhakaMidnight = (day: string) => new Date(`${day}T00:00:00+06:00`);
const DAY_MS = 24 * 60 * 60_000;

function filters(q: AuditQuery): SQL | undefined {
  return and(
    q.person ? eq(auditLog.actorId, q.person) : undefined,
    q.kind ? eq(auditLog.kind, q.kind) : undefined,
    q.from ? gte(auditLog.at, dhakaMidnight(q.from)) : undefined,
    q.to ? lt(auditLog.at, new Date(dhakaMidnight(q.to).getTime() + DAY_MS)) : undefined,
  );
}

type AuditRow = typeof auditLog.$inferSelect;

function entryOf(r: AuditRow): AuditEntry {
  return {
    _id: r.id,
    at: r.at.toISOString(),
    actor: { _id: r.actorId, name: r.actorName, email: r.actorEmail, role: r.actorRole as AuditEntry['actor']['role'] },
    ip: r.ip,
    kind: r.kind as AuditKind,
    action: r.action as AuditAction,
    target_id: r.targetId,
    target_label: r.targetLabel,
    target_label_bn: r.targetLabelBn,
    before: r.before ?? null,
    after: r.after ?? null,
  };
}

/** GET /audit: a page of entries, newest first, with their count and everyone the log names. */
export async function auditPage(db: DbOrTx, q: AuditQuery): Promise<{ entries: AuditEntry[]; total: number; people: AuditPerson[] }> {
  const where = filters(q);
  const [rows, [total], people] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((q.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(where),
    // The latest name and e-mail each person was recorded with.
    db
      .selectDistinctOn([auditLog.actorId], { _id: auditLog.actorId, name: auditLog.actorName, email: auditLog.actorEmail })
      .from(auditLog)
      .orderBy(auditLog.actorId, desc(auditLog.at)),
  ]);
  return { entries: rows.map(entryOf), total: total?.n ?? 0, people: people.sort((a, b) => a.name.localeCompare(b.name)) };
}

/**
 * Retention: entries are kept at least a year; those older than AUDIT_KEEP_DAYS
 * (400) go. The database's trigger allows no other delete, and measures the
 * age by the same now(), so this is the one delete that passes.
 */
export async function pruneAuditLog(db: DbOrTx): Promise<number> {
  const gone = await db
    .delete(auditLog)
    .where(lt(auditLog.at, sql`now() - make_interval(days => ${AUDIT_KEEP_DAYS})`))
    .returning({ id: auditLog.id });
  return gone.length;
}
