import { and, asc, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { ComplaintView, ParsedComplaint } from '@haat/shared/schemas/complaint';
import { shopTerms } from '@haat/shared/shop-terms';
import type { Db, DbOrTx } from '../../db/client';
import { complaints } from '../../db/schema';
import type { Actor } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { newId } from '../../lib/ids';

/**
 * Shoppers' complaints (issue 27, decision 0077). Each is due the shop's
 * complaint hours after it was filed (the guidelines' 72); the owner's list
 * shows the open ones, the most overdue first, and marks one acted on.
 */
export const COMPLAINT_PAGE_SIZE = 20;

type Row = typeof complaints.$inferSelect;

const viewOf = (r: Row, now: Date): ComplaintView => ({
  _id: r.id,
  name: r.name,
  mobile: r.mobile,
  order_id: r.orderRef,
  text: r.body,
  createdAt: r.createdAt.toISOString(),
  dueAt: r.dueAt.toISOString(),
  actedAt: r.actedAt?.toISOString() ?? null,
  actedBy: r.actedBy,
  note: r.actionNote,
  overdue: !r.actedAt && r.dueAt < now,
});

export async function fileComplaint(db: DbOrTx, input: ParsedComplaint, now = new Date()): Promise<{ _id: string; dueAt: string }> {
  const dueAt = new Date(now.getTime() + shopTerms().complaintHours * 3_600_000);
  const [row] = await db
    .insert(complaints)
    .values({ id: newId(), name: input.name, mobile: input.mobile, orderRef: input.order_id, body: input.text, createdAt: now, dueAt })
    .returning({ id: complaints.id, dueAt: complaints.dueAt });
  return { _id: row!.id, dueAt: row!.dueAt.toISOString() };
}

export interface ComplaintPage {
  items: ComplaintView[];
  totalCount: number;
  openCount: number;
  overdueCount: number;
}

export async function listComplaints(db: DbOrTx, q: { show: 'open' | 'all'; page: number }, now = new Date()): Promise<ComplaintPage> {
  const open = isNull(complaints.actedAt);
  const where = q.show === 'open' ? open : undefined;
  const [items, [counts]] = await Promise.all([
    db
      .select()
      .from(complaints)
      .where(where)
      .orderBy(...(q.show === 'open' ? [asc(complaints.dueAt)] : [desc(complaints.createdAt)]), asc(complaints.id))
      .limit(COMPLAINT_PAGE_SIZE)
      .offset((q.page - 1) * COMPLAINT_PAGE_SIZE),
    db
      .select({
        total: count(),
        open: sql<number>`count(*) filter (where ${open})`.mapWith(Number),
        overdue: sql<number>`count(*) filter (where ${and(open, lt(complaints.dueAt, now))})`.mapWith(Number),
      })
      .from(complaints),
  ]);
  const totalCount = q.show === 'open' ? counts!.open : counts!.total;
  return { items: items.map((r) => viewOf(r, now)), totalCount, openCount: counts!.open, overdueCount: counts!.overdue };
}

/** Marks a complaint acted on (once: a second call answers it as it is). */
export async function markActed(db: Db, id: string, note: string, actor: Actor, now = new Date()): Promise<ComplaintView> {
  const [updated] = await db
    .update(complaints)
    .set({ actedAt: now, actedBy: actor.email ?? actor.id, actionNote: note })
    .where(and(eq(complaints.id, id), isNull(complaints.actedAt)))
    .returning();
  if (updated) return viewOf(updated, now);
  const [row] = await db.select().from(complaints).where(eq(complaints.id, id));
  if (!row) throw appError('COMPLAINT_NOT_FOUND');
  return viewOf(row, now);
}
